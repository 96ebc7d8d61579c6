/**
 * SQL of the workbench home (issue #18): read-only figures over tickets, allocations, the order
 * plans and the designers, in as few statements as each card allows. Like the team board
 * (team-management), it reads those tables directly and takes the tickets module's definitions
 * (open statuses, the stages that owe a draft) from its face, so "overdue" here is the list's
 * `overdue=1` and the panel's count. Every function takes `db` first.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Bindings, runStatement, type Slot } from '../../db/statements.js';
import { DRAFT_DUE_STAGES, OPEN_STATUSES, TICKET_STATUS } from '../tickets/index.js';
import { WORK_GROUPS, type WorkGroup } from './workbench.schemas.js';

/** Whose tickets the work card covers: the ones a designer holds, or a lead's team. */
export type WorkScope = { kind: 'designer'; designerId: number } | { kind: 'team'; teamId: number };

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
}

/**
 * The groups of the work card, each ticket in the first that applies (open statuses only):
 * overdue (owing a draft past due), due soon (owing a draft, due before `soon`), rejected (factory
 * rejected "5": rework), waiting for a first draft. Written over `status`, `stage` and `due_at`
 * alone, which the scope's index holds (`tickets_designer_open_idx`, `tickets_team_open_idx`), so
 * counting and picking read no ticket row: a heavy designer has ~1,400 open tickets, a team ~20,000.
 */
function groupCondition(eb: ExpressionBuilder<Database, 'tickets'>, group: WorkGroup, v: Slot): Expression<SqlBool> {
  const owing = eb('tickets.stage', 'in', DRAFT_DUE_STAGES);
  const dueBefore = (at: unknown) => eb.and([eb('tickets.due_at', 'is not', null), eb('tickets.due_at', '<', at as string)]);
  const urgent = eb.and([owing, dueBefore(v('soon'))]);
  switch (group) {
    case 'overdue':
      return eb.and([owing, dueBefore(v('now'))]);
    case 'due_soon':
      return eb.and([owing, eb('tickets.due_at', '>=', v('now')), eb('tickets.due_at', '<', v('soon'))]);
    case 'rejected':
      return eb.and([eb('tickets.status', '=', TICKET_STATUS.factoryRejected), eb.not(urgent)]);
    case 'waiting_first_draft':
      return eb.and([eb('tickets.stage', '=', 'waiting'), eb('tickets.status', '<>', TICKET_STATUS.factoryRejected), eb.not(urgent)]);
  }
}

