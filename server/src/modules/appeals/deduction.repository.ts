/**
 * Deductions: the list and one deduction with its latest appeal (wire mapping), the row a
 * deduction is written as, who a ticket's money is about, and the designer reads the deduction
 * service needs. Every function takes `db` or a transaction first.
 */
import type { InsertObject, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { shanghaiDayStart } from '../../domain/calendar.js';
import { designerCode } from '../../domain/designers.js';
import { isoAfter } from '../../lib/time.js';
import { type AppealStatus, DEDUCTION_APPEAL_TYPE, type DeductionSource } from './appeal.model.js';
import { like, nameOf, type Scope } from './appeal.repository.js';
import type { DeductionView } from './appeal.schemas.js';

type Trx = Transaction<Database>;
type Exec = Db | Trx;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Reads as the wire shows them

export function deductionQuery(db: Db) {
  return db
    .selectFrom('deductions')
    .innerJoin('tickets', 'tickets.id', 'deductions.ticket_id')
    .innerJoin('designers', 'designers.id', 'deductions.designer_id')
    .select((eb) => [
      'deductions.id',
      'deductions.ticket_id',
      'deductions.designer_id',
      'deductions.team_id',
      'deductions.source',
      'deductions.amount_cents',
      'deductions.reason',
      'deductions.created_at',
      'tickets.order_no',
      'tickets.title',
      'designers.real_name',
      'designers.nickname',
      eb
        .selectFrom('appeals')
        .select('appeals.id')
        .whereRef('appeals.deduction_id', '=', 'deductions.id')
        .orderBy('appeals.id', 'desc')
        .limit(1)
        .as('appeal_id'),
      eb
        .selectFrom('appeals')
        .select('appeals.status')
        .whereRef('appeals.deduction_id', '=', 'deductions.id')
        .orderBy('appeals.id', 'desc')
        .limit(1)
        .as('appeal_status'),
    ]);
}
export type DeductionRow = Awaited<ReturnType<ReturnType<typeof deductionQuery>['executeTakeFirstOrThrow']>>;

export function toDeduction(r: DeductionRow, viewer: Designer, windowDays: number, now: string): DeductionView {
  const source = r.source as DeductionSource;
  const deadline = isoAfter(windowDays * 86_400_000, Date.parse(r.created_at));
  const appeal = r.appeal_id === null || r.appeal_id === undefined ? null : { appeal_id: Number(r.appeal_id), status: r.appeal_status as AppealStatus };
  return {
    deduction_id: r.id,
    ticket_id: r.ticket_id,
    order_no: r.order_no,
    ticket_title: r.title,
    designer_id: designerCode(r.designer_id),
    designer_name: nameOf(r.designer_id, r.real_name, r.nickname),
    source,
    amount_cents: Number(r.amount_cents),
    reason: r.reason,
    created_at: r.created_at,
    appeal_type: DEDUCTION_APPEAL_TYPE[source],
    appeal_deadline: deadline,
    can_appeal: r.designer_id === viewer.id && now < deadline && appeal === null,
    appeal,
  };
}

export interface DeductionFilters {
  source?: readonly DeductionSource[];
  from?: string;
  to?: string;
  keyword?: string;
}

function deductionsOf(db: Db, scope: Scope, f: DeductionFilters) {
  let q = deductionQuery(db);
  if (scope.kind === 'designer') q = q.where('deductions.designer_id', '=', scope.designerId);
  else {
    q = q.where('deductions.team_id', '=', scope.teamId);
    if (scope.designerId !== undefined) q = q.where('deductions.designer_id', '=', scope.designerId);
  }
  if (f.source?.length) q = f.source.length === 1 ? q.where('deductions.source', '=', f.source[0]!) : q.where('deductions.source', 'in', f.source);
  if (f.from) q = q.where('deductions.created_at', '>=', shanghaiDayStart(f.from));
  if (f.to) q = q.where('deductions.created_at', '<', shanghaiDayStart(nextDay(f.to)));
  if (f.keyword) q = q.where((eb) => eb.or([like('tickets.order_no', f.keyword!), like('tickets.title', f.keyword!)]));
  return q;
}

/** A page of deductions, newest first. */
export async function deductionPage(
  db: Db,
  scope: Scope,
  f: DeductionFilters,
  viewer: Designer,
  windowDays: number,
  now: string,
  page: number,
  pageSize: number,
): Promise<{ items: DeductionView[]; total: number }> {
  const [rows, count] = await Promise.all([
    deductionsOf(db, scope, f)
      .orderBy('deductions.created_at', 'desc')
      .orderBy('deductions.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    deductionsOf(db, scope, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDeduction(r, viewer, windowDays, now)), total: Number(count.n) };
}

export function findDeduction(db: Db, id: number) {
  return deductionQuery(db).where('deductions.id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Rows as the services check and write them

/** A deduction of this designer (what an appeal of it needs), or undefined. */
export function deductionOfDesigner(db: Exec, id: number, designerId: number) {
  return db
    .selectFrom('deductions')
    .select(['id', 'created_at', 'amount_cents', 'source', 'ticket_id'])
    .where('id', '=', id)
    .where('designer_id', '=', designerId)
    .executeTakeFirst();
}

/** The stored deduction row (it exists: an appeal refers to it). */
export function deductionRecord(trx: Exec, id: number) {
  return trx.selectFrom('deductions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The designer a stored deduction is about. */
export async function deductionDesignerId(db: Exec, id: number): Promise<number> {
  const row = await db.selectFrom('deductions').select('designer_id').where('id', '=', id).executeTakeFirstOrThrow();
  return row.designer_id;
}

/** The deduction an upstream delivery with this `external_id` created, or undefined. */
export function deductionByExternalId(db: Exec, externalId: string) {
  return db.selectFrom('deductions').select(['id', 'designer_id']).where('external_id', '=', externalId).executeTakeFirst();
}

/** Inserts a deduction; undefined when its `external_id` was stored before (an upstream repeat). */
export async function insertDeduction(trx: Trx, row: InsertObject<Database, 'deductions'>): Promise<number | undefined> {
  const r = await trx
    .insertInto('deductions')
    .values(row)
    .onConflict((oc) => oc.column('external_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

/** Who a ticket's money is about: its current designer, else the last one who held it. */
export async function responsibleDesigner(db: Exec, t: { id: number; designer_id: number | null; current_allocation_id: number | null }) {
  if (t.designer_id !== null) return { designerId: t.designer_id, allocationId: t.current_allocation_id };
  const last = await db.selectFrom('allocations').select(['designer_id', 'id']).where('ticket_id', '=', t.id).orderBy('id', 'desc').executeTakeFirst();
  return last ? { designerId: last.designer_id, allocationId: last.id } : null;
}

/** A designer who exists (the one a deduction is about). */
export function designerRecord(db: Exec, id: number) {
  return db.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A designer's team (that exists: the one a deduction is about). */
export function designerTeam(db: Exec, id: number) {
  return db.selectFrom('designers').select(['id', 'team_id']).where('id', '=', id).executeTakeFirstOrThrow();
}
