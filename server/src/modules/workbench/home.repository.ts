/**
 * SQL of the workbench home (issue #18): read-only figures over tickets, allocations, the order
 * plans and the designers, in as few statements as each card allows. Like the team board
 * (team-management), it reads those tables directly and takes the tickets module's definitions
 * (open statuses, the stages that owe a draft) from its face, so "overdue" here is the list's
 * `overdue=1` and the panel's count. Every function takes `db` first.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { planCellsOf } from '../order-plans/index.js';
import { DRAFT_DUE_STAGES, OPEN_STATUSES, TICKET_STATUS } from '../tickets/index.js';
import type { WorkGroup } from './workbench.schemas.js';

/** Whose tickets the work card covers: the ones a designer holds, or a lead's team. */
export type WorkScope = { kind: 'designer'; designerId: number } | { kind: 'team'; teamId: number };

/** Markers that say the work came back: 驳回 (OVERRULE), 退回 (RETURN), 拒绝 (REJECT). */
const RETURNED_MARKERS = ['OVERRULE', 'RETURN', 'REJECT'] as const;

export interface WorkRow {
  id: number;
  current_allocation_id: number | null;
  order_no: string;
  title: string;
  product_id: number;
  status: string;
  stage: string;
  order_markers: string;
  work_markers: string;
  allowed_minutes: number;
  started_at: string | null;
  due_at: string | null;
  designer_id: number | null;
  grp: WorkGroup;
  rn: number;
  n: number | string;
}

/**
 * The open tickets of the scope that need action now, each in one group, the first that applies:
 * overdue (owing a draft past due), due within the window (owing a draft, due before `soon`),
 * rejected or returned (factory rejected "5", or a 驳回/退回/拒绝 marker), waiting for a first draft.
 * At most `perGroup` rows of each group (the most urgent first: due time, else creation, then id),
 * each carrying its group's count, in one statement (window functions, on both databases).
 */
export async function workRows(db: Db, scope: WorkScope, now: string, soon: string, perGroup: number): Promise<WorkRow[]> {
  const markers = sql<string>`(',' || ${sql.ref('t.order_markers')} || ',' || ${sql.ref('t.work_markers')} || ',')`;
  const grp = sql<WorkGroup | null>`case
    when ${sql.ref('t.stage')} in (${sql.join(DRAFT_DUE_STAGES)}) and ${sql.ref('t.due_at')} < ${now} then 'overdue'
    when ${sql.ref('t.stage')} in (${sql.join(DRAFT_DUE_STAGES)}) and ${sql.ref('t.due_at')} < ${soon} then 'due_soon'
    when ${sql.ref('t.status')} = ${TICKET_STATUS.factoryRejected} or ${sql.join(RETURNED_MARKERS.map((m) => sql`${markers} like ${`%,${m},%`}`), sql` or `)} then 'rejected'
    when ${sql.ref('t.stage')} = 'waiting' then 'waiting_first_draft'
  end`;
  let inner = db
    .selectFrom('tickets as t')
    .select([
      't.id',
      't.current_allocation_id',
      't.order_no',
      't.title',
      't.product_id',
      't.status',
      't.stage',
      't.order_markers',
      't.work_markers',
      't.allowed_minutes',
      't.started_at',
      't.due_at',
      't.designer_id',
      't.created_at',
      grp.as('grp'),
    ])
    .where('t.status', 'in', OPEN_STATUSES);
  inner = scope.kind === 'designer' ? inner.where('t.designer_id', '=', scope.designerId) : inner.where('t.team_id', '=', scope.teamId);
  const ranked = db
    .selectFrom(inner.as('g'))
    .selectAll('g')
    .select([
      sql<number>`row_number() over (partition by ${sql.ref('g.grp')} order by coalesce(${sql.ref('g.due_at')}, ${sql.ref('g.created_at')}), ${sql.ref('g.id')})`.as('rn'),
      sql<number>`count(*) over (partition by ${sql.ref('g.grp')})`.as('n'),
    ])
    .where('g.grp', 'is not', null);
  const rows = await db.selectFrom(ranked.as('r')).selectAll('r').where('r.rn', '<=', perGroup).orderBy('r.grp').orderBy('r.rn').execute();
  return rows as unknown as WorkRow[];
}

