/**
 * The SQL of order plans: plans with their cells, change requests, and the capacity allocation
 * uses. Every function takes `db` or a transaction first.
 *
 * A plan is written together with its cells: `ensurePlan` (a plan created when missing, its cells
 * prefilled from each member's `daily_capacity`, the week's pending requests linked to it) and
 * `writeCells` run in the caller's transaction (a unit of work of the service).
 */
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { weekDays } from '../../domain/calendar.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { nowIso } from '../../lib/time.js';
import type { PlanRequestView } from './plan.schemas.js';

/** A change of one day's capacity, as requested (`plan_change_requests.changes` holds a JSON list). */
export type Change = { day: string; capacity: number };
/** One cell of a plan: a designer's capacity on a day. */
export type Cell = { designer_id: number; day: string; capacity: number };

/** Rows are written in chunks of this many (bound-parameter limits). */
const CHUNK = 500;

export function parseChanges(json: string): Change[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as Change[]).map((c) => ({ day: String(c.day), capacity: Number(c.capacity) })) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Capacity (allocation in the tickets module, the team's designer list)

/**
 * The ON condition that LEFT JOINs designer row `d` with its plan cell of `day` as `cell`
 * (`.leftJoin('order_plan_cells as cell', (j) => j.on(planCellOf(day)))`): the cell of (designer,
 * day) in a plan of the designer's current team. A team has one plan per week, so at most one cell
 * matches. Each candidate row finds its cell through `order_plan_cells_designer_day_idx` and checks
 * the plan's team by its key. A derived table of the day's cells, joined on (designer, team), read
 * every cell of every plan to find the day's (SQLite has no index on `day` first) and cost
 * allocation ~36 ms per ranking with a year of plans of 2,000 designers (728,000 cells), where this
 * costs ~2.7 ms; with an index on `day` SQLite's planner then chose a nested scan of the day's cells
 * per candidate (145 ms). `order-plans-allocation.test.ts` holds the plan.
 */
export function planCellOf(day: string) {
  return sql<SqlBool>`cell.designer_id = d.id and cell.day = ${day} and exists (select 1 from order_plans as op where op.id = cell.plan_id and op.team_id = d.team_id)`;
}

/** "Capacity on the day" of designer row `d` joined with its cell (`planCellOf`) as `cell`: the cell, else the default. */
export const effectiveCapacitySql = sql<number>`coalesce(cell.capacity, d.daily_capacity)`;

/**
 * The designer's capacity on `day` (Asia/Shanghai YYYY-MM-DD): the cell of a plan of their current
 * team, else `daily_capacity`.
 */
export async function capacityOn(db: Db, designer: Pick<Designer, 'id' | 'team_id' | 'daily_capacity'>, day: string): Promise<number> {
  if (designer.team_id === null) return designer.daily_capacity;
  const cell = await db
    .selectFrom('order_plan_cells as pc')
    .innerJoin('order_plans as op', 'op.id', 'pc.plan_id')
    .select('pc.capacity')
    .where('pc.designer_id', '=', designer.id)
    .where('pc.day', '=', day)
    .where('op.team_id', '=', designer.team_id)
    .executeTakeFirst();
  return cell ? Number(cell.capacity) : designer.daily_capacity;
}

// ---------------------------------------------------------------------------------------------
// People

/** Active non-lead members: the rows of a plan. */
export function activeMembers(db: Db, teamId: number) {
  return db
    .selectFrom('designers')
    .select(['id', 'real_name', 'nickname', 'daily_capacity'])
    .where('team_id', '=', teamId)
    .where('designer_type', '<>', 0)
    .where('account_status', '=', 1)
    .orderBy('id')
    .execute();
}

/** Which of these designers are non-lead members of the team. */
export async function teamMemberIds(db: Db, teamId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('designers').select('id').where('id', 'in', ids).where('team_id', '=', teamId).where('designer_type', '<>', 0).execute();
  return new Set(rows.map((d) => d.id));
}

// ---------------------------------------------------------------------------------------------
// Plans and cells

export function findTeamPlan(db: Db, teamId: number, planId: number) {
  return db.selectFrom('order_plans').selectAll().where('id', '=', planId).where('team_id', '=', teamId).executeTakeFirst();
}

/** The id of a team's plan of a week, if there is one. */
export async function findWeekPlanId(db: Db, teamId: number, weekStart: string): Promise<number | undefined> {
  const plan = await db.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', weekStart).executeTakeFirst();
  return plan?.id;
}

/** A plan's cells with each designer's name and daily capacity. */
export function planCells(db: Db, planId: number) {
  return db
    .selectFrom('order_plan_cells as c')
    .innerJoin('designers as d', 'd.id', 'c.designer_id')
    .select(['c.designer_id', 'c.day', 'c.capacity', 'd.real_name', 'd.nickname', 'd.daily_capacity'])
    .where('c.plan_id', '=', planId)
    .execute();
}

/** One designer's cells of a plan. */
export function designerCells(db: Db, planId: number, designerId: number) {
  return db.selectFrom('order_plan_cells').select(['day', 'capacity']).where('plan_id', '=', planId).where('designer_id', '=', designerId).execute();
}

/** One page of a team's plans, newest week first, with designer count, total capacity and pending requests. */
export async function planSummaries(db: Db, teamId: number, page: number, pageSize: number) {
  const base = db.selectFrom('order_plans as p').where('p.team_id', '=', teamId);
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'p.id',
        'p.week_start',
        eb.selectFrom('order_plan_cells as c').select((e) => e.fn.count<number>('c.designer_id').distinct().as('n')).whereRef('c.plan_id', '=', 'p.id').as('designer_count'),
        eb.selectFrom('order_plan_cells as c').select((e) => e.fn.sum<number>('c.capacity').as('n')).whereRef('c.plan_id', '=', 'p.id').as('total_capacity'),
        eb
          .selectFrom('plan_change_requests as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.team_id', '=', 'p.team_id')
          .whereRef('r.week_start', '=', 'p.week_start')
          .where('r.status', '=', 'pending')
          .as('pending_requests'),
      ])
      .orderBy('p.week_start', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The plan of a team's week, created (cells prefilled from each member's daily_capacity, pending
 * requests of the week linked to it) when missing. `created` false when it existed.
 */
