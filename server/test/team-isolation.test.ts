/**
 * Team isolation of team management and order plans: every call is 403 for designers, part-timers
 * and a lead without a team; another team's designer, statement, plan and request are 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../src/lib/time.js';
import { dialects, expectEnvelope, type Res } from './support/harness.js';
import { createPerson, createTeam, type Person, useTicketApp } from './support/tickets.js';
import { addDays, weekStartOf, shanghaiDay } from '../src/domain/calendar.js';

describe.each(dialects)('team isolation (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let lead: Person;
  let otherLead: Person;
  let member: Person;
  let partTimer: Person;
  let loneLead: Person;
  let otherMember: Person;
  let otherPlan: number;
  let otherRequest: number;
  const period = '2026-11-01';

  beforeAll(async () => {
    const team = await createTeam(t);
    const other = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team });
    member = await createPerson(t, { teamId: team });
    partTimer = await createPerson(t, { type: 2, teamId: team });
    loneLead = await createPerson(t, { type: 0, teamId: null });
    otherLead = await createPerson(t, { type: 0, teamId: other });
    otherMember = await createPerson(t, { teamId: other });
    const week = addDays(weekStartOf(shanghaiDay(nowMs())), 7);
    otherPlan = expectEnvelope(await otherLead.client.post('/api/order-plans', { week_start: week }), 200).data.plan_id;
    otherRequest = expectEnvelope(
      await otherMember.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: week, changes: [{ day: week, capacity: 1 }], reason: '调整' }),
      200,
    ).data.request_id;
    const now = new Date().toISOString();
    await t.db
      .insertInto('settlements')
      .values({ designer_id: otherMember.id, team_id: other, period_start: period, period_end: addDays(period, 6), status: 'open', gross_cents: 100, deduction_cents: 0, adjustment_cents: 0, net_cents: 100, line_count: 1, confirmed_at: null, paid_at: null, created_at: now, updated_at: now })
      .execute();
  });

  const leadCalls = (p: Person): Promise<Res>[] => [
    p.client.get('/api/team/board'),
    p.client.get('/api/team/designers'),
    p.client.get(`/api/team/designers/${member.code}`),
    p.client.put(`/api/team/designers/${member.code}`, { daily_capacity: 5, product_ids: [] }),
    p.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [1], designer_id: member.code }),
    p.client.post('/api/team/tickets/bulk-transfer', { ticket_ids: [1], designer_id: member.code, reason: '转派' }),
    p.client.get('/api/team/expenses'),
    p.client.get(`/api/team/expenses/${period}/export?format=csv`),
    p.client.get('/api/team/daily-detail'),
    p.client.get('/api/order-plans'),
    p.client.post('/api/order-plans', { week_start: '2030-01-07' }),
    p.client.get(`/api/order-plans/${otherPlan}`),
    p.client.put(`/api/order-plans/${otherPlan}/cells`, { cells: [{ designer_id: member.code, day: '2030-01-07', capacity: 1 }] }),
    p.client.post(`/api/order-plans/requests/${otherRequest}/review`, { decision: 'approve', note: '' }),
  ];

  it('is 403 for a designer, a part-timer and a lead without a team', async () => {
    for (const p of [member, partTimer, loneLead]) {
      const results = await Promise.all(leadCalls(p));
      results.forEach((res, i) => expect(`${i}:${res.statusCode}`).toBe(`${i}:403`));
      // A statement's detail shows anyone but a lead their own share only: none here, so none at all.
      expectEnvelope(await p.client.get(`/api/team/expenses/${period}`), 404);
    }
    // The designer's own plan needs a team; a lead edits plans rather than asking.
    expectEnvelope(await loneLead.client.get('/api/order-plans/mine'), 403);
    expectEnvelope(await lead.client.post('/api/order-plans/requests', { kind: 'realtime', week_start: weekStartOf(shanghaiDay(nowMs())), changes: [{ day: shanghaiDay(nowMs()), capacity: 1 }], reason: '组长' }), 403);
  });

  it("is 404 for another team's designer, statement, plan and request", async () => {
    expectEnvelope(await lead.client.get(`/api/team/designers/${otherMember.code}`), 404);
    expectEnvelope(await lead.client.put(`/api/team/designers/${otherMember.code}`, { daily_capacity: 5, product_ids: [] }), 404);
    expectEnvelope(await lead.client.get(`/api/team/designers/${otherLead.code}`), 404);
    expectEnvelope(await lead.client.get(`/api/team/daily-detail?designer_id=${otherMember.code}`), 404);
    expectEnvelope(await lead.client.get(`/api/team/expenses/${period}`), 404);
    expectEnvelope(await lead.client.get(`/api/team/expenses/${period}/export?format=xlsx`), 404);
    expectEnvelope(await lead.client.get(`/api/order-plans/${otherPlan}`), 404);
    expectEnvelope(await lead.client.put(`/api/order-plans/${otherPlan}/cells`, { cells: [{ designer_id: member.code, day: '2030-01-07', capacity: 1 }] }), 404);
    expectEnvelope(await lead.client.post(`/api/order-plans/requests/${otherRequest}/review`, { decision: 'approve', note: '' }), 404);
    // Nothing of the other team shows in lists.
    expect(expectEnvelope(await lead.client.get('/api/team/expenses'), 200).data.total).toBe(0);
    expect(expectEnvelope(await lead.client.get('/api/order-plans'), 200).data.total).toBe(0);
    const designers = expectEnvelope(await lead.client.get('/api/team/designers'), 200).data;
    expect(designers.items.map((d: { designer_id: string }) => d.designer_id).sort()).toEqual([member.code, partTimer.code].sort());
    const board = expectEnvelope(await lead.client.get('/api/team/board'), 200).data;
    expect(board.by_designer.map((d: { designer_id: string }) => d.designer_id).sort()).toEqual([member.code, partTimer.code].sort());
    // The request is untouched.
    const req = await t.db.selectFrom('plan_change_requests').select('status').where('id', '=', otherRequest).executeTakeFirstOrThrow();
    expect(req.status).toBe('pending');
  });

  it('is 401 without a session', async () => {
    expectEnvelope(await t.anon.get('/api/team/board'), 401);
    expectEnvelope(await t.anon.get('/api/order-plans/mine'), 401);
  });
});