/** Open tickets of the scope that can be in a group: owing a draft, or factory rejected. */
function inScope(db: Db, scope: WorkScope['kind'], v: Slot) {
  const q = db
    .selectFrom('tickets')
    .where('tickets.status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('tickets.stage', 'in', DRAFT_DUE_STAGES), eb('tickets.status', '=', TICKET_STATUS.factoryRejected)]));
  return scope === 'designer' ? q.where('tickets.designer_id', '=', v('owner')) : q.where('tickets.team_id', '=', v('owner'));
}

const sumIf = (cond: Expression<SqlBool>) => sql<number | string | null>`sum(case when ${cond} then 1 else 0 end)`;

const values = (scope: WorkScope, now: string, soon: string): Bindings => ({
  owner: scope.kind === 'designer' ? scope.designerId : scope.teamId,
  now,
  soon,
});

/**
 * How many tickets of the scope are in each group, in one index-only statement (compiled once
 * per scope kind: it runs on every home, db/statements.ts).
 */
export async function workCounts(db: Db, scope: WorkScope, now: string, soon: string): Promise<Record<WorkGroup, number>> {
  const { rows } = await runStatement<Record<WorkGroup, number | string | null>>(
    db,
    `workbench.counts|${scope.kind}`,
    (v) => inScope(db, scope.kind, v).select((eb) => WORK_GROUPS.map((g) => sumIf(groupCondition(eb, g, v)).as(g))),
    values(scope, now, soon),
  );
  const row = rows[0];
  return Object.fromEntries(WORK_GROUPS.map((g) => [g, Number(row?.[g] ?? 0)])) as Record<WorkGroup, number>;
}

/**
 * The first instant after `now` at which a ticket of the scope may change work group with no write
 * to the database: an owing ticket falls due (overdue at its `due_at`) or comes within the due-soon
 * window (at `due_at` minus the window, for one due at or after `soon`). `undefined`: none will.
 * One index lookup per open status and owing stage and bound (db/statements.ts), the earliest of
 * each read from the scope's index.
 */
export async function nextWorkChange(db: Db, scope: WorkScope, now: string, soon: string, windowMs: number): Promise<number | undefined> {
  const owner = scope.kind === 'designer' ? scope.designerId : scope.teamId;
  let next = Number.POSITIVE_INFINITY;
  for (const status of OPEN_STATUSES) {
    for (const stage of DRAFT_DUE_STAGES) {
      for (const [from, before] of [
        [now, 0],
        [soon, windowMs],
      ] as const) {
        const { rows } = await runStatement<{ due_at: string }>(
          db,
          `workbench.nextDue|${scope.kind}`,
          (v) =>
            db
              .selectFrom('tickets')
              .select('tickets.due_at')
              .where(scope.kind === 'designer' ? 'tickets.designer_id' : 'tickets.team_id', '=', v('owner'))
              .where('tickets.status', '=', v('status'))
              .where('tickets.stage', '=', v('stage'))
              .where('tickets.due_at', '>=', v('from'))
              .orderBy('tickets.due_at')
              .limit(1),
          { owner, status, stage, from },
        );
        const due = rows[0]?.due_at;
        if (due) next = Math.min(next, Date.parse(due) - before);
      }
    }
  }
  return Number.isFinite(next) ? next : undefined;
}

/**
 * The most urgent `limit` tickets of each of `groups` (due time, then id): ids from the index,
 * then only those rows.
 */
export async function workTickets(db: Db, scope: WorkScope, groups: readonly WorkGroup[], now: string, soon: string, limit: number): Promise<Map<WorkGroup, WorkRow[]>> {
  const b = { ...values(scope, now, soon), limit };
  const picked = await Promise.all(
    groups.map(async (g) => {
      const { rows } = await runStatement<{ id: number }>(
        db,
        `workbench.ids|${scope.kind}|${g}`,
        (v) =>
          g === 'overdue' || g === 'due_soon'
            ? urgentIds(db, scope.kind, g, v)
            : inScope(db, scope.kind, v).select('tickets.id').where((eb) => groupCondition(eb, g, v)).orderBy('tickets.due_at').orderBy('tickets.id').limit(v('limit')),
        b,
      );
      return [g, rows.map((r) => r.id)] as const;
    }),
  );
  const ids = picked.flatMap(([, x]) => x);
  const rows = ids.length
    ? await db
        .selectFrom('tickets')
        .select([
          'id',
          'current_allocation_id',
          'order_no',
          'title',
          'product_id',
          'status',
          'stage',
          'order_markers',
          'work_markers',
          'allowed_minutes',
          'started_at',
          'due_at',
          'designer_id',
        ])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(picked.map(([g, x]) => [g, x.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))]));
}

/**
 * The most urgent ids of an urgent group (overdue, due soon): those groups hold every owing ticket
 * of a status and stage in a range of `due_at`, so each (status, stage) pair's first `limit` come in
 * `due_at` order straight from the scope's index, and the page is the first `limit` of those few.
 * Asked as one ordered scan over all the pairs, the database read every ticket of the range and
 * sorted them: a team ~5,000 overdue, 6–18 ms on PostgreSQL for five rows.
 */
function urgentIds(db: Db, scope: WorkScope['kind'], group: 'overdue' | 'due_soon', v: Slot) {
  const owner = scope === 'designer' ? 'tickets.designer_id' : 'tickets.team_id';
  const legs = OPEN_STATUSES.flatMap((status) =>
    DRAFT_DUE_STAGES.map((stage) => {
      let leg = db
        .selectFrom('tickets')
        .select(['tickets.id', 'tickets.due_at'])
        .where(owner, '=', v('owner'))
        .where('tickets.status', '=', status)
        .where('tickets.stage', '=', stage)
        .where('tickets.due_at', 'is not', null);
      leg = group === 'overdue' ? leg.where('tickets.due_at', '<', v('now')) : leg.where('tickets.due_at', '>=', v('now')).where('tickets.due_at', '<', v('soon'));
      return leg.orderBy('tickets.due_at').orderBy('tickets.id').limit(v('limit'));
    }),
  );
  return db
    .selectFrom((eb) => {
      // Each leg is wrapped (SQLite takes no ORDER BY or LIMIT inside a compound select).
      const [first, ...rest] = legs.map((leg, i) => eb.selectFrom(leg.as(`l${i}`)).select([`l${i}.id as id`, `l${i}.due_at as due_at`]));
      return rest.reduce((all, leg) => all.unionAll(leg), first!).as('u');
    })
    .select('u.id')
    .orderBy('u.due_at')
    .orderBy('u.id')
    .limit(v('limit'));
}

