/**
 * The order hall (part-time designers only): the list of unassigned tickets one may grab, and the
 * grab itself: of 50 simultaneous grabs exactly one wins and nothing changes for the others (on
 * SQLite the requests serialize; on PostgreSQL they race for real).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, dialects, expectEnvelope } from './support/harness.js';
import {
  createPerson,
  createProduct,
  createTeam,
  demoPerson,
  expectConflict,
  firstShop,
  ingest,
  integration,
  openAllocations,
  order,
  type Person,
  ticketEvents,
  type TicketView,
  useTicketApp,
} from './support/tickets.js';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(dialects)('order hall (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;
  let product: number;
  let teamId: number;
  let pt2: Person;
  let pt3: Person;

  beforeAll(async () => {
    shop = await firstShop(t);
    product = await createProduct(t);
    teamId = await createTeam(t);
    pt2 = await createPerson(t, { type: 2, teamId, products: [product], capacity: 50 });
    pt3 = await createPerson(t, { type: 3, teamId: null, products: [product], capacity: 50 });
  });

  /** An unassigned ticket of `product` (no regular designer is qualified for it). */
  const hallTicket = async (extra = {}) => (await ingest(t, order(shop, product, extra))).ticket;
  const hall = async (who: Person, query = 'pageSize=100') => expectEnvelope<Page<TicketView>>(await who.client.get(`/api/order-hall/tickets?${query}`), 200).data;
  const grab = (who: Person, id: number) => who.client.post(`/api/order-hall/tickets/${id}/grab`);

  it('is for part-time designers only (403 for leads and regular designers)', async () => {
    const k = await hallTicket();
    for (const phone of [DEMO.lead, DEMO.designer]) {
      const who = await demoPerson(t, phone);
      expectEnvelope(await who.client.get('/api/order-hall/tickets'), 403);
      expectEnvelope(await grab(who, k.ticket_id), 403);
    }
    const regular = await createPerson(t, { type: 1, products: [product], online: 0 });
    expectEnvelope(await grab(regular, k.ticket_id), 403);
    expect(await openAllocations(t, k.ticket_id)).toEqual([]);
  });

  it('lists unassigned open tickets of my products, oldest first, of my team or none', async () => {
    const mine = [await hallTicket(), await hallTicket({ status: '7' }), await hallTicket({ team_id: teamId })];
    const otherTeam = await hallTicket({ team_id: await createTeam(t) });
    const closed = await hallTicket();
    await integration(t).post(`/api/integration/orders/${closed.order_no}/status`, { event: 'close' });
    const unqualified = (await ingest(t, order(shop, await createProduct(t)))).ticket;

    const ids2 = (await hall(pt2)).items.map((x) => x.ticket_id);
    for (const k of mine) expect(ids2).toContain(k.ticket_id);
    for (const k of [otherTeam, closed, unqualified]) expect(ids2).not.toContain(k.ticket_id);
    const ids3 = (await hall(pt3)).items.map((x) => x.ticket_id);
    expect(ids3).toContain(mine[0]!.ticket_id);
    expect(ids3).not.toContain(mine[2]!.ticket_id); // pt3 has no team

    const page = await hall(pt2, 'pageSize=2');
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    const created = page.items.map((x) => x.created_at as string);
    expect([...created].sort()).toEqual(created);
    expectEnvelope(await pt2.client.get('/api/order-hall/tickets?pageSize=101'), 422);

    // Not grabbable: 404 for what is not mine to see, 409 for a closed one.
    expectEnvelope(await grab(pt2, otherTeam.ticket_id), 404);
    expectEnvelope(await grab(pt2, unqualified.ticket_id), 404);
    expectEnvelope(await grab(pt2, 999_999_999), 404);
    expectConflict(await grab(pt2, closed.ticket_id), '该工单已关闭');
  });

  it('a grab assigns the ticket to me: it leaves the hall and appears in my tickets', async () => {
    const k = await hallTicket();
    const res = expectEnvelope<TicketView>(await grab(pt3, k.ticket_id), 200).data;
    expect(res).toMatchObject({ ticket_id: k.ticket_id, designer_id: pt3.code, allocation_id: expect.any(Number), started_at: expect.any(String) });
    expect((await hall(pt3)).items.map((x) => x.ticket_id)).not.toContain(k.ticket_id);
    const mine = expectEnvelope<Page<TicketView>>(await pt3.client.get('/api/tickets?pageSize=100'), 200).data;
    expect(mine.items.map((x) => x.ticket_id)).toContain(k.ticket_id);
    expectEnvelope(await pt3.client.get(`/api/tickets/${k.ticket_id}`), 200);
    const events = await ticketEvents(t, k.ticket_id);
    expect(events.at(-1)).toMatchObject({ type: 'grabbed', actor_kind: 'designer', actor_id: pt3.id });
    expectConflict(await grab(pt2, k.ticket_id), '该工单已被领取');
    expectConflict(await grab(pt3, k.ticket_id), '该工单已被领取');
  });

  it('50 part-time designers grab one ticket at once: exactly one wins, nothing changes for the others', async () => {
    const k = await hallTicket();
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => createPerson(t, { type: i % 2 ? 2 : 3, products: [product], capacity: 5 })));
    const results = await Promise.all(people.map((p) => grab(p, k.ticket_id)));
    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [people[i]!] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r.statusCode !== 200) expectConflict(r, '该工单已被领取');
    }
    const open = await openAllocations(t, k.ticket_id);
    expect(open).toEqual([expect.objectContaining({ designer_id: winners[0]!.id, how: 'hall' })]);
    expect(await t.db.selectFrom('allocations').select('id').where('ticket_id', '=', k.ticket_id).execute()).toHaveLength(1);
    const loads = await t.db
      .selectFrom('designer_loads')
      .select(['designer_id', 'assigned_today'])
      .where('designer_id', 'in', people.map((p) => p.id))
      .where('assigned_today', '>', 0)
      .execute();
    expect(loads).toEqual([{ designer_id: winners[0]!.id, assigned_today: 1 }]);
    expect((await ticketEvents(t, k.ticket_id)).filter((e) => e.type === 'grabbed')).toHaveLength(1);
    const shops = await t.db.selectFrom('designer_shops').select('designer_id').where('designer_id', 'in', people.map((p) => p.id)).execute();
    expect(shops).toEqual([{ designer_id: winners[0]!.id }]);
  });

  it('one designer grabbing the same ticket 50 times at once wins once', async () => {
    const k = await hallTicket();
    const me = await createPerson(t, { type: 2, products: [product], capacity: 100 });
    const results = await Promise.all(Array.from({ length: 50 }, () => grab(me, k.ticket_id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const load = await t.db.selectFrom('designer_loads').select('assigned_today').where('designer_id', '=', me.id).executeTakeFirstOrThrow();
    expect(load.assigned_today).toBe(1);
  });

  it('respects daily capacity', async () => {
    const me = await createPerson(t, { type: 3, products: [product], capacity: 2 });
    const ks = [await hallTicket(), await hallTicket(), await hallTicket()];
    expectEnvelope(await grab(me, ks[0]!.ticket_id), 200);
    expectEnvelope(await grab(me, ks[1]!.ticket_id), 200);
    expectConflict(await grab(me, ks[2]!.ticket_id), '今日领取已达上限（2单）');
    expect(await openAllocations(t, ks[2]!.ticket_id)).toEqual([]);
  });

  it('many designers grabbing many tickets at once: every ticket has at most one holder', async () => {
    const ks = await Promise.all(Array.from({ length: 5 }, () => hallTicket()));
    const people = await Promise.all(Array.from({ length: 10 }, () => createPerson(t, { type: 2, products: [product], capacity: 3 })));
    const results = await Promise.all(people.flatMap((p) => ks.map((k) => grab(p, k.ticket_id))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    for (const k of ks) expect(await openAllocations(t, k.ticket_id)).toHaveLength(1);
    for (const p of people) {
      const held = await t.db.selectFrom('tickets').select('id').where('designer_id', '=', p.id).execute();
      expect(held.length).toBeLessThanOrEqual(3);
    }
  });
});