/** Names of designers by id. */
export async function designerNames(db: Db, ids: readonly number[]): Promise<Map<number, { id: number; real_name: string; nickname: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}


/** The team today: tickets created since the day's start, completion notices since then. */
export async function teamToday(db: Db, teamId: number, dayStart: string): Promise<{ ticketsIn: number; done: number }> {
  const [created, done] = await Promise.all([
    db.selectFrom('tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).where('created_at', '>=', dayStart).executeTakeFirstOrThrow(),
    db
      .selectFrom('ticket_events as e')
      .innerJoin('tickets as t', 't.id', 'e.ticket_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.type', '=', 'completed')
      .where('e.created_at', '>=', dayStart)
      .where('t.team_id', '=', teamId)
      .executeTakeFirstOrThrow(),
  ]);
  return { ticketsIn: Number(created.n), done: Number(done.n) };
}

/**
 * The team's active members who take tickets (not leads), with whether they accept tickets now,
 * today's capacity (the plan's cell of their team, else their daily capacity: what allocation
 * uses) and today's assignments (`designer_loads`, what capacity is claimed against).
 */
export async function teamMembersToday(db: Db, teamId: number, day: string) {
  const rows = await db
    .selectFrom('designers as d')
    .leftJoin(planCellsOf(db, day).as('cell'), (j) => j.onRef('cell.designer_id', '=', 'd.id').onRef('cell.team_id', '=', 'd.team_id'))
    .leftJoin('designer_loads as l', (j) => j.onRef('l.designer_id', '=', 'd.id').on('l.day', '=', day))
    .select([
      'd.id',
      'd.real_name',
      'd.nickname',
      'd.online_ticket_status',
      sql<number>`coalesce(${sql.ref('cell.capacity')}, ${sql.ref('d.daily_capacity')})`.as('capacity'),
      sql<number>`coalesce(${sql.ref('l.assigned_today')}, 0)`.as('assigned'),
    ])
    .where('d.team_id', '=', teamId)
    .where('d.account_status', '=', 1)
    .where('d.designer_type', '<>', 0)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ ...r, capacity: Number(r.capacity), assigned: Number(r.assigned) }));
}

/** The team's plan of the week starting `weekStart`, if any. */
export async function weekPlanId(db: Db, teamId: number, weekStart: string): Promise<number | null> {
  const row = await db.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', weekStart).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The products the designer is qualified for, with their open tickets not done and the tickets of
 * each assigned to them since the day's start (their allocations, any way: system, manual, hall,
 * transfer-in).
 */
export async function productLoads(db: Db, designerId: number, dayStart: string) {
  const [products, open, today] = await Promise.all([
    db
      .selectFrom('designer_products as dp')
      .innerJoin('products as p', 'p.id', 'dp.product_id')
      .select(['p.id', 'p.name'])
      .where('dp.designer_id', '=', designerId)
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('tickets')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('designer_id', '=', designerId)
      .where('status', 'in', OPEN_STATUSES)
      .where('stage', '<>', 'done')
      .groupBy('product_id')
      .execute(),
    db
      .selectFrom('allocations as a')
      .innerJoin('tickets as t', 't.id', 'a.ticket_id')
      .select(['t.product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.designer_id', '=', designerId)
      .where('a.assigned_at', '>=', dayStart)
      .groupBy('t.product_id')
      .execute(),
  ]);
  const openBy = new Map(open.map((r) => [r.product_id, Number(r.n)]));
  const todayBy = new Map(today.map((r) => [r.product_id, Number(r.n)]));
  return products.map((p) => ({ product_id: p.id, name: p.name, in_progress: openBy.get(p.id) ?? 0, assigned_today: todayBy.get(p.id) ?? 0 }));
}