export async function ensurePlan(trx: Transaction<Database>, teamId: number, weekStart: string, by: number): Promise<{ id: number; created: boolean }> {
  const now = nowIso();
  const inserted = await trx
    .insertInto('order_plans')
    .values({ team_id: teamId, week_start: weekStart, created_by: by, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['team_id', 'week_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', weekStart).executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }
  const people = await activeMembers(trx, teamId);
  const cells = people.flatMap((p) => weekDays(weekStart).map((day) => ({ plan_id: inserted.id, designer_id: p.id, day, capacity: p.daily_capacity })));
  for (let i = 0; i < cells.length; i += CHUNK) await trx.insertInto('order_plan_cells').values(cells.slice(i, i + CHUNK)).execute();
  await trx.updateTable('plan_change_requests').set({ plan_id: inserted.id }).where('team_id', '=', teamId).where('week_start', '=', weekStart).where('plan_id', 'is', null).execute();
  return { id: inserted.id, created: true };
}

/** Sets cells of a plan (insert or overwrite) and marks the plan updated. */
export async function writeCells(trx: Transaction<Database>, planId: number, cells: Cell[]): Promise<void> {
  for (let i = 0; i < cells.length; i += CHUNK) {
    await trx
      .insertInto('order_plan_cells')
      .values(cells.slice(i, i + CHUNK).map((c) => ({ plan_id: planId, ...c })))
      .onConflict((oc) => oc.columns(['plan_id', 'designer_id', 'day']).doUpdateSet((eb) => ({ capacity: eb.ref('excluded.capacity') })))
      .execute();
  }
  await trx.updateTable('order_plans').set({ updated_at: nowIso() }).where('id', '=', planId).execute();
}

// ---------------------------------------------------------------------------------------------
// Change requests

/** Requests as the wire shows them (newest first, at most 200), filtered by whichever is given. */
export async function requestViews(db: Db, where: { teamId?: number; designerId?: number; weekStart?: string; id?: number }): Promise<PlanRequestView[]> {
  let q = db
    .selectFrom('plan_change_requests as r')
    .innerJoin('designers as d', 'd.id', 'r.designer_id')
    .leftJoin('designers as v', 'v.id', 'r.reviewer_id')
    .select([
      'r.id',
      'r.plan_id',
      'r.week_start',
      'r.designer_id',
      'r.kind',
      'r.changes',
      'r.reason',
      'r.status',
      'r.review_note',
      'r.created_at',
      'r.reviewed_at',
      'd.real_name',
      'd.nickname',
      'v.id as reviewer_id',
      'v.real_name as reviewer_real_name',
      'v.nickname as reviewer_nickname',
    ])
    .orderBy('r.id', 'desc');
  if (where.teamId !== undefined) q = q.where('r.team_id', '=', where.teamId);
  if (where.designerId !== undefined) q = q.where('r.designer_id', '=', where.designerId);
  if (where.weekStart !== undefined) q = q.where('r.week_start', '=', where.weekStart);
  if (where.id !== undefined) q = q.where('r.id', '=', where.id);
  const rows = await q.limit(200).execute();
  return rows.map((r) => ({
    request_id: r.id,
    plan_id: r.plan_id,
    week_start: r.week_start,
    designer_id: designerCode(r.designer_id),
    designer_name: displayName({ id: r.designer_id, real_name: r.real_name, nickname: r.nickname }),
    kind: r.kind as PlanRequestView['kind'],
    changes: parseChanges(r.changes),
    reason: r.reason,
    status: r.status as PlanRequestView['status'],
    reviewer_name: r.reviewer_id !== null ? displayName({ id: r.reviewer_id, real_name: r.reviewer_real_name ?? '', nickname: r.reviewer_nickname ?? '' }) : null,
    review_note: r.review_note,
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  }));
}

/** Whether the designer has a pending request for the week. */
export async function hasPendingRequest(db: Db, designerId: number, weekStart: string): Promise<boolean> {
  const pending = await db
    .selectFrom('plan_change_requests')
    .select('id')
    .where('designer_id', '=', designerId)
    .where('week_start', '=', weekStart)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return pending !== undefined;
}

/** Files a pending request; a second pending one of the designer and week violates `plan_change_requests_one_pending_uq`. */
export async function insertRequest(
  trx: Db,
  r: { planId: number | null; teamId: number; designerId: number; weekStart: string; kind: string; changes: Change[]; reason: string },
): Promise<number> {
  const row = await trx
    .insertInto('plan_change_requests')
    .values({
      plan_id: r.planId,
      team_id: r.teamId,
      designer_id: r.designerId,
      week_start: r.weekStart,
      kind: r.kind,
      changes: JSON.stringify(r.changes),
      reason: r.reason,
      status: 'pending',
      reviewer_id: null,
      review_note: '',
      created_at: nowIso(),
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A request of the team, if any. */
export function findTeamRequest(db: Db, teamId: number, requestId: number) {
  return db.selectFrom('plan_change_requests').selectAll().where('id', '=', requestId).where('team_id', '=', teamId).executeTakeFirst();
}

/** Decides a pending request; false when it was no longer pending (decided by someone else). */
export async function decideRequest(trx: Db, requestId: number, d: { approved: boolean; reviewerId: number; note: string; at: string }): Promise<boolean> {
  const r = await trx
    .updateTable('plan_change_requests')
    .set({ status: d.approved ? 'approved' : 'rejected', reviewer_id: d.reviewerId, review_note: d.note, reviewed_at: d.at })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function linkRequestToPlan(trx: Db, requestId: number, planId: number): Promise<void> {
  await trx.updateTable('plan_change_requests').set({ plan_id: planId }).where('id', '=', requestId).execute();
}
