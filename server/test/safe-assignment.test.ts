/**
 * Safe assignment (issue #24): the candidates of a manual assignment with their risks, the 409
 * without confirmation, the confirmed risks on the timeline, bad confirmations (422), and the
 * team's allocation rules (leads only) steering the next automatic allocation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shanghaiDay, weekStartOf } from '../src/domain/calendar.js';
import { nowMs } from '../src/lib/time.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, order, type Person, ticketEvents, useTicketApp } from './support/tickets.js';

describe.each(dialects)('safe assignment (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;
  let product: number;
  let team: number;
  let lead: Person;
  let ready: Person;
  let full: Person;
  let offline: Person;
  let unskilled: Person;

  beforeAll(async () => {
    shop = await firstShop(t);
    product = await createProduct(t);
    team = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team, name: '安全组长' });
    ready = await createPerson(t, { teamId: team, name: '安全甲', products: [product], capacity: 20 });
    full = await createPerson(t, { teamId: team, name: '安全满', products: [product], capacity: 0 });
    offline = await createPerson(t, { teamId: team, name: '安全离线', products: [product], online: 0 });
    unskilled = await createPerson(t, { teamId: team, name: '安全无资质', capacity: 20 });
  });

  /** A ticket of the team nobody got automatically: it arrives while `ready`, the only free qualified designer, is offline. */
  const unassigned = async () => {
    await t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', ready.id).execute();
    try {
      const { ticket } = await ingest(t, order(shop, product, { team_id: team }));
      expect(ticket.designer_id).toBeNull();
      return ticket.ticket_id;
    } finally {
      await t.db.updateTable('designers').set({ online_ticket_status: 1 }).where('id', '=', ready.id).execute();
    }
  };

  /** A 409 refusing the assignment for its risks: the message names them, `data.risks` lists them. */
  function expectRisks(res: { statusCode: number; json(): unknown }, message: RegExp, risks: string[]) {
    expect(res.statusCode).toBe(409);
    const body = res.json() as { success: boolean; message: string; data: unknown };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(body.data).toEqual({ risks });
  }

  it('lists every designer of the team with online, load/capacity, qualification and risks', async () => {
    // Nobody automatic for this product: make a product only `full`, `offline` hold.
    const p2 = await createProduct(t);
    await t.db.insertInto('designer_products').values([{ designer_id: full.id, product_id: p2 }, { designer_id: offline.id, product_id: p2 }]).execute();
    const id = (await ingest(t, order(shop, p2, { team_id: team }))).ticket.ticket_id;
    const body = expectEnvelope(await lead.client.get(`/api/tickets/assign-candidates?ticket_ids=${id}`), 200).data;
    expect(body.ticket_count).toBe(1);
    expect(body.products).toEqual([{ product_id: p2, name: expect.any(String) }]);
    const by = new Map(body.designers.map((d: { designer_id: string }) => [d.designer_id, d]));
    expect(by.get(full.code)).toMatchObject({ designer_name: '安全满', online: true, load_today: 0, capacity_today: 0, qualified: true, risks: ['over_capacity'] });
    expect(by.get(offline.code)).toMatchObject({ online: false, qualified: true, risks: ['offline'] });
    expect(by.get(unskilled.code)).toMatchObject({ online: true, qualified: false, risks: ['unqualified'] });
    expect(by.get(ready.code)).toMatchObject({ online: true, capacity_today: 20, qualified: false, risks: ['unqualified'] });
    expect(by.has(lead.code)).toBe(false);
    // Designers may not ask; a ticket of another team is 404.
    expectEnvelope(await ready.client.get(`/api/tickets/assign-candidates?ticket_ids=${id}`), 403);
    expectFieldErrors(await lead.client.get('/api/tickets/assign-candidates?ticket_ids=abc'), [['ticket_ids', /工单编号不正确/]]);
  });

  it('refuses an assignment past a risk without confirmation (409 naming it), and records the confirmed risk', async () => {
    const id = await unassigned();
    expectRisks(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code }), /安全满超出今日接单上限（今日已接0\/上限0）/, ['over_capacity']);
    // Confirming another risk is not enough.
    expectRisks(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code, confirm: ['offline'] }), /超出今日接单上限/, ['over_capacity']);
    expect((await ticketEvents(t, id)).map((e) => e.type)).toEqual(['created']);

    const ok = expectEnvelope(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code, confirm: ['over_capacity'] }), 200);
    expect(ok.data.designer_id).toBe(full.code);
    const event = (await ticketEvents(t, id)).find((e) => e.type === 'manual_assigned')!;
    expect(JSON.parse(event.detail)).toMatchObject({ designer_id: full.code, confirmed_risks: ['over_capacity'] });
    const detail = expectEnvelope(await lead.client.get(`/api/tickets/${id}`), 200).data;
    expect(detail.timeline.at(-1).detail.confirmed_risks).toEqual(['over_capacity']);
  });

  it('a transfer to an offline, unqualified designer needs both confirmed; a safe target needs none', async () => {
    const id = await unassigned();
    expectEnvelope(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: ready.code }), 200);
    await t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', unskilled.id).execute();
    try {
      expectRisks(await lead.client.post(`/api/tickets/${id}/transfer`, { designer_id: unskilled.code, confirm: ['offline'] }), /离线.*不具备该产品资质/, ['offline', 'unqualified']);
      expectEnvelope(await lead.client.post(`/api/tickets/${id}/transfer`, { designer_id: unskilled.code, reason: '支援', confirm: ['offline', 'unqualified'] }), 200);
      const event = (await ticketEvents(t, id)).find((e) => e.type === 'transferred')!;
      expect(JSON.parse(event.detail)).toMatchObject({ to_designer_id: unskilled.code, confirmed_risks: ['offline', 'unqualified'] });
    } finally {
      await t.db.updateTable('designers').set({ online_ticket_status: 1 }).where('id', '=', unskilled.id).execute();
    }
    const assigned = (await ticketEvents(t, id)).find((e) => e.type === 'manual_assigned')!;
    expect(JSON.parse(assigned.detail)).not.toHaveProperty('confirmed_risks');
  });

  it('bulk assignment checks all the tickets against the capacity first: 409 and nothing moved, then with confirmation every ticket lands', async () => {
    const ids = [await unassigned(), await unassigned(), await unassigned()];
    const capped = await createPerson(t, { teamId: team, name: '安全二单', products: [product], capacity: 2 });
    expectRisks(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: ids, designer_id: capped.code }), /超出今日接单上限（今日已接0\/上限2）/, ['over_capacity']);
    for (const id of ids) expect((await ticketEvents(t, id)).map((e) => e.type)).toEqual(['created']);
    const body = expectEnvelope(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: ids, designer_id: capped.code, confirm: ['over_capacity'] }), 200);
    expect(body.data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const confirmed = [];
    for (const id of ids) confirmed.push(JSON.parse((await ticketEvents(t, id)).find((e) => e.type === 'manual_assigned')!.detail).confirmed_risks);
    // Two fit under the capacity; the third went past it, confirmed.
    expect(confirmed).toEqual([undefined, undefined, ['over_capacity']]);
    // Out of the way of the next automatic allocations.
    await t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', capped.id).execute();
  });

  it('refuses bad confirm values with 422', async () => {
    const id = await unassigned();
    expectFieldErrors(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code, confirm: ['busy'] }), [['confirm.0', /确认的风险只能是/]]);
    expectFieldErrors(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code, confirm: 'over_capacity' }), [['confirm', '确认的风险须为列表']]);
    expectFieldErrors(await lead.client.post(`/api/tickets/${id}/assign`, { designer_id: full.code, confirm: ['offline', 'offline'] }), [['confirm', '确认的风险重复']]);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [id], designer_id: full.code, confirm: [1] }), [['confirm.0', /确认的风险只能是/]]);
  });

  describe('allocation rules', () => {
    it('leads read the defaults and change them; designers are refused; bad values are 422', async () => {
      const teamX = await createTeam(t);
      const leadX = await createPerson(t, { type: 0, teamId: teamX, name: '规则组长' });
      const member = await createPerson(t, { teamId: teamX });
      expect(expectEnvelope(await leadX.client.get('/api/team/allocation-rules'), 200).data).toEqual({
        strategy: 'least_loaded',
        skill_by_product: true,
        capacity_from_plan: true,
        updated_at: null,
        updated_by_name: null,
      });
      expectEnvelope(await member.client.get('/api/team/allocation-rules'), 403);
      expectEnvelope(await member.client.put('/api/team/allocation-rules', { strategy: 'round_robin', skill_by_product: false, capacity_from_plan: false }), 403);
      expectFieldErrors(await leadX.client.put('/api/team/allocation-rules', { strategy: 'random', skill_by_product: 1, capacity_from_plan: true }), [
        ['strategy', /分配策略只能是/],
        ['skill_by_product', '按产品资质分配须为是或否'],
      ]);
      expectFieldErrors(await leadX.client.put('/api/team/allocation-rules', { strategy: 'round_robin', skill_by_product: true }), [['capacity_from_plan', '按排班计划取接单上限须为是或否']]);
      const saved = expectEnvelope(await leadX.client.put('/api/team/allocation-rules', { strategy: 'round_robin', skill_by_product: false, capacity_from_plan: false }), 200).data;
      expect(saved).toMatchObject({ strategy: 'round_robin', skill_by_product: false, capacity_from_plan: false, updated_by_name: '规则组长' });
      expect(expectEnvelope(await leadX.client.get('/api/team/allocation-rules'), 200).data).toEqual(saved);
    });

    it('the strategy decides who gets the next ticket', async () => {
      const teamR = await createTeam(t);
      const leadR = await createPerson(t, { type: 0, teamId: teamR });
      const p = await createProduct(t);
      const busy = await createPerson(t, { teamId: teamR, products: [p] });
      const idle = await createPerson(t, { teamId: teamR, products: [p] });
      const day = (await t.db.selectFrom('designer_loads').select('day').orderBy('day', 'desc').executeTakeFirst())?.day;
      expect(day).toBeDefined();
      // busy: 3 tickets today, the last long ago; idle: 1 ticket today, just now.
      await t.db.insertInto('designer_loads').values([
        { designer_id: busy.id, day: day!, assigned_today: 3, last_assigned_at: '2026-01-01T00:00:00.000Z' },
        { designer_id: idle.id, day: day!, assigned_today: 1, last_assigned_at: '2099-01-01T00:00:00.000Z' },
      ]).execute();
      const next = async () => (await ingest(t, order(shop, p, { team_id: teamR }))).ticket.designer_id;
      // least_loaded: the one with fewer tickets today.
      expect(await next()).toBe(idle.code);
      expectEnvelope(await leadR.client.put('/api/team/allocation-rules', { strategy: 'round_robin', skill_by_product: true, capacity_from_plan: true }), 200);
      // round_robin: the one whose last ticket is the oldest.
      expect(await next()).toBe(busy.code);
    });

    it('skill by product off lets an unqualified designer get the ticket', async () => {
      const teamS = await createTeam(t);
      const leadS = await createPerson(t, { type: 0, teamId: teamS });
      const p = await createProduct(t);
      const only = await createPerson(t, { teamId: teamS });
      expect((await ingest(t, order(shop, p, { team_id: teamS }))).ticket.designer_id).toBeNull();
      expectEnvelope(await leadS.client.put('/api/team/allocation-rules', { strategy: 'least_loaded', skill_by_product: false, capacity_from_plan: true }), 200);
      expect((await ingest(t, order(shop, p, { team_id: teamS }))).ticket.designer_id).toBe(only.code);
    });

    it('capacity from the plan off: the designer’s own daily capacity counts, not the plan’s full cell', async () => {
      const teamC = await createTeam(t);
      const leadC = await createPerson(t, { type: 0, teamId: teamC });
      const p = await createProduct(t);
      const member = await createPerson(t, { teamId: teamC, products: [p], capacity: 20 });
      // Today's plan gives the member no room; their own daily capacity has 20.
      const today = shanghaiDay(nowMs());
      const now = new Date(nowMs()).toISOString();
      const plan = await t.db
        .insertInto('order_plans')
        .values({ team_id: teamC, week_start: weekStartOf(today), created_by: leadC.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('order_plan_cells').values({ plan_id: plan.id, designer_id: member.id, day: today, capacity: 0 }).execute();
      expect((await ingest(t, order(shop, p, { team_id: teamC }))).ticket.designer_id).toBeNull();
      expectEnvelope(await leadC.client.put('/api/team/allocation-rules', { strategy: 'least_loaded', skill_by_product: true, capacity_from_plan: false }), 200);
      expect((await ingest(t, order(shop, p, { team_id: teamC }))).ticket.designer_id).toBe(member.code);
    });
  });
});
