/**
 * Who holds a ticket: the allocation rows (`allocations`), their ids taken ahead of the insert, the
 * ticket pointed at its current one, and the shops a designer has worked for (`designer_shops`).
 * Every function takes a transaction first; the choice of designer is allocation.service.ts over
 * allocation.repository.ts.
 *
 * "At most one open allocation per ticket" is the partial unique index `allocations_one_open_uq`;
 * every update here is conditional on the state the caller read and says whether it won.
 */
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { isoAfter } from '../../lib/time.js';
import type { AllocationHow } from './ticket.model.js';

type Trx = Transaction<Database>;

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
