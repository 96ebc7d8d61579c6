/**
 * Multi-select filters (issue #18): the ticket list takes several shops, products and designers
 * (a lead's), as it took several statuses and markers; appeals several types and statuses;
 * deductions several sources. Each list takes them comma-joined or as a repeated query parameter;
 * a bad value is 422 naming the field. A saved view holds such a filter and counts with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedTicket, createWorld, upstreamDeduction, type World } from './support/appeals.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, ingest, order, type Person, type TicketView, useTicketApp } from './support/tickets.js';

interface Page<T> {
  items: T[];
  total: number;
}

describe.each(dialects)('multi-select list filters (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let w: World;
  let second: Person;
  let products: number[];
  let shops: number[];
  const tickets: Record<string, TicketView> = {};

  const ids = async (who: Person, query: string) => {
    const page = expectEnvelope<Page<{ ticket_id: number }>>(await who.client.get(`/api/tickets?pageSize=100&${query}`), 200).data;
    expect(page.total).toBe(page.items.length);
    return page.items.map((i) => i.ticket_id).sort((a, b) => a - b);
  };
  const sorted = (...list: TicketView[]) => list.map((x) => x.ticket_id).sort((a, b) => a - b);

  beforeAll(async () => {
    w = await createWorld(t);
    const [p2, p3] = [await createProduct(t), await createProduct(t)];
    products = [w.product, p2, p3];
    second = await createPerson(t, { type: 1, teamId: w.teamId, products: [p2], capacity: 1000 });
    const shop2 = (await t.db.insertInto('shops').values({ name: '多选测试店', platform: 'tmall' }).returning('id').executeTakeFirstOrThrow()).id;
    shops = [w.shop, shop2];
    // The world's designer holds a (shop 1, product 1) and b (shop 2, product 1); the second
    // designer c (shop 1, product 2); d (product 3) is the team's, unassigned (nobody holds p3).
    tickets.a = await assignedTicket(t, w);
    tickets.b = await assignedTicket(t, w, { shop_id: shop2 });
    tickets.c = (await ingest(t, order(w.shop, p2, { team_id: w.teamId }))).ticket;
    expect(tickets.c.designer_id).toBe(second.code);
    tickets.d = (await ingest(t, order(shop2, p3, { team_id: w.teamId }))).ticket;
    expect(tickets.d.designer_id).toBeNull();
  });

  it('tickets: several products, shops and designers, comma-joined or repeated', async () => {
    const { a, b, c, d } = tickets as Record<'a' | 'b' | 'c' | 'd', TicketView>;
    const [p1, p2, p3] = products as [number, number, number];
    const [s1, s2] = shops as [number, number];
    expect(await ids(w.lead, `product_id=${p1},${p2}`)).toEqual(sorted(a, b, c));
    expect(await ids(w.lead, `product_id=${p1}&product_id=${p3}`)).toEqual(sorted(a, b, d));
    expect(await ids(w.lead, `product_id=${p3}`)).toEqual(sorted(d));
    expect(await ids(w.lead, `shop_id=${s2}&product_id=${p1},${p2},${p3}`)).toEqual(sorted(b, d));
    expect(await ids(w.lead, `shop_id=${s1},${s2}&product_id=${p1},${p2},${p3}`)).toEqual(sorted(a, b, c, d));
    expect(await ids(w.lead, `designer_id=${w.designer.code},${second.code}`)).toEqual(sorted(a, b, c));
    expect(await ids(w.lead, `designer_id=${second.code}&designer_id=${w.designer.code}&shop_id=${s1}`)).toEqual(sorted(a, c));
    expect(await ids(w.lead, `designer_id=${second.code}`)).toEqual(sorted(c));
    // A designer sees their own tickets only, whatever designers the query names.
    expect(await ids(w.designer, `product_id=${p1},${p2},${p3}&designer_id=${second.code}`)).toEqual(sorted(a, b));
    // The export is the list's: the same filters.
    const csv = await w.lead.client.get(`/api/tickets/export?format=csv&product_id=${p2},${p3}`);
    expect(csv.statusCode).toBe(200);
    for (const x of [c, d]) expect(csv.body).toContain(x.order_no);
    for (const x of [a, b]) expect(csv.body).not.toContain(x.order_no);
  });

  it('tickets: a bad value in a list is 422 on its field', async () => {
    const [p1] = products as [number];
    expectFieldErrors(await w.lead.client.get(`/api/tickets?product_id=${p1},x`), [['product_id', '产品编号不正确']]);
    expectFieldErrors(await w.lead.client.get(`/api/tickets?shop_id=1&shop_id=0`), [['shop_id', '店铺编号不正确']]);
    expectFieldErrors(await w.lead.client.get(`/api/tickets?designer_id=${w.designer.code},D12`), [['designer_id', '设计师编号格式不正确']]);
    expectFieldErrors(await w.lead.client.get('/api/tickets?status=0,9'), [['status', '工单状态不正确']]);
    expectFieldErrors(await w.lead.client.get(`/api/tickets?product_id=${'1,'.repeat(300)}1`), [['product_id', '产品编号不正确']]);
  });

  it('appeals: several types and statuses; deductions: several sources', async () => {
    const t1 = await assignedTicket(t, w, { title: '多选申诉' });
    const t2 = await assignedTicket(t, w, { title: '多选申诉' });
    const t3 = await assignedTicket(t, w, { title: '多选申诉' });
    const fee = (ticket: TicketView) => ({ ticket_id: ticket.ticket_id, type: 'fee', reason: '改稿次数多', requested_cents: 1000 });
    const appeal = async (ticket: TicketView) => expectEnvelope<{ appeal_id: number }>(await w.designer.client.post('/api/appeals', fee(ticket)), 200).data.appeal_id;
    const [x, y] = [await appeal(t1), await appeal(t2)];
    await appeal(t3);
    expectEnvelope(await w.lead.client.post(`/api/appeals/${x}/review`, { decision: 'approve', note: '同意', approved_cents: 500 }), 200);
    expectEnvelope(await w.lead.client.post(`/api/appeals/${y}/review`, { decision: 'reject', note: '不符合' }), 200);
    const total = async (who: Person, path: string) => expectEnvelope<Page<unknown>>(await who.client.get(path), 200).data.total;
    expect(await total(w.designer, '/api/appeals?keyword=多选申诉&status=pending,approved')).toBe(2);
    expect(await total(w.designer, '/api/appeals?keyword=多选申诉&status=rejected&status=approved')).toBe(2);
    expect(await total(w.designer, '/api/appeals?keyword=多选申诉&status=pending,approved,rejected&type=fee,draft')).toBe(3);
    expect(await total(w.designer, '/api/appeals?keyword=多选申诉&type=draft,qc')).toBe(0);
    expectFieldErrors(await w.designer.client.get('/api/appeals?status=pending,nope'), [['status', '申诉状态不正确']]);
    expectFieldErrors(await w.designer.client.get('/api/appeals?type=fee&type=money'), [['type', '申诉类型不正确']]);

    const d = await assignedTicket(t, w, { title: '多选扣款' });
    await upstreamDeduction(t, d.order_no, 'qc', 100);
    await upstreamDeduction(t, d.order_no, 'after_sales', 200);
    expectEnvelope(await w.lead.client.post(`/api/tickets/${d.ticket_id}/deductions`, { amount_cents: 300, reason: '审核不通过' }), 200);
    expect(await total(w.designer, '/api/deductions?keyword=多选扣款&source=qc,review')).toBe(2);
    expect(await total(w.designer, '/api/deductions?keyword=多选扣款&source=qc&source=after_sales&source=review')).toBe(3);
    expect(await total(w.designer, '/api/deductions?keyword=多选扣款&source=after_sales')).toBe(1);
    expectFieldErrors(await w.designer.client.get('/api/deductions?source=qc,fine'), [['source', '扣款来源不正确']]);
  });

  it('a saved view holds a multi-select filter and counts with it; a bad value is refused and saves nothing', async () => {
    const [p1, p2] = products as [number, number];
    const filters = { product_id: `${p1},${p2}`, designer_id: `${w.designer.code},${second.code}` };
    const v = expectEnvelope<{ view_id: number; count: number; filters: Record<string, string> }>(
      await w.lead.client.post('/api/workbench/views', { list: 'team-orders', name: '两款产品', filters }),
      200,
    ).data;
    expect(v.filters).toEqual(filters);
    expect(v.count).toBe((await ids(w.lead, `product_id=${p1},${p2}&designer_id=${w.designer.code},${second.code}`)).length);
    expect(v.count).toBeGreaterThanOrEqual(3);
    const before = await t.db.selectFrom('saved_views').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expectFieldErrors(
      await w.lead.client.post('/api/workbench/views', { list: 'team-orders', name: '坏的', filters: { product_id: `${p1},abc` } }),
      [['filters.product_id', '产品编号不正确']],
    );
    expectFieldErrors(await w.designer.client.post('/api/workbench/views', { list: 'appeals', name: '坏的', filters: { status: 'pending,nope' } }), [
      ['filters.status', '申诉状态不正确'],
    ]);
    const after = await t.db.selectFrom('saved_views').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const appeals = expectEnvelope<{ count: number }>(
      await w.designer.client.post('/api/workbench/views', { list: 'appeals', name: '已结申诉', filters: { status: 'approved,rejected' } }),
      200,
    ).data;
    expect(appeals.count).toBe(expectEnvelope<Page<unknown>>(await w.designer.client.get('/api/appeals?status=approved,rejected'), 200).data.total);
  });
});
