/**
 * The team board and the daily detail against a hand-computed fixture (rows written directly, at
 * chosen Asia/Shanghai times): every figure of README.md "Board figures", the day boundary at
 * 16:00 UTC, transfers, other teams' data left out, and the period rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, freshOrderNo, type Person, useTicketApp } from './support/tickets.js';

/** ISO UTC of an Asia/Shanghai wall time. */
const sh = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

interface TicketSpec {
  holder: Person;
  teamId: number;
  due: string;
  status?: string;
  stage?: string;
  markers?: string;
  fee?: number;
}

async function insertTicket(db: Db, shop: number, product: number, s: TicketSpec): Promise<number> {
  const row = await db
    .insertInto('tickets')
    .values({
      order_no: freshOrderNo(),
      shop_id: shop,
      product_id: product,
      title: '看板测试工单',
      status: s.status ?? '0',
      stage: s.stage ?? 'waiting',
      work_markers: s.markers ?? '',
      allowed_minutes: 480,
      started_at: s.due,
      due_at: s.due,
      fee_cents: s.fee ?? 0,
      team_id: s.teamId,
      designer_id: s.holder.id,
      current_allocation_id: null,
      created_at: s.due,
      updated_at: s.due,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function allocate(db: Db, ticketId: number, who: Person, at: string, endedAt: string | null = null) {
  await db
    .insertInto('allocations')
    .values({ ticket_id: ticketId, designer_id: who.id, how: endedAt ? 'system' : 'transfer', assigned_by: null, assigned_at: at, ended_at: endedAt, end_reason: endedAt ? 'transferred' : null })
    .execute();
}

/** An upstream notice at `at`, written as the ingestion service writes it (a completion also stamps the ticket). */
async function event(db: Db, ticketId: number, type: string, at: string) {
  await db.insertInto('ticket_events').values({ ticket_id: ticketId, type, actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: at }).execute();
  if (type === 'completed') await db.updateTable('tickets').set({ completed_at: at }).where('id', '=', ticketId).execute();
}

describe.each(dialects)('team board (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let lead: Person;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    const shop = await firstShop(t);
    const product = await createProduct(t);
    const team = await createTeam(t);
    const otherTeam = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team, name: '看板组长' });
    a = await createPerson(t, { teamId: team, name: '设计师甲' });
    b = await createPerson(t, { teamId: team, name: '设计师乙' });
    const x = await createPerson(t, { teamId: otherTeam, name: '别队设计师' });
    const db = t.db;
    const tk = (s: TicketSpec) => insertTicket(db, shop, product, s);

    // T1: A, received 11-02, due 11-02 18:00, completed 11-03 on time, first pass, fee 1000.
    const t1 = await tk({ holder: a, teamId: team, due: sh('2026-11-02', '18:00'), status: '4', stage: 'done', fee: 1000 });
    await allocate(db, t1, a, sh('2026-11-02', '10:00'));
    await event(db, t1, 'completed', sh('2026-11-03', '09:00'));
    // T2: A, received 11-02 23:30 (15:30 UTC: still 11-02), due 11-03 08:00, a late draft (LATE) that
    // failed the automatic audit, completed 11-04, fee 2000.
    const t2 = await tk({ holder: a, teamId: team, due: sh('2026-11-03', '08:00'), status: '4', stage: 'done', markers: 'LATE', fee: 2000 });
    await allocate(db, t2, a, sh('2026-11-02', '23:30'));
    const alloc2 = await db.selectFrom('allocations').select('id').where('ticket_id', '=', t2).executeTakeFirstOrThrow();
    await db
      .insertInto('drafts')
      .values({ ticket_id: t2, allocation_id: alloc2.id, designer_id: a.id, kind: 'first', files: '[]', sync_status: 3, audit_result: '轮廓异常', audited_at: sh('2026-11-03', '09:00'), created_at: sh('2026-11-03', '08:30') })
      .execute();
    await event(db, t2, 'completed', sh('2026-11-04', '10:00'));
    // T3: A, received 11-03 00:30 (11-02 16:30 UTC), due 11-03 12:00, still owing the first draft.
    const t3 = await tk({ holder: a, teamId: team, due: sh('2026-11-03', '12:00') });
    await allocate(db, t3, a, sh('2026-11-03', '00:30'));
    // T4: A, received before the period, factory rejected once (marker FACTORY_REJECT), completed 11-02, fee 500.
    const t4 = await tk({ holder: a, teamId: team, due: sh('2026-11-01', '20:00'), status: '4', stage: 'done', markers: 'FACTORY_REJECT', fee: 500 });
    await allocate(db, t4, a, sh('2026-11-01', '09:00'));
    await event(db, t4, 'factory_rejected', sh('2026-11-01', '15:00'));
    await event(db, t4, 'completed', sh('2026-11-02', '12:00'));
    // T5: A, received 11-04, first draft in, due far ahead.
    const t5 = await tk({ holder: a, teamId: team, due: '2099-01-01T00:00:00.000Z', stage: 'first_draft' });
    await allocate(db, t5, a, sh('2026-11-04', '10:00'));
    // T6: B received 11-02 09:00, transferred to A 11-02 11:00; due after the period.
    const t6 = await tk({ holder: a, teamId: team, due: sh('2026-11-05', '12:00'), stage: 'final_draft' });
    await allocate(db, t6, b, sh('2026-11-02', '09:00'), sh('2026-11-02', '11:00'));
    await allocate(db, t6, a, sh('2026-11-02', '11:00'));
    // T7: B, received 11-04 08:00, completed 11-04 15:00 before its deadline, fee 800.
    const t7 = await tk({ holder: b, teamId: team, due: sh('2026-11-04', '16:00'), status: '4', stage: 'done', fee: 800 });
    await allocate(db, t7, b, sh('2026-11-04', '08:00'));
    await event(db, t7, 'completed', sh('2026-11-04', '15:00'));
    // T8: another team's designer: never on this board.
    const t8 = await tk({ holder: x, teamId: otherTeam, due: sh('2026-11-02', '12:00'), status: '0', fee: 9900 });
    await allocate(db, t8, x, sh('2026-11-02', '09:00'));
    await event(db, t8, 'completed', sh('2026-11-02', '11:00'));

    const now = new Date().toISOString();
    const deduction = (who: Person, ticket: number, cents: number, at: string) =>
      db.insertInto('deductions').values({ ticket_id: ticket, designer_id: who.id, team_id: team, source: 'qc', amount_cents: cents, reason: '质检', external_id: null, created_by: null, created_at: at }).execute();
    await deduction(a, t1, 300, sh('2026-11-03', '10:00'));
    await deduction(a, t1, 700, sh('2026-10-30', '10:00'));
    await deduction(b, t7, 1000, sh('2026-11-04', '23:59'));
    await deduction(x, t8, 5000, sh('2026-11-03', '10:00'));
    const appeal = (who: Person, ticket: number, type: string, status: string, at: string) =>
      db
        .insertInto('appeals')
        .values({ ticket_id: ticket, allocation_id: null, designer_id: who.id, team_id: team, type, deduction_id: null, reason: '申诉', status, reviewer_id: null, reviewed_at: null, created_at: at, updated_at: now })
        .execute();
    await appeal(a, t1, 'fee', 'pending', sh('2026-11-03', '11:00'));
    await appeal(a, t2, 'fee', 'approved', sh('2026-11-04', '11:00'));
    await appeal(a, t4, 'fee', 'pending', sh('2026-10-25', '11:00'));
    await appeal(x, t8, 'fee', 'pending', sh('2026-11-03', '11:00'));
  });

  it('answers every figure as computed by hand', async () => {
    const body = expectEnvelope(await lead.client.get('/api/team/board?from=2026-11-02&to=2026-11-04'), 200);
    expect(body.data.from).toBe('2026-11-02');
    expect(body.data.to).toBe('2026-11-04');
    expect(body.data.totals).toEqual({
      received: 7,
      in_progress: 3,
      completed: 4,
      // Due in the period and passed: T1, T2, T3 (A), T7 (B); missed: T2 (late draft), T3 (owing).
      due: 4,
      overdue: 2,
      on_time_rate: 0.5,
      first_pass_rate: 0.5,
      deduction_cents: 1300,
      appeals: 2,
      appeals_pending: 2,
    });
    expect(body.data.by_designer).toEqual([
      {
        designer_id: a.code,
        designer_name: '设计师甲',
        received: 5,
        in_progress: 3,
        completed: 3,
        due: 3,
        overdue: 2,
        on_time_rate: 0.3333,
        first_pass_rate: 0.3333,
        deduction_cents: 300,
        appeals: 2,
        appeals_pending: 2,
      },
      {
        designer_id: b.code,
        designer_name: '设计师乙',
        received: 2,
        in_progress: 0,
        completed: 1,
        due: 1,
        overdue: 0,
        on_time_rate: 1,
        first_pass_rate: 1,
        deduction_cents: 1000,
        appeals: 0,
        appeals_pending: 0,
      },
    ]);
    expect(body.data.by_day).toEqual([
      { day: '2026-11-02', received: 4, completed: 1, overdue: 0 },
      { day: '2026-11-03', received: 1, completed: 1, overdue: 2 },
      { day: '2026-11-04', received: 2, completed: 2, overdue: 0 },
    ]);
  });

  it('lists every day of the period with zeros and rates null when nothing was completed or due', async () => {
    const body = expectEnvelope(await lead.client.get('/api/team/board?from=2026-10-10&to=2026-10-12'), 200);
    expect(body.data.by_day).toEqual([
      { day: '2026-10-10', received: 0, completed: 0, overdue: 0 },
      { day: '2026-10-11', received: 0, completed: 0, overdue: 0 },
      { day: '2026-10-12', received: 0, completed: 0, overdue: 0 },
    ]);
    expect(body.data.totals).toMatchObject({ received: 0, completed: 0, due: 0, overdue: 0, on_time_rate: null, first_pass_rate: null, deduction_cents: 0, appeals: 0 });
    // Point-in-time figures do not depend on the period.
    expect(body.data.totals.in_progress).toBe(3);
    expect(body.data.totals.appeals_pending).toBe(2);
  });

  it('daily detail: per designer per day, newest first, with fees and deductions; one designer on request', async () => {
    const body = expectEnvelope(await lead.client.get('/api/team/daily-detail?from=2026-11-02&to=2026-11-04'), 200);
    const row = (day: string, who: Person, name: string, v: [number, number, number, number, number]) => ({
      day,
      designer_id: who.code,
      designer_name: name,
      received: v[0],
      completed: v[1],
      overdue: v[2],
      fee_cents: v[3],
      deduction_cents: v[4],
    });
    expect(body.data.rows).toEqual([
      row('2026-11-04', a, '设计师甲', [1, 1, 0, 2000, 0]),
      row('2026-11-04', b, '设计师乙', [1, 1, 0, 800, 1000]),
      row('2026-11-03', a, '设计师甲', [1, 1, 2, 1000, 300]),
      row('2026-11-02', a, '设计师甲', [3, 1, 0, 500, 0]),
      row('2026-11-02', b, '设计师乙', [1, 0, 0, 0, 0]),
    ]);
    const one = expectEnvelope(await lead.client.get(`/api/team/daily-detail?from=2026-11-02&to=2026-11-04&designer_id=${b.code}`), 200);
    expect(one.data.rows.map((r: { designer_id: string }) => r.designer_id)).toEqual([b.code, b.code]);
  });

  it('the on-time rate is taken from the same tickets and days as 已超时, so it cannot say 100% beside an overdue count', async () => {
    // A team of its own: C completed one ticket on time, owes drafts on three whose deadlines have
    // passed, and had one closed before any draft was due. Counting completions, the rate was 100%
    // beside 已超时 3.
    const shop = await firstShop(t);
    const product = await createProduct(t);
    const team = await createTeam(t);
    const lead2 = await createPerson(t, { type: 0, teamId: team, name: '一致组长' });
    const c = await createPerson(t, { teamId: team, name: '设计师丙' });
    const tk = (s: Omit<TicketSpec, 'holder' | 'teamId'>) => insertTicket(t.db, shop, product, { holder: c, teamId: team, ...s });
    const done = await tk({ due: sh('2026-09-07', '18:00'), status: '4', stage: 'done' });
    await event(t.db, done, 'completed', sh('2026-09-07', '17:00'));
    for (const time of ['09:00', '12:00', '15:00']) await tk({ due: sh('2026-09-08', time) });
    await tk({ due: sh('2026-09-09', '12:00'), status: '6', stage: 'waiting' });

    const body = expectEnvelope(await lead2.client.get('/api/team/board?from=2026-09-07&to=2026-09-09'), 200);
    expect(body.data.totals).toMatchObject({ completed: 1, due: 4, overdue: 3, on_time_rate: 0.25 });
    for (const f of [body.data.totals, ...body.data.by_designer] as { due: number; overdue: number; on_time_rate: number | null }[]) {
      expect(f.overdue).toBeLessThanOrEqual(f.due);
      expect(f.on_time_rate).toBe(f.due ? Math.round(((f.due - f.overdue) / f.due) * 10_000) / 10_000 : null);
    }
  });

  it('refuses a period longer than 92 days or reversed (422)', async () => {
    expectFieldErrors(await lead.client.get('/api/team/board?from=2026-01-01&to=2026-04-30'), [['to', '查询区间不能超过92天']]);
    expectFieldErrors(await lead.client.get('/api/team/board?from=2026-11-05&to=2026-11-01'), [['to', '结束日期不能早于开始日期']]);
    expectFieldErrors(await lead.client.get('/api/team/board?from=2026-02-30&to=2026-03-01'), [['from', '日期格式应为YYYY-MM-DD']]);
    expectEnvelope(await lead.client.get('/api/team/board?from=2026-08-05&to=2026-11-04'), 200);
  });
});