/** Names of designers by id. */
export async function designerNames(db: Db, ids: readonly number[]): Promise<Map<number, { id: number; real_name: string; nickname: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}


/**
 * The team today: tickets created since the day's start, and tickets completed since then (each
 * once, however many completion notices it had: the team board's `completed`, whose day is that
 * of the latest notice). Read from today's notices (ticket_events_type_time_idx): few rows.
 */
export async function teamToday(db: Db, teamId: number, dayStart: string): Promise<{ ticketsIn: number; done: number }> {
  const [created, done] = await Promise.all([
    db.selectFrom('tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).where('created_at', '>=', dayStart).executeTakeFirstOrThrow(),
    db
      .selectFrom('ticket_events as e')
      .innerJoin('tickets as t', 't.id', 'e.ticket_id')
      .select((eb) => eb.fn.count<number>('e.ticket_id').distinct().as('n'))
      .where('e.type', '=', 'completed')
      .where('e.created_at', '>=', dayStart)
      .where('t.team_id', '=', teamId)
      .executeTakeFirstOrThrow(),
  ]);
  return { ticketsIn: Number(created.n), done: Number(done.n) };
}

/**
 * The team's active members who take tickets (not leads), with whether they accept tickets now,
 * today's capacity (their cell of the team's plan of this week, else their daily capacity: what
 * allocation uses) and today's assignments (`designer_loads`, what capacity is claimed against).
 * The cells are read by the plan's key (plan, day), not joined across every plan's cells.
 */
export async function teamMembersToday(db: Db, teamId: number, day: string, planId: number | null) {
  const [members, cells] = await Promise.all([
    db
      .selectFrom('designers as d')
      .leftJoin('designer_loads as l', (j) => j.onRef('l.designer_id', '=', 'd.id').on('l.day', '=', day))
      .select(['d.id', 'd.real_name', 'd.nickname', 'd.online_ticket_status', 'd.daily_capacity', 'l.assigned_today'])
      .where('d.team_id', '=', teamId)
      .where('d.account_status', '=', 1)
      .where('d.designer_type', '<>', 0)
      .orderBy('d.id')
      .execute(),
    planId === null
      ? Promise.resolve([])
      : db.selectFrom('order_plan_cells').select(['designer_id', 'capacity']).where('plan_id', '=', planId).where('day', '=', day).execute(),
  ]);
  const cellOf = new Map(cells.map((c) => [c.designer_id, Number(c.capacity)]));
  return members.map((m) => ({
    id: m.id,
    real_name: m.real_name,
    nickname: m.nickname,
    online_ticket_status: m.online_ticket_status,
    capacity: cellOf.get(m.id) ?? Number(m.daily_capacity),
    assigned: Number(m.assigned_today ?? 0),
  }));
}

/** The team's plan of the week starting `weekStart`, if any. */
export async function weekPlanId(db: Db, teamId: number, weekStart: string): Promise<number | null> {
  const row = await db.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', weekStart).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The products the designer is qualified for, with the tickets of each assigned to them since the
 * day's start (their allocations, any way: system, manual, hall, transfer-in; `allocations_designer_idx`).
 */
export async function productLoads(db: Db, designerId: number, dayStart: string) {
  const [products, today] = await Promise.all([
    db
      .selectFrom('designer_products as dp')
      .innerJoin('products as p', 'p.id', 'dp.product_id')
      .select(['p.id', 'p.name'])
      .where('dp.designer_id', '=', designerId)
      .orderBy('p.id')
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
  const todayBy = new Map(today.map((r) => [r.product_id, Number(r.n)]));
  return products.map((p) => ({ product_id: p.id, name: p.name, assigned_today: todayBy.get(p.id) ?? 0 }));
}
