/**
 * Allocations and what they draw on: who holds a ticket (`allocations`), how many tickets each
 * designer got today (`designer_loads`), the shops a designer has worked for (`designer_shops`)
 * and the ranking of designers the system may give a ticket to. Every function takes `db` or a
 * transaction first; the choices (who, in which order, how many tries) are allocation.service.ts.
 *
 * "At most one open allocation per ticket" is the partial unique index `allocations_one_open_uq`;
 * every update here is conditional on the state the caller read and says whether it won.
 */
import { sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { isoAfter } from '../../lib/time.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { effectiveCapacitySql, planCellsOf } from '../order-plans/index.js';
import type { AllocationHow } from './ticket.model.js';

type Trx = Transaction<Database>;
type Exec = Db | Trx;

/** A designer the system may pick, with today's capacity (the plan's cell, else daily_capacity). */
export type Candidate = Pick<Designer, 'id' | 'team_id' | 'daily_capacity' | 'real_name' | 'nickname'>;

/**
 * Counts one more ticket for the designer today; with `cap`, only while under it (atomic
 * compare-and-increment, so concurrent assignments cannot overshoot). False when full.
 *
 * A conditional UPDATE first: on PostgreSQL a row that fails its WHERE is not kept locked
 * (an `ON CONFLICT DO UPDATE … WHERE` would keep it, and two transactions trying designers in a
 * different order could deadlock). Then an insert for a designer without a row yet.
 */
export async function claimCapacity(trx: Trx, designerId: number, cap: number | null, day: string, now: string): Promise<boolean> {
  if (cap !== null && cap <= 0) return false;
  const bump = async () => {
    let q = trx
      .updateTable('designer_loads')
      .set((eb) => ({
        assigned_today: eb.case().when('day', '=', day).then(eb('assigned_today', '+', 1)).else(1).end(),
        day,
        last_assigned_at: now,
      }))
      .where('designer_id', '=', designerId);
    if (cap !== null) q = q.where((eb) => eb.or([eb('day', '<>', day), eb('assigned_today', '<', cap)]));
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };
  if (await bump()) return true;
  const inserted = await trx
    .insertInto('designer_loads')
    .values({ designer_id: designerId, day, assigned_today: 1, last_assigned_at: now })
    .onConflict((oc) => oc.column('designer_id').doNothing())
    .returning('designer_id')
    .executeTakeFirst();
  if (inserted) return true;
  // The row exists: it was full, or another transaction has just created it.
  return bump();
}

/** Records that designers worked for shops (rows are never deleted; repeats are ignored). */
export async function linkShops(trx: Trx, links: { designer_id: number; shop_id: number }[]): Promise<void> {
  if (!links.length) return;
  await trx
    .insertInto('designer_shops')
    .values(links)
    .onConflict((oc) => oc.columns(['designer_id', 'shop_id']).doNothing())
    .execute();
}

/** Ends an open allocation; false when it had ended already (someone else changed the ticket). */
export async function endAllocation(trx: Trx, allocationId: number, reason: string, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('allocations')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', allocationId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface NewAllocation {
  /** Given when the id was taken beforehand (`nextAllocationId`, `allocationIds`). */
  id?: number;
  ticket_id: number;
  designer_id: number;
  how: AllocationHow;
  assigned_by: number | null;
  assigned_at: string;
}

/** Inserts open allocations; returns their ids in order. */
export async function insertAllocations(trx: Trx, rows: NewAllocation[]): Promise<number[]> {
  if (!rows.length) return [];
  const values = rows.map((r) => ({ ...r, ended_at: null, end_reason: null }));
  if (rows.every((r) => r.id !== undefined)) {
    await trx.insertInto('allocations').values(values).execute();
    return rows.map((r) => r.id!);
  }
  const inserted = await trx.insertInto('allocations').values(values).returning('id').execute();
  return inserted.map((r) => r.id);
}

/**
 * Points a ticket at its new allocation and designer (its clock starts on the first one); only
 * while its current allocation is still `previous` (none for a first assignment). False when the
 * ticket changed since it was read.
 */
export async function pointTicketAt(
  trx: Trx,
  ticket: { id: number; team_id: number | null; started_at: string | null; allowed_minutes: number },
  designer: Pick<Designer, 'id' | 'team_id'>,
  allocationId: number,
  previous: number | null,
  now: string,
): Promise<boolean> {
  const startedAt = ticket.started_at ?? now;
  const updated = await trx
    .updateTable('tickets')
    .set({
      designer_id: designer.id,
      current_allocation_id: allocationId,
      team_id: designer.team_id ?? ticket.team_id,
      started_at: startedAt,
      due_at: isoAfter(ticket.allowed_minutes * 60_000, Date.parse(startedAt)),
      updated_at: now,
    })
    .where('id', '=', ticket.id)
    .where('current_allocation_id', previous !== null ? '=' : 'is', previous)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Designers the system may give a ticket to: regular designers (type 1) who accept tickets, are
 * active and onboarded, are qualified for the product (and in the ticket's team, if it has one)
 * and are under today's capacity.
 */
export function candidateQuery(db: Exec, productIds: readonly number[], teamId: number | null, day: string) {
  let q = db
    .selectFrom('designer_products as dp')
    .innerJoin('designers as d', 'd.id', 'dp.designer_id')
    .leftJoin('designer_loads as l', 'l.designer_id', 'd.id')
    .leftJoin(planCellsOf(db, day).as('cell'), (j) => j.onRef('cell.designer_id', '=', 'd.id').onRef('cell.team_id', '=', 'd.team_id'))
    .select((eb) => {
      const today = eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end();
      return [
        'd.id',
        'd.team_id',
        'dp.product_id',
        // Today's capacity: the order-plan cell when there is one, else daily_capacity.
        effectiveCapacitySql.as('daily_capacity'),
        'd.real_name',
        'd.nickname',
        today.as('today'),
        eb.fn.coalesce('l.last_assigned_at', eb.val('')).as('last_at'),
        eb.case().when('l.designer_id', 'is', null).then(0).else(1).end().as('has_load'),
      ];
    })
    .where('d.designer_type', '=', 1)
    .where('d.online_ticket_status', '=', 1)
    .where('d.account_status', '=', 1)
    .where('d.current_registration_step', '>=', REGISTRATION_COMPLETE_STEP)
    .where((eb) => eb(eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end(), '<', effectiveCapacitySql));
  q = productIds.length === 1 ? q.where('dp.product_id', '=', productIds[0]!) : q.where('dp.product_id', 'in', productIds);
  if (teamId !== null) q = q.where('d.team_id', '=', teamId);
  return q;
}

/** The best `limit` candidates for one product: fewest tickets today, the oldest last assignment (never: first), the lowest id. */
export function rankedCandidates(db: Exec, productId: number, teamId: number | null, day: string, limit: number) {
  return candidateQuery(db, [productId], teamId, day).orderBy('today').orderBy('last_at').orderBy('d.id').limit(limit).execute();
}

/**
 * PostgreSQL: of these designers' load rows, the best-ranked one no other transaction holds,
 * locked (`FOR UPDATE SKIP LOCKED`).
 */
export async function lockBestFreeLoad(trx: Trx, designerIds: number[], day: string): Promise<number | undefined> {
  const free = await trx
    .selectFrom('designer_loads')
    .select('designer_id')
    .where('designer_id', 'in', designerIds)
    .orderBy((eb) => eb.case().when('day', '=', day).then(eb.ref('assigned_today')).else(0).end())
    .orderBy('last_assigned_at')
    .orderBy('designer_id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return free?.designer_id;
}

/** Creates empty load rows for designers who never had one (a concurrent first assignment may have made one: then nothing). */
export async function ensureLoadRows(trx: Trx, designerIds: number[], day: string): Promise<void> {
  for (let i = 0; i < designerIds.length; i += 500) {
    await trx
      .insertInto('designer_loads')
      .values(designerIds.slice(i, i + 500).map((designer_id) => ({ designer_id, day, assigned_today: 0, last_assigned_at: '' })))
      .onConflict((oc) => oc.column('designer_id').doNothing())
      .execute();
  }
}

/** Today's load of each designer, read in id order and (PostgreSQL) locked until the transaction ends. */
export async function lockLoads(trx: Trx, dialect: Dialect, designerIds: number[], day: string): Promise<Map<number, { today: number; last: string }>> {
  const load = new Map<number, { today: number; last: string }>();
  const ids = [...designerIds].sort((x, y) => x - y);
  for (let i = 0; i < ids.length; i += 500) {
    let q = trx
      .selectFrom('designer_loads')
      .select(['designer_id', 'day', 'assigned_today', 'last_assigned_at'])
      .where('designer_id', 'in', ids.slice(i, i + 500))
      .orderBy('designer_id');
    if (dialect === 'postgres') q = q.forUpdate();
    for (const r of await q.execute()) load.set(r.designer_id, { today: r.day === day ? Number(r.assigned_today) : 0, last: r.last_assigned_at });
  }
  return load;
}

/** Writes designers' day counts as computed by the caller (under the locks `lockLoads` took). */
export async function writeLoads(trx: Trx, rows: { designer_id: number; assigned_today: number }[], day: string, now: string): Promise<void> {
  const sorted = [...rows].sort((x, y) => x.designer_id - y.designer_id);
  for (let i = 0; i < sorted.length; i += 500) {
    await trx
      .insertInto('designer_loads')
      .values(sorted.slice(i, i + 500).map((r) => ({ designer_id: r.designer_id, day, assigned_today: r.assigned_today, last_assigned_at: now })))
      .onConflict((oc) =>
        oc.column('designer_id').doUpdateSet((eb) => ({
          day: eb.ref('excluded.day'),
          assigned_today: eb.ref('excluded.assigned_today'),
          last_assigned_at: eb.ref('excluded.last_assigned_at'),
        })),
      )
      .execute();
  }
}

/**
 * The id the next allocation row gets, as an expression read inside the writing transaction:
 * PostgreSQL takes it from the identity sequence; SQLite's AUTOINCREMENT would use
 * sqlite_sequence + 1 (the transaction holds the write lock from its BEGIN IMMEDIATE
 * (db/database.ts), so nobody else takes it meanwhile, in this process or another worker on the
 * same file).
 */
export function nextAllocationId(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<number>`nextval(pg_get_serial_sequence('allocations', 'id'))`
    : sql<number>`(coalesce((select seq from sqlite_sequence where name = 'allocations'), 0) + 1)`;
}

/** `n` allocation ids, taken now (the same sources and guarantees as `nextAllocationId`). */
export async function allocationIds(trx: Trx, dialect: Dialect, n: number): Promise<number[]> {
  if (!n) return [];
  if (dialect === 'postgres') {
    const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('allocations', 'id')) as id from generate_series(1, ${n})`.execute(trx);
    return r.rows.map((x) => Number(x.id)).sort((x, y) => x - y);
  }
  const r = await sql<{ seq: number | null }>`select (select seq from sqlite_sequence where name = 'allocations') as seq`.execute(trx);
  const base = Number(r.rows[0]?.seq ?? 0);
  return Array.from({ length: n }, (_, k) => base + k + 1);
}

/** The PostgreSQL advisory lock batches take turns on ('dwpb'). */
const BATCH_LOCK_KEY = 0x64777062;

/** PostgreSQL: waits for this transaction's turn among batch ingestions (released at its end). */
export async function takeBatchTurn(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BATCH_LOCK_KEY})`.execute(trx);
}

/** Whether the designer is qualified for the product. */
export async function isQualified(db: Exec, designerId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('designer_products').select('product_id').where('designer_id', '=', designerId).where('product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** A designer a ticket may be given to (a lead's assignment or transfer checks who they are). */
export function findDesigner(db: Exec, id: number) {
  return db.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirst();
}
