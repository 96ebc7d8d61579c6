/**
 * The figures of the team board, the daily detail and the designer list (README.md of this module
 * defines each one). Every figure is a grouped, index-backed query over the team's members, bucketed
 * by Asia/Shanghai day in SQL (a join on the days' bounds), so a month of a 50-designer team returns a few hundred rows.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db, Dialect } from '../../db/database.js';
import { addDays, daysBetween, shanghaiDayStart } from '../../domain/calendar.js';

/** Figures of one designer on one day. */
export interface DayFigures {
  received: number;
  completed: number;
  first_pass: number;
  /** Deadlines that fell on the day and have passed, of tickets that owed a draft by then. */
  due: number;
  overdue: number;
  fee_cents: number;
  deduction_cents: number;
}

/** Point-in-time and per-period figures of one designer that are not per day. */
export interface DesignerExtras {
  in_progress: number;
  appeals: number;
  appeals_pending: number;
}

export interface BoardFigures {
  received: number;
  in_progress: number;
  completed: number;
  due: number;
  overdue: number;
  on_time_rate: number | null;
  first_pass_rate: number | null;
  deduction_cents: number;
  appeals: number;
  appeals_pending: number;
}

export interface RawBoard {
  days: string[];
  /** `${designerId}|${day}` → figures (only cells with something in them). */
  cells: Map<string, DayFigures>;
  extras: Map<number, DesignerExtras>;
}

const OPEN = ['0', '5', '7'];
const OWING = ['waiting', 'first_draft'];

const emptyDay = (): DayFigures => ({ received: 0, completed: 0, first_pass: 0, due: 0, overdue: 0, fee_cents: 0, deduction_cents: 0 });

/**
 * `with d(day, s, e)`: one row per day of the period with the UTC bounds of that Asia/Shanghai day.
 * Joining it on a time column buckets rows by day with plain range conditions on an index (no date
 * function per row, the same SQL on SQLite and PostgreSQL).
 */
