/**
 * Order plans: creating a week's plan (prefilled from daily capacity), editing cells, a designer's
 * own plan, change requests (weekly 30 / realtime 31 to the leads), review (33 / 34 to the
 * designer), approval writing the cells (creating the plan if missing), double review 409.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../src/lib/time.js';
import { DEMO, dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createTeam, demoPerson, expectConflict, type Person, useTicketApp } from './support/tickets.js';
import { addDays, weekStartOf, shanghaiDay } from '../src/domain/calendar.js';

describe.each(dialects)('order plans (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let lead: Person;
  let lead2: Person;
  let a: Person;
  let b: Person;
  let today: string;
  let thisWeek: string;
  let nextWeek: string;

  const messagesOf = async (who: Person) =>
    (await t.db.selectFrom('messages').select(['message_type', 'title', 'ext_json']).where('designer_id', '=', who.id).orderBy('id').execute()).map((m) => ({
      type: m.message_type,
      title: m.title,
      info: JSON.parse(m.ext_json).info as Record<string, unknown>,
    }));

  beforeAll(async () => {
    const team = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team, name: '计划组长' });
    lead2 = await createPerson(t, { type: 0, teamId: team, name: '副组长' });
    a = await createPerson(t, { teamId: team, capacity: 8, name: '计划甲' });
    b = await createPerson(t, { type: 2, teamId: team, capacity: 3, name: '计划乙' });
    today = shanghaiDay(nowMs());
    thisWeek = weekStartOf(today);
    nextWeek = addDays(thisWeek, 7);
  });

  it('creates a week prefilled from daily capacity; the same week again is 409; not a Monday is 422', async () => {
    const week = addDays(thisWeek, 21);
    const body = expectEnvelope(await lead.client.post('/api/order-plans', { week_start: week }), 200);
    expect(body.data.week_start).toBe(week);
    expect(body.data.week_end).toBe(addDays(week, 6));
    expect(body.data.days).toHaveLength(7);
    expect(body.data.rows).toEqual([
      { designer_id: a.code, designer_name: '计划甲', cells: body.data.days.map((day: string) => ({ day, capacity: 8 })) },
      { designer_id: b.code, designer_name: '计划乙', cells: body.data.days.map((day: string) => ({ day, capacity: 3 })) },
    ]);
    expect(body.data.requests).toEqual([]);
    expectConflict(await lead.client.post('/api/order-plans', { week_start: week }), '该周计划已存在');
    expectFieldErrors(await lead.client.post('/api/order-plans', { week_start: addDays(week, 1) }), [['week_start', '计划周须从周一开始']]);

    const list = expectEnvelope(await lead.client.get('/api/order-plans'), 200);
    expect(list.data.items[0]).toEqual({ plan_id: body.data.plan_id, week_start: week, week_end: addDays(week, 6), designer_count: 2, total_capacity: 7 * 11, pending_requests: 0 });
  });

  it('edits cells (members and days of the week only)', async () => {
    const week = addDays(thisWeek, 28);
    const plan = expectEnvelope(await lead.client.post('/api/order-plans', { week_start: week }), 200).data;
    const put = expectEnvelope(
      await lead.client.put(`/api/order-plans/${plan.plan_id}/cells`, {
        cells: [
          { designer_id: a.code, day: week, capacity: 0 },
          { designer_id: b.code, day: addDays(week, 6), capacity: 12 },
        ],
      }),
      200,
    );
    expect(put.data.rows[0].cells[0]).toEqual({ day: week, capacity: 0 });
    expect(put.data.rows[1].cells[6]).toEqual({ day: addDays(week, 6), capacity: 12 });
    expectFieldErrors(await lead.client.put(`/api/order-plans/${plan.plan_id}/cells`, { cells: [{ designer_id: a.code, day: addDays(week, 7), capacity: 1 }] }), [
      ['cells.0.day', '日期不在该计划周内'],
    ]);
    expectFieldErrors(await lead.client.put(`/api/order-plans/${plan.plan_id}/cells`, { cells: [{ designer_id: lead.code, day: week, capacity: 1 }] }), [
      ['cells.0.designer_id', '该设计师不在你的团队中'],
    ]);
    expectFieldErrors(await lead.client.put(`/api/order-plans/${plan.plan_id}/cells`, { cells: [{ designer_id: a.code, day: week, capacity: 201 }] }), [
      ['cells.0.capacity', '接单量须为0-200的整数'],
    ]);
  });

  it('a realtime request goes to the leads (31); approval writes the cell, creating the plan, and tells the designer (34); a second review is 409', async () => {
    const mine = expectEnvelope(await a.client.get('/api/order-plans/mine'), 200);
    expect(mine.data).toMatchObject({ week_start: thisWeek, plan_id: null, requests: [] });
    expect(mine.data.cells).toEqual(Array.from({ length: 7 }, (_, i) => ({ day: addDays(thisWeek, i), capacity: 8 })));

    const req = expectEnvelope(await a.client.post('/api/order-plans/requests', { kind: 'realtime', week_start: thisWeek, changes: [{ day: today, capacity: 2 }], reason: '今天下午请假' }), 200);
    expect(req.data).toMatchObject({ plan_id: null, week_start: thisWeek, designer_id: a.code, designer_name: '计划甲', kind: 'realtime', changes: [{ day: today, capacity: 2 }], status: 'pending', reviewer_name: null, reviewed_at: null });
    for (const l of [lead, lead2]) {
      const msgs = await messagesOf(l);
      expect(msgs.at(-1)).toMatchObject({ type: 31, info: { request_id: req.data.request_id } });
      expect(msgs.at(-1)!.title).toContain('今天下午请假');
    }
    expectConflict(await a.client.post('/api/order-plans/requests', { kind: 'realtime', week_start: thisWeek, changes: [{ day: today, capacity: 3 }], reason: '再申请' }), '本周已有待审批的计划变更申请');

    const reviewed = expectEnvelope(await lead.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'approve', note: '同意' }), 200);
    expect(reviewed.data).toMatchObject({ status: 'approved', reviewer_name: '计划组长', review_note: '同意' });
    expect(reviewed.data.plan_id).toEqual(expect.any(Number));
    expect((await messagesOf(a)).at(-1)).toMatchObject({ type: 34, info: { request_id: req.data.request_id, approved: true } });

    const after = expectEnvelope(await a.client.get('/api/order-plans/mine'), 200);
    expect(after.data.plan_id).toBe(reviewed.data.plan_id);
    expect(after.data.cells.find((c: { day: string }) => c.day === today)).toEqual({ day: today, capacity: 2 });
    expect(after.data.cells.filter((c: { capacity: number }) => c.capacity === 8)).toHaveLength(6);
    expect(after.data.requests.map((r: { status: string }) => r.status)).toEqual(['approved']);
    // The plan was created for the whole team.
    const detail = expectEnvelope(await lead.client.get(`/api/order-plans/${reviewed.data.plan_id}`), 200);
    expect(detail.data.rows.map((r: { designer_id: string }) => r.designer_id)).toEqual([a.code, b.code]);
    expect(detail.data.requests.map((r: { request_id: number }) => r.request_id)).toEqual([req.data.request_id]);

    expectConflict(await lead2.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'reject', note: '不同意' }), '该申请已处理');
  });

  it('a weekly request (30) rejected (33) leaves the plan unchanged; weekly needs a later week, realtime today..+6', async () => {
    const plan = expectEnvelope(await lead.client.post('/api/order-plans', { week_start: nextWeek }), 200).data;
    const req = expectEnvelope(
      await b.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: nextWeek, changes: [{ day: nextWeek, capacity: 9 }, { day: addDays(nextWeek, 1), capacity: 9 }], reason: '下周时间充裕' }),
      200,
    );
    expect(req.data.plan_id).toBe(plan.plan_id);
    expect((await messagesOf(lead)).at(-1)).toMatchObject({ type: 30, info: { request_id: req.data.request_id, plan_id: plan.plan_id } });
    const list = expectEnvelope(await lead.client.get('/api/order-plans'), 200);
    expect(list.data.items.find((p: { plan_id: number }) => p.plan_id === plan.plan_id).pending_requests).toBe(1);

    const rejected = expectEnvelope(await lead.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'reject', note: '下周订单少' }), 200);
    expect(rejected.data).toMatchObject({ status: 'rejected', review_note: '下周订单少' });
    expect((await messagesOf(b)).at(-1)).toMatchObject({ type: 33, info: { request_id: req.data.request_id, approved: false } });
    expect((await messagesOf(b)).at(-1)!.title).toContain('未通过');
    const detail = expectEnvelope(await lead.client.get(`/api/order-plans/${plan.plan_id}`), 200);
    expect(detail.data.rows.find((r: { designer_id: string }) => r.designer_id === b.code).cells[0]).toEqual({ day: nextWeek, capacity: 3 });
    expectConflict(await lead.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'approve', note: '' }), '该申请已处理');

    expectFieldErrors(await b.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: thisWeek, changes: [{ day: addDays(thisWeek, 6), capacity: 1 }], reason: '本周' }), [
      ['week_start', '周计划变更只能申请以后的周'],
    ]);
    expectFieldErrors(await b.client.post('/api/order-plans/requests', { kind: 'realtime', week_start: addDays(thisWeek, 14), changes: [{ day: addDays(thisWeek, 14), capacity: 1 }], reason: '太远' }), [
      ['changes.0.day', '实时变更只能调整今天起7天内的计划'],
    ]);
    expectFieldErrors(await b.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: nextWeek, changes: [{ day: addDays(nextWeek, 7), capacity: 1 }], reason: '跨周' }), [
      ['changes.0.day', '日期不在所选计划周内'],
    ]);
    expectFieldErrors(await b.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: nextWeek, changes: [], reason: '空' }), [['changes', '请填写变更内容']]);
  });

  it('an approved weekly change is what allocation uses on that day', async () => {
    const week = addDays(thisWeek, 35);
    const req = expectEnvelope(await a.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: week, changes: [{ day: addDays(week, 2), capacity: 1 }], reason: '那天有事' }), 200);
    expectEnvelope(await lead.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'approve', note: '' }), 200);
    const cell = await t.db
      .selectFrom('order_plan_cells as c')
      .innerJoin('order_plans as p', 'p.id', 'c.plan_id')
      .select('c.capacity')
      .where('p.week_start', '=', week)
      .where('c.designer_id', '=', a.id)
      .where('c.day', '=', addDays(week, 2))
      .executeTakeFirstOrThrow();
    expect(cell.capacity).toBe(1);
  });

  it('the demo team has a plan for the current week and a pending real-time request of 13800000001', async () => {
    const demoLead = await demoPerson(t, DEMO.lead);
    const designer = await demoPerson(t, DEMO.designer);
    const list = expectEnvelope(await demoLead.client.get('/api/order-plans'), 200);
    expect(list.data.items[0]).toMatchObject({ week_start: thisWeek, pending_requests: 1 });
    const detail = expectEnvelope(await demoLead.client.get(`/api/order-plans/${list.data.items[0].plan_id}`), 200);
    expect(detail.data.rows.length).toBeGreaterThan(0);
    expect(detail.data.requests).toEqual([expect.objectContaining({ designer_id: designer.code, kind: 'realtime', status: 'pending', changes: [expect.objectContaining({ day: today })] })]);
    const msgs = await t.db.selectFrom('messages').select('message_type').where('designer_id', '=', demoLead.id).where('message_type', '=', 31).execute();
    expect(msgs).toHaveLength(1);
  });

  it('two leads reviewing the same request at once: one wins, the other gets 409, one message', async () => {
    const week = addDays(thisWeek, 42);
    const req = expectEnvelope(await b.client.post('/api/order-plans/requests', { kind: 'weekly', week_start: week, changes: [{ day: week, capacity: 5 }], reason: '并发审批' }), 200);
    const before = (await messagesOf(b)).length;
    const [x, y] = await Promise.all([
      lead.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'approve', note: '' }),
      lead2.client.post(`/api/order-plans/requests/${req.data.request_id}/review`, { decision: 'reject', note: '不行' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await messagesOf(b)).length).toBe(before + 1);
    const plans = await t.db.selectFrom('order_plans').select('id').where('week_start', '=', week).execute();
    expect(plans.length).toBeLessThanOrEqual(1);
  });
});
