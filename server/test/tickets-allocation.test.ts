/**
 * Allocation: system assignment (eligibility, fair spread, daily capacity, team routing), the
 * team lead's actions (assign 25, transfer 21, urge 20, mark abnormal 24, close 28) with their
 * timeline events and messages, and "at most one open allocation per ticket" under concurrency and
 * in the database itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import {
  createPerson,
  createProduct,
  createTeam,
  expectConflict,
  firstShop,
  ingest,
  integration,
  openAllocations,
  order,
  type Person,
  ticketEvents,
  ticketMessages,
  type TicketView,
  useTicketApp,
  CONFIRM_ALL,
} from './support/tickets.js';

describe.each(dialects)('ticket allocation (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  const holder = async (ticketId: number) =>
    (await t.db.selectFrom('tickets').select(['designer_id', 'current_allocation_id', 'team_id']).where('id', '=', ticketId).executeTakeFirstOrThrow());

  describe('system assignment', () => {
    it('spreads fairly (fewest today, then longest since the last one) and respects daily capacity', async () => {
      const product = await createProduct(t);
      const d = [
        await createPerson(t, { products: [product], capacity: 2 }),
        await createPerson(t, { products: [product], capacity: 2 }),
        await createPerson(t, { products: [product], capacity: 2 }),
      ];
      const got: (string | null)[] = [];
      for (let i = 0; i < 7; i++) got.push((await ingest(t, order(shop, product))).ticket.designer_id);
      expect(got).toEqual([d[0]!.code, d[1]!.code, d[2]!.code, d[0]!.code, d[1]!.code, d[2]!.code, null]);
      for (const p of d) {
        const msgs = await t.db.selectFrom('messages').select('message_type').where('designer_id', '=', p.id).execute();
        expect(msgs.map((m) => m.message_type)).toEqual([2, 2]);
        const load = await t.db.selectFrom('designer_loads').select('assigned_today').where('designer_id', '=', p.id).execute();
        expect(load).toEqual([{ assigned_today: 2 }]);
      }
      // A new Asia/Shanghai day frees the capacity.
      advanceClock(24 * 3600_000);
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toEqual(expect.any(String));
    });

    it('on a tie prefers the designer whose last assignment is oldest', async () => {
      const product = await createProduct(t);
      const a = await createPerson(t, { products: [product] });
      const b = await createPerson(t, { products: [product] });
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(a.code);
      advanceClock(25 * 3600_000);
      await t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', a.id).execute();
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(b.code);
      await t.db.updateTable('designers').set({ online_ticket_status: 1 }).where('id', '=', a.id).execute();
      advanceClock(25 * 3600_000);
      // Both have 0 today; a's last assignment is two days old, b's one day.
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(a.code);
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(b.code);
    });

    it('the least loaded today goes first', async () => {
      const product = await createProduct(t);
      const busy = await createPerson(t, { products: [product] });
      for (let i = 0; i < 3; i++) expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(busy.code);
      const fresh = await createPerson(t, { products: [product] });
      const next = [];
      for (let i = 0; i < 4; i++) next.push((await ingest(t, order(shop, product))).ticket.designer_id);
      expect(next).toEqual([fresh.code, fresh.code, fresh.code, busy.code]);
    });

    it('only online, active, onboarded regular designers qualified for the product', async () => {
      const product = await createProduct(t);
      await createPerson(t, { products: [product], online: 0 });
      await createPerson(t, { products: [product], active: 0 });
      await createPerson(t, { products: [product], step: 3 });
      await createPerson(t, { products: [product], type: 0 });
      await createPerson(t, { products: [product], type: 2 });
      await createPerson(t, { products: [product], type: 3 });
      await createPerson(t, { products: [product], capacity: 0 });
      await createPerson(t, { products: [] });
      const { ticket } = await ingest(t, order(shop, product));
      expect(ticket.designer_id).toBeNull();
      const ok = await createPerson(t, { products: [product] });
      expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(ok.code);
    });

    it('an order routed to a team goes to that team only; an unrouted one takes the designer’s team', async () => {
      const product = await createProduct(t);
      const [t1, t2] = [await createTeam(t), await createTeam(t)];
      const inT1 = await createPerson(t, { products: [product], teamId: t1 });
      const inT2 = await createPerson(t, { products: [product], teamId: t2 });
      await ingest(t, order(shop, product)); // inT1 now has one today
      const routed = (await ingest(t, order(shop, product, { team_id: t1 }))).ticket;
      expect(routed).toMatchObject({ designer_id: inT1.code, team_id: t1 });
      const free = (await ingest(t, order(shop, product))).ticket;
      expect(free).toMatchObject({ designer_id: inT2.code, team_id: t2 });
      const nobody = (await ingest(t, order(shop, product, { team_id: await createTeam(t) }))).ticket;
      expect(nobody.designer_id).toBeNull();
    });

    it('keeps designer_shops (the shops a designer’s tickets come from)', async () => {
      const product = await createProduct(t);
      const d = await createPerson(t, { products: [product] });
      const shops = await t.db.selectFrom('shops').select('id').orderBy('id').execute();
      await ingest(t, order(shops[0]!.id, product));
      await ingest(t, order(shops[1]!.id, product));
      await ingest(t, order(shops[1]!.id, product));
      const res = expectEnvelope<{ items: { shop_id: number }[] }>(await d.client.get('/api/user/shops'), 200).data;
      expect(res.items.map((s) => s.shop_id)).toEqual([shops[0]!.id, shops[1]!.id]);
    });

    it('concurrent orders never overshoot a designer’s capacity', async () => {
      const product = await createProduct(t);
      const people = [
        await createPerson(t, { products: [product], capacity: 4 }),
        await createPerson(t, { products: [product], capacity: 4 }),
        await createPerson(t, { products: [product], capacity: 4 }),
      ];
      const results = await Promise.all(Array.from({ length: 30 }, () => ingest(t, order(shop, product))));
      const assigned = results.filter((r) => r.ticket.designer_id !== null);
      expect(assigned).toHaveLength(12);
      for (const p of people) {
        expect(assigned.filter((r) => r.ticket.designer_id === p.code)).toHaveLength(4);
        const load = await t.db.selectFrom('designer_loads').select('assigned_today').where('designer_id', '=', p.id).executeTakeFirstOrThrow();
        expect(load.assigned_today).toBe(4);
      }
    });
  });

  describe('lead actions', () => {
    let teamId: number;
    let product: number;
    let lead: Person;
    let d1: Person;
    let d2: Person;
    let partTime: Person;
    let member: Person;
    let otherLead: Person;
    let outsider: Person;

    beforeAll(async () => {
      teamId = await createTeam(t);
      product = await createProduct(t);
      lead = await createPerson(t, { type: 0, teamId, online: 0, name: '林组长' });
      d1 = await createPerson(t, { teamId, products: [product], name: '甲设计师' });
      d2 = await createPerson(t, { teamId, products: [], name: '乙设计师' });
      partTime = await createPerson(t, { type: 2, teamId, products: [product], name: '丙兼职' });
      member = await createPerson(t, { type: 1, teamId, products: [] });
      otherLead = await createPerson(t, { type: 0, teamId: await createTeam(t) });
      outsider = await createPerson(t, { type: 1, teamId: await createTeam(t), products: [product], online: 0 });
    });

    const assigned = async () => (await ingest(t, order(shop, product, { team_id: teamId }))).ticket;
    const pool = async () => (await ingest(t, order(shop, await createProduct(t)))).ticket;
    const post = (who: Person, id: number, action: string, body: Record<string, unknown> = {}) => who.client.post(`/api/tickets/${id}/${action}`, body);

    it('only team leads: 403 for designers and part-timers, 404 for another team’s lead', async () => {
      const k = await assigned();
      expect(k.designer_id).toBe(d1.code);
      const bodies: [string, Record<string, unknown>][] = [
        ['assign', { designer_id: d2.code }],
        ['transfer', { designer_id: d2.code }],
        ['urge', {}],
        ['abnormal', { reason: '客户信息缺失' }],
        ['close', { reason: '重复订单' }],
      ];
      for (const [action, body] of bodies) {
        expectEnvelope(await post(d1, k.ticket_id, action, body), 403);
        expectEnvelope(await post(member, k.ticket_id, action, body), 403);
        expectEnvelope(await post(partTime, k.ticket_id, action, body), 403);
        expectEnvelope(await post(otherLead, k.ticket_id, action, body), 404);
      }
      expectEnvelope(await otherLead.client.get(`/api/tickets/${k.ticket_id}`), 404);
      expect(await ticketEvents(t, k.ticket_id)).toHaveLength(2);
      expect((await ticketMessages(t, k.ticket_id)).map((m) => m.message_type)).toEqual([2]);
    });

    it('assign (25): a pool ticket to a team designer; then 409; not to outsiders', async () => {
      const k = await pool();
      expect(k.designer_id).toBeNull();
      expectFieldErrors(await post(lead, k.ticket_id, 'assign', { designer_id: outsider.code }), [['designer_id', '该设计师不在你的团队中']]);
      expectFieldErrors(await post(lead, k.ticket_id, 'assign', { designer_id: lead.code }), [['designer_id', '只能指派给团队中的设计师']]);
      expectFieldErrors(await post(lead, k.ticket_id, 'assign', { designer_id: 'X1' }), [['designer_id', '设计师编号格式不正确']]);
      const res = expectEnvelope<TicketView>(await post(lead, k.ticket_id, 'assign', { designer_id: d2.code, confirm: CONFIRM_ALL }), 200).data;
      expect(res).toMatchObject({ designer_id: d2.code, team_id: teamId, allocation_id: expect.any(Number), started_at: expect.any(String) });
      expectConflict(await post(lead, k.ticket_id, 'assign', { designer_id: d1.code, confirm: CONFIRM_ALL }), '该工单已分配，请使用转派');
      const events = await ticketEvents(t, k.ticket_id);
      expect(events.at(-1)).toMatchObject({ type: 'manual_assigned', actor_kind: 'designer', actor_id: lead.id });
      expect(await ticketMessages(t, k.ticket_id)).toEqual([
        expect.objectContaining({ designer_id: d2.id, message_type: 25, info: { ticket_id: k.ticket_id, allocation_id: res.allocation_id }, title: expect.stringContaining('林组长') }),
      ]);
      const alloc = await openAllocations(t, k.ticket_id);
      expect(alloc).toEqual([expect.objectContaining({ designer_id: d2.id, how: 'manual', assigned_by: lead.id })]);
    });

    it('transfer (21 to both): ends the old allocation, opens a new one, moves the ticket between lists', async () => {
      const k = await assigned();
      expectFieldErrors(await post(lead, k.ticket_id, 'transfer', { designer_id: d1.code }), [['designer_id', '该工单已由此设计师处理']]);
      const res = expectEnvelope<TicketView>(await post(lead, k.ticket_id, 'transfer', { designer_id: d2.code, reason: '甲请假', confirm: CONFIRM_ALL }), 200).data;
      expect(res.designer_id).toBe(d2.code);
      expect(res.allocation_id).not.toBe(k.allocation_id);
      expect(res.started_at).toBe(k.started_at); // the clock keeps running
      const allocs = await t.db.selectFrom('allocations').selectAll().where('ticket_id', '=', k.ticket_id).orderBy('id').execute();
      expect(allocs.map((a) => [a.designer_id, a.how, a.ended_at === null, a.end_reason])).toEqual([
        [d1.id, 'system', false, 'transferred'],
        [d2.id, 'transfer', true, null],
      ]);
      const msgs = (await ticketMessages(t, k.ticket_id)).filter((m) => m.message_type === 21);
      expect(msgs.map((m) => [m.designer_id, m.info.allocation_id])).toEqual([
        [d2.id, res.allocation_id],
        [d1.id, k.allocation_id],
      ]);
      const ev = (await ticketEvents(t, k.ticket_id)).at(-1)!;
      expect(ev).toMatchObject({ type: 'transferred', actor_id: lead.id });
      expect(JSON.parse(ev.detail)).toMatchObject({ from_designer_id: d1.code, to_designer_id: d2.code, reason: '甲请假' });
      expectEnvelope(await d1.client.get(`/api/tickets/${k.ticket_id}`), 404);
      expectEnvelope(await d2.client.get(`/api/tickets/${k.ticket_id}`), 200);
      expectConflict(await post(lead, (await pool()).ticket_id, 'transfer', { designer_id: d2.code, confirm: CONFIRM_ALL }), '该工单尚未分配，请使用指派');
    });

    it('urge (20), mark abnormal (24), close (28): event and message each; closed tickets refuse actions', async () => {
      const k = await assigned();
      const id = k.ticket_id;
      expectEnvelope(await post(lead, id, 'urge', { note: '客户在催' }), 200);
      expectEnvelope(await lead.client.post(`/api/tickets/${id}/urge`), 200); // no body at all
      expectFieldErrors(await post(lead, id, 'abnormal', {}), [['reason', '请填写异常原因']]);
      const abnormal = expectEnvelope<TicketView>(await post(lead, id, 'abnormal', { reason: '客户信息缺失' }), 200).data;
      expect(abnormal.work_markers).toBe('ABNORMAL');
      expectConflict(await post(lead, id, 'abnormal', { reason: '再来' }), '该工单已标记为异常');
      expectFieldErrors(await post(lead, id, 'close', {}), [['reason', '请填写关闭原因']]);
      const closed = expectEnvelope<TicketView>(await post(lead, id, 'close', { reason: '重复订单' }), 200).data;
      expect(closed.status).toBe('6');
      for (const [action, body] of [
        ['urge', {}],
        ['close', { reason: 'x' }],
        ['transfer', { designer_id: d2.code }],
      ] as const) {
        expectConflict(await post(lead, id, action, body), '工单已结束，不能执行该操作');
      }
      const events = (await ticketEvents(t, id)).map((e) => [e.type, e.actor_id]);
      expect(events).toEqual([
        ['created', null],
        ['system_assigned', null],
        ['urged', lead.id],
        ['urged', lead.id],
        ['marked_abnormal', lead.id],
        ['closed', lead.id],
      ]);
      const msgs = (await ticketMessages(t, id)).map((m) => [m.designer_id, m.message_type]);
      expect(msgs).toEqual([
        [d1.id, 2],
        [d1.id, 20],
        [d1.id, 20],
        [d1.id, 24],
        [d1.id, 28],
      ]);
      // The closed ticket stays in the designer's list with its status.
      const mine = expectEnvelope<{ items: TicketView[] }>(await d1.client.get(`/api/tickets?status=6&pageSize=100`), 200).data;
      expect(mine.items.map((x) => x.ticket_id)).toContain(id);
    });

    it('20 simultaneous assigns of one pool ticket: exactly one wins, one open allocation', async () => {
      const k = await pool();
      const targets = [d1, d2, partTime, member];
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(lead, k.ticket_id, 'assign', { designer_id: targets[i % targets.length]!.code, confirm: CONFIRM_ALL })));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(await openAllocations(t, k.ticket_id)).toHaveLength(1);
      expect(await t.db.selectFrom('allocations').select('id').where('ticket_id', '=', k.ticket_id).execute()).toHaveLength(1);
      expect((await ticketMessages(t, k.ticket_id)).filter((m) => m.message_type === 25)).toHaveLength(1);
      const h = await holder(k.ticket_id);
      expect(h.current_allocation_id).toBe((await openAllocations(t, k.ticket_id))[0]!.id);
    });

    it('10 simultaneous transfers: the ticket still has exactly one open allocation, matching the ticket', async () => {
      const k = await assigned();
      const targets = [d2, partTime, member];
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(lead, k.ticket_id, 'transfer', { designer_id: targets[i % targets.length]!.code, confirm: CONFIRM_ALL })));
      for (const r of results) expect([200, 409, 422]).toContain(r.statusCode);
      const wins = results.filter((r) => r.statusCode === 200).length;
      expect(wins).toBeGreaterThanOrEqual(1);
      const open = await openAllocations(t, k.ticket_id);
      expect(open).toHaveLength(1);
      const h = await holder(k.ticket_id);
      expect([h.designer_id, h.current_allocation_id]).toEqual([open[0]!.designer_id, open[0]!.id]);
      const ended = await t.db.selectFrom('allocations').select('id').where('ticket_id', '=', k.ticket_id).where('ended_at', 'is not', null).execute();
      expect(ended).toHaveLength(wins);
    });
  });

  describe('the database itself', () => {
    it('refuses a second open allocation for a ticket (partial unique index), allows ended ones', async () => {
      const product = await createProduct(t);
      const d = await createPerson(t, { products: [product] });
      const { ticket } = await ingest(t, order(shop, product));
      const now = new Date().toISOString();
      const row = { ticket_id: ticket.ticket_id, designer_id: d.id, how: 'manual', assigned_by: null, assigned_at: now, end_reason: null };
      await expect(t.db.insertInto('allocations').values({ ...row, ended_at: null }).execute()).rejects.toThrow(/unique|UNIQUE/);
      await t.db.insertInto('allocations').values({ ...row, ended_at: now, end_reason: 'test' }).execute();
      expect(await openAllocations(t, ticket.ticket_id)).toHaveLength(1);
    });

    it('order_no is unique', async () => {
      const product = await createProduct(t);
      const { ticket } = await ingest(t, order(shop, product));
      const now = new Date().toISOString();
      await expect(
        t.db
          .insertInto('tickets')
          .values({ order_no: ticket.order_no, shop_id: shop, product_id: product, title: 'x', allowed_minutes: 1, started_at: null, due_at: null, team_id: null, designer_id: null, current_allocation_id: null, created_at: now, updated_at: now })
          .execute(),
      ).rejects.toThrow(/unique|UNIQUE/);
    });
  });

  it('upstream close of an assigned ticket also reaches its designer after a transfer', async () => {
    const teamId = await createTeam(t);
    const product = await createProduct(t);
    const lead = await createPerson(t, { type: 0, teamId, online: 0 });
    const a = await createPerson(t, { teamId, products: [product] });
    const b = await createPerson(t, { teamId, products: [] });
    const { ticket } = await ingest(t, order(shop, product));
    expect(ticket.designer_id).toBe(a.code);
    const moved = expectEnvelope<TicketView>(await lead.client.post(`/api/tickets/${ticket.ticket_id}/transfer`, { designer_id: b.code, confirm: CONFIRM_ALL }), 200).data;
    await integration(t).post(`/api/integration/orders/${ticket.order_no}/status`, { event: 'close', reason: '客户取消' });
    const closeMsgs = (await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 28);
    expect(closeMsgs.map((m) => [m.designer_id, m.info.allocation_id])).toEqual([[b.id, moved.allocation_id]]);
  });
});