function daysCte(days: string[]) {
  const rows = days.map((day) => sql`(cast(${day} as text), cast(${shanghaiDayStart(day)} as text), cast(${shanghaiDayStart(addDays(day, 1))} as text))`);
  return sql`with d(day, s, e) as (values ${sql.join(rows)})`;
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * The raw figures of `designerIds` for the days `from`..`to` (inclusive), with `now` the current
 * time (overdue only counts deadlines that have passed). One read transaction: every figure comes
 * from the same snapshot on SQLite (and on PostgreSQL, repeatable read). PostgreSQL's JIT is off
 * for it: the day join's row estimates are far above the real counts, and compiling the plan cost
 * seconds for queries that run in milliseconds.
 */
export async function loadBoard(db: Db, dialect: Dialect, designerIds: number[], from: string, to: string, now: string): Promise<RawBoard> {
  const days = daysBetween(from, to);
  const cells = new Map<string, DayFigures>();
  const extras = new Map<number, DesignerExtras>(designerIds.map((id) => [id, { in_progress: 0, appeals: 0, appeals_pending: 0 }]));
  if (!designerIds.length) return { days, cells, extras };
  const start = shanghaiDayStart(from);
  const end = shanghaiDayStart(addDays(to, 1));
  const dueEnd = now < end ? now : end;

  // SQLite: read only, so it begins deferred and holds no write lock (db/database.ts) while it reads.
  const tx = dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction().setAccessMode('read only');
  return tx.execute(async (trx) => {
    if (dialect === 'postgres') await sql`set local jit = off`.execute(trx);
    return queryBoard(trx, designerIds, days, start, end, dueEnd, cells, extras);
  });
}

async function queryBoard(
  db: Transaction<Database>,
  designerIds: number[],
  days: string[],
  start: string,
  end: string,
  dueEnd: string,
  cells: Map<string, DayFigures>,
  extras: Map<number, DesignerExtras>,
): Promise<RawBoard> {
  const ids = sql.join(designerIds);
  const cell = (designerId: unknown, day: unknown) => {
    const key = `${n(designerId)}|${String(day)}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = emptyDay()));
    return c;
  };
  const d = daysCte(days);
  // Each day-joined query also bounds its time column by the whole period: PostgreSQL does not turn
  // the join's ranges into index bounds, and without them read every row of the members.
  const has = (marker: string, column = 'work_markers') => sql`(',' || ${sql.ref(column)} || ',') like ${`%,${marker},%`}`;
  const [received, completed, overdue, deductions, open, appeals, pending] = await Promise.all([
    // Allocations opened to a member in the period (allocations_designer_idx, index-only).
    sql<{ designer_id: number; day: string; n: number }>`${d}
      select d.day, a.designer_id, count(*) as n
      from d inner join allocations a on a.designer_id in (${ids}) and a.assigned_at >= d.s and a.assigned_at < d.e
      where a.assigned_at >= ${start} and a.assigned_at < ${end}
      group by d.day, a.designer_id`.execute(db),
    // Completion notices in the period (ticket_events_type_time_idx), credited to the ticket's holder.
    sql<{ designer_id: number; day: string; n: number; first_pass: number; fee: number }>`${d}
      select d.day, t.designer_id, count(*) as n,
        sum(case when ${has('FACTORY_REJECT', 't.work_markers')}
                   or exists (select 1 from drafts f where f.ticket_id = t.id and f.sync_status = 3)
              then 0 else 1 end) as first_pass,
        sum(t.fee_cents) as fee
      from d
      inner join ticket_events e on e.type = 'completed' and e.created_at >= d.s and e.created_at < d.e
      inner join tickets t on t.id = e.ticket_id
      where e.type = 'completed' and e.created_at >= ${start} and e.created_at < ${end} and t.designer_id in (${ids})
      group by d.day, t.designer_id`.execute(db),
    // Deadlines in the period, already passed (tickets_designer_due_idx covers it): `due` the
    // tickets that owed a draft by then (delivered, late, or still open owing one; not those closed
    // or refunded before any draft), `n` of them missed (a late draft, or still owing one). The
    // on-time rate is (due - n) / due: the same tickets and days as the overdue figure.
    sql<{ designer_id: number; day: string; due: number; n: number }>`${d}
      select d.day, t.designer_id, count(*) as due,
        sum(case when ${has('LATE', 't.work_markers')} or (t.status in (${sql.join(OPEN)}) and t.stage in (${sql.join(OWING)})) then 1 else 0 end) as n
      from d inner join tickets t on t.designer_id in (${ids}) and t.due_at >= d.s and t.due_at < d.e
      where t.due_at >= ${start} and t.due_at < ${dueEnd}
        and (${has('LATE', 't.work_markers')} or t.stage not in (${sql.join(OWING)}) or t.status in (${sql.join(OPEN)}))
      group by d.day, t.designer_id`.execute(db),
    sql<{ designer_id: number; day: string; cents: number }>`${d}
      select d.day, x.designer_id, sum(x.amount_cents) as cents
      from d inner join deductions x on x.designer_id in (${ids}) and x.created_at >= d.s and x.created_at < d.e
      where x.created_at >= ${start} and x.created_at < ${end}
      group by d.day, x.designer_id`.execute(db),
    sql<{ designer_id: number; n: number }>`
      select designer_id, count(*) as n from tickets
      where designer_id in (${ids}) and status in (${sql.join(OPEN)}) and stage <> 'done'
      group by designer_id`.execute(db),
    sql<{ designer_id: number; n: number }>`
      select designer_id, count(*) as n from appeals
      where designer_id in (${ids}) and created_at >= ${start} and created_at < ${end}
      group by designer_id`.execute(db),
    sql<{ designer_id: number; n: number }>`
      select designer_id, count(*) as n from appeals
      where designer_id in (${ids}) and status = 'pending'
      group by designer_id`.execute(db),
  ]);

  for (const r of received.rows) cell(r.designer_id, r.day).received += n(r.n);
  for (const r of completed.rows) {
    const c = cell(r.designer_id, r.day);
    c.completed += n(r.n);
    c.first_pass += n(r.first_pass);
    c.fee_cents += n(r.fee);
  }
  for (const r of overdue.rows) {
    const c = cell(r.designer_id, r.day);
    c.due += n(r.due);
    c.overdue += n(r.n);
  }
  for (const r of deductions.rows) cell(r.designer_id, r.day).deduction_cents += n(r.cents);
  for (const r of open.rows) extras.get(n(r.designer_id))!.in_progress = n(r.n);
  for (const r of appeals.rows) extras.get(n(r.designer_id))!.appeals = n(r.n);
  for (const r of pending.rows) extras.get(n(r.designer_id))!.appeals_pending = n(r.n);
  return { days, cells, extras };
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** Sums day figures and extras into the board's figure row. */
export function figures(dayRows: DayFigures[], extraRows: DesignerExtras[]): BoardFigures {
  const d = dayRows.reduce((a, c) => {
    for (const k of Object.keys(a) as (keyof DayFigures)[]) a[k] += c[k];
    return a;
  }, emptyDay());
  const x = extraRows.reduce((a, c) => ({ in_progress: a.in_progress + c.in_progress, appeals: a.appeals + c.appeals, appeals_pending: a.appeals_pending + c.appeals_pending }), {
    in_progress: 0,
    appeals: 0,
    appeals_pending: 0,
  });
  return {
    received: d.received,
    in_progress: x.in_progress,
    completed: d.completed,
    due: d.due,
    overdue: d.overdue,
    on_time_rate: rate(d.due - d.overdue, d.due),
    first_pass_rate: rate(d.first_pass, d.completed),
    deduction_cents: d.deduction_cents,
    appeals: x.appeals,
    appeals_pending: x.appeals_pending,
  };
}

/** The figures of one designer over the whole period. */
export function designerFigures(raw: RawBoard, designerId: number): BoardFigures {
  const rows = raw.days.map((day) => raw.cells.get(`${designerId}|${day}`)).filter((c): c is DayFigures => c !== undefined);
  return figures(rows, [raw.extras.get(designerId) ?? { in_progress: 0, appeals: 0, appeals_pending: 0 }]);
}

export function dayCell(raw: RawBoard, designerId: number, day: string): DayFigures {
  return raw.cells.get(`${designerId}|${day}`) ?? emptyDay();
}
