/**
 * The team's designers: list row (masked phone, products, load and capacity today from the order
 * plan, 30-day figures), detail (recent tickets, settlements, allocation history), and a lead
 * setting daily capacity and products.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../src/lib/time.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, integration, order, type Person, useTicketApp } from './support/tickets.js';
import { weekStartOf, shanghaiDay } from '../src/domain/calendar.js';

describe.each(dialects)('team designers (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;
  let product: number;
  let product2: number;
  let team: number;
  let lead: Person;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    shop = await firstShop(t);
    product = await createProduct(t, '名片');
    product2 = await createProduct(t, '海报');
    team = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team });
    a = await createPerson(t, { teamId: team, products: [product], capacity: 6, name: '列表甲' });
    b = await createPerson(t, { type: 2, teamId: team, products: [], capacity: 4, name: '列表乙', online: 0 });
  });

  it('lists members with masked phones, products, load and capacity today (the plan cell) and 30-day figures', async () => {
    const day = shanghaiDay(nowMs());
    const week = weekStartOf(day);
    const plan = expectEnvelope(await lead.client.post('/api/order-plans', { week_start: week }), 200).data;
    expectEnvelope(await lead.client.put(`/api/order-plans/${plan.plan_id}/cells`, { cells: [{ designer_id: a.code, day, capacity: 3 }] }), 200);
    const one = (await ingest(t, order(shop, product, { team_id: team }))).ticket;
    const two = (await ingest(t, order(shop, product, { team_id: team }))).ticket;
    expect([one.designer_id, two.designer_id]).toEqual([a.code, a.code]);
    expectEnvelope(await integration(t).post(`/api/integration/orders/${one.order_no}/status`, { event: 'completion', reason: '' }), 200);

    const body = expectEnvelope(await lead.client.get('/api/team/designers'), 200);
    expect(body.data.total).toBe(2);
    expect(body.data.items[0]).toEqual({
      designer_id: a.code,
      designer_name: '列表甲',
      phone: `${a.phone.slice(0, 3)}****${a.phone.slice(7)}`,
      designer_type: 1,
      online_ticket_status: 1,
      load_today: 2,
      capacity_today: 3,
      daily_capacity: 6,
      products: [{ product_id: product, name: '名片' }],
      open_tickets: 1,
      completed_30d: 1,
      // The completed ticket's deadline is still ahead: nothing was due yet (准时率 counts passed deadlines, as 已超时).
      on_time_rate_30d: null,
      first_pass_rate_30d: 1,
    });
    expect(body.data.items[1]).toMatchObject({ designer_id: b.code, online_ticket_status: 0, load_today: 0, capacity_today: 4, products: [], completed_30d: 0, on_time_rate_30d: null });

    const found = expectEnvelope(await lead.client.get(`/api/team/designers?keyword=${encodeURIComponent('列表乙')}`), 200);
    expect(found.data.items.map((d: { designer_id: string }) => d.designer_id)).toEqual([b.code]);
    const byCode = expectEnvelope(await lead.client.get(`/api/team/designers?keyword=${a.code}`), 200);
    expect(byCode.data.items.map((d: { designer_id: string }) => d.designer_id)).toEqual([a.code]);

    const detail = expectEnvelope(await lead.client.get(`/api/team/designers/${a.code}`), 200);
    expect(detail.data.designer_id).toBe(a.code);
    expect(detail.data.recent_tickets.map((x: { ticket_id: number }) => x.ticket_id)).toEqual([two.ticket_id, one.ticket_id]);
    expect(detail.data.history).toEqual([
      expect.objectContaining({ ticket_id: two.ticket_id, order_no: two.order_no, how: 'system', ended_at: null }),
      expect.objectContaining({ ticket_id: one.ticket_id, order_no: one.order_no, how: 'system' }),
    ]);
    expect(Array.isArray(detail.data.settlements)).toBe(true);
  });

  it('sets daily capacity and products (existing products only)', async () => {
    const body = expectEnvelope(await lead.client.put(`/api/team/designers/${b.code}`, { daily_capacity: 12, product_ids: [product2, product] }), 200);
    // This week's plan (prefilled with the old capacity) still decides today.
    expect(body.data).toMatchObject({ designer_id: b.code, daily_capacity: 12, capacity_today: 4 });
    expect(body.data.products.map((p: { product_id: number }) => p.product_id).sort()).toEqual([product, product2].sort());
    const stored = await t.db.selectFrom('designers').select('daily_capacity').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(stored.daily_capacity).toBe(12);
    expectFieldErrors(await lead.client.put(`/api/team/designers/${b.code}`, { daily_capacity: 12, product_ids: [product, 99999999] }), [['product_ids', '产品不存在']]);
    expectFieldErrors(await lead.client.put(`/api/team/designers/${b.code}`, { daily_capacity: 201, product_ids: [] }), [['daily_capacity', '每日接单上限须为0-200的整数']]);
    expectFieldErrors(await lead.client.put(`/api/team/designers/${b.code}`, { daily_capacity: 1, product_ids: [product, product] }), [['product_ids', '产品重复']]);
    const unchanged = await t.db.selectFrom('designer_products').select('product_id').where('designer_id', '=', b.id).execute();
    expect(unchanged).toHaveLength(2);
    expectFieldErrors(await lead.client.get('/api/team/designers/X1'), [['designer_id', '设计师编号格式不正确']]);
  });
});
