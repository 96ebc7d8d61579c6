/**
 * Appeals: the list, the detail with the appeal's own timeline, the pending count and the export
 * table (wire mapping included); the rows filing and review check and write; and the reads the
 * appeal, deduction and application services share (a team's leads, a designer's latest
 * allocation). Every function takes `db` or a transaction first; a conditional update says
 * whether it won. Deductions are deduction.repository.ts; writes to tickets and their timeline go
 * through the tickets module's face.
 */
import { type InsertObject, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Column, instant, money, tableOf } from '../../lib/tabular-export.js';
import { APPEAL_STATUS_NAMES, APPEAL_TYPE_NAMES, type AppealStatus, type AppealType } from './appeal.model.js';
import type { AppealAttachment, AppealDetail, AppealView } from './appeal.schemas.js';
import { designerCode } from '../../domain/designers.js';

type Trx = Transaction<Database>;
type Exec = Db | Trx;

/** The name a list shows for a designer: real name, else nickname, else the designer code. */
export const nameOf = (id: number, real: string | null, nick: string | null) => real || nick || designerCode(id);

/** `%`, `_` and `\` taken literally in a LIKE pattern (escape `\`). */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
/** `column` contains `value`, taken literally. */
export const like = (column: string, value: string) => sql<boolean>`${sql.ref(column)} like ${likeContains(value)} escape '\\'`;

/** Whose appeals or deductions a list covers. */
export type Scope = { kind: 'designer'; designerId: number } | { kind: 'team'; teamId: number; designerId?: number };

// ---------------------------------------------------------------------------------------------
// Appeals

export function appealQuery(db: Db) {
  return db
    .selectFrom('appeals')
    .innerJoin('tickets', 'tickets.id', 'appeals.ticket_id')
    .innerJoin('designers as d', 'd.id', 'appeals.designer_id')
    .leftJoin('designers as r', 'r.id', 'appeals.reviewer_id')
    .select([
      'appeals.id',
      'appeals.ticket_id',
      'appeals.allocation_id',
      'appeals.designer_id',
      'appeals.team_id',
      'appeals.type',
      'appeals.deduction_id',
      'appeals.reason',
      'appeals.attachments',
      'appeals.requested_cents',
      'appeals.approved_cents',
      'appeals.status',
      'appeals.reviewer_id',
      'appeals.review_note',
      'appeals.reviewed_at',
      'appeals.created_at',
      'tickets.order_no',
      'tickets.title',
      'd.real_name',
      'd.nickname',
      'r.real_name as reviewer_real_name',
      'r.nickname as reviewer_nickname',
    ]);
}
export type AppealRow = Awaited<ReturnType<ReturnType<typeof appealQuery>['executeTakeFirstOrThrow']>>;

function parseAttachments(text: string): AppealAttachment[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as AppealAttachment[]) : [];
  } catch {
    return [];
  }
}

export function toAppeal(r: AppealRow): AppealView {
  return {
    appeal_id: r.id,
    ticket_id: r.ticket_id,
    order_no: r.order_no,
    ticket_title: r.title,
    designer_id: designerCode(r.designer_id),
    designer_name: nameOf(r.designer_id, r.real_name, r.nickname),
    type: r.type as AppealType,
    deduction_id: r.deduction_id,
    reason: r.reason,
    attachments: parseAttachments(r.attachments),
    requested_cents: Number(r.requested_cents),
    approved_cents: Number(r.approved_cents),
    status: r.status as AppealStatus,
    reviewer_name: r.reviewer_id === null ? null : nameOf(r.reviewer_id, r.reviewer_real_name, r.reviewer_nickname),
    review_note: r.review_note,
    reviewed_at: r.reviewed_at,
    created_at: r.created_at,
  };
}

export interface AppealFilters {
  type?: readonly AppealType[];
  status?: readonly AppealStatus[];
  keyword?: string;
}

function appealsOf(db: Db, scope: Scope, f: AppealFilters) {
  let q = appealQuery(db);
  if (scope.kind === 'designer') q = q.where('appeals.designer_id', '=', scope.designerId);
  else {
    q = q.where('appeals.team_id', '=', scope.teamId);
    if (scope.designerId !== undefined) q = q.where('appeals.designer_id', '=', scope.designerId);
  }
  if (f.type?.length) q = f.type.length === 1 ? q.where('appeals.type', '=', f.type[0]!) : q.where('appeals.type', 'in', f.type);
  if (f.status?.length) q = f.status.length === 1 ? q.where('appeals.status', '=', f.status[0]!) : q.where('appeals.status', 'in', f.status);
  if (f.keyword) q = q.where((eb) => eb.or([like('tickets.order_no', f.keyword!), like('tickets.title', f.keyword!)]));
  return q;
}

/** A page of appeals: newest first, or oldest first (`asc`, the review queue). */
export async function appealPage(
  db: Db,
  scope: Scope,
  f: AppealFilters,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
): Promise<{ items: AppealView[]; total: number }> {
  const [rows, count] = await Promise.all([
    appealsOf(db, scope, f)
      .orderBy('appeals.created_at', order)
      .orderBy('appeals.id', order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    appealsOf(db, scope, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAppeal), total: Number(count.n) };
}

export function findAppeal(db: Db, id: number) {
  return appealQuery(db).where('appeals.id', '=', id).executeTakeFirst();
}

export async function appealDetail(db: Db, id: number): Promise<AppealDetail | undefined> {
  const row = await findAppeal(db, id);
  if (!row) return undefined;
  const events = await db
    .selectFrom('appeal_events')
    .leftJoin('designers', 'designers.id', 'appeal_events.actor_id')
    .select([
      'appeal_events.id',
      'appeal_events.type',
      'appeal_events.actor_id',
      'appeal_events.detail',
      'appeal_events.created_at',
      'designers.real_name',
      'designers.nickname',
    ])
    .where('appeal_events.appeal_id', '=', id)
    .orderBy('appeal_events.id')
    .execute();
  return {
    ...toAppeal(row),
    events: events.map((e) => {
      const note = noteOf(e.detail);
      return {
        event_id: e.id,
        type: e.type as 'filed' | 'approved' | 'rejected',
        actor_name: e.actor_id === null ? '系统' : nameOf(e.actor_id, e.real_name, e.nickname),
        note,
        created_at: e.created_at,
      };
    }),
  };
}

/** The note (decision) or reason (filing) of an appeal event's detail. */
function noteOf(detail: string): string {
  try {
    const d = JSON.parse(detail) as { note?: unknown; reason?: unknown };
    return typeof d.note === 'string' ? d.note : typeof d.reason === 'string' ? d.reason : '';
  } catch {
    return '';
  }
}

const appealColumns: Column<AppealView>[] = [
  { header: '申诉编号', value: (a) => a.appeal_id },
  { header: '订单号', value: (a) => a.order_no },
  { header: '工单标题', value: (a) => a.ticket_title },
  { header: '设计师编号', value: (a) => a.designer_id },
  { header: '设计师', value: (a) => a.designer_name },
  { header: '申诉类型', value: (a) => APPEAL_TYPE_NAMES[a.type] },
  { header: '申诉理由', value: (a) => a.reason },
  { header: '申诉金额（元）', value: (a) => (a.type === 'fee' ? money(a.requested_cents) : null) },
  { header: '调整金额（元）', value: (a) => (a.status === 'approved' && a.approved_cents ? money(a.approved_cents) : null) },
  { header: '状态', value: (a) => APPEAL_STATUS_NAMES[a.status] },
  { header: '审核人', value: (a) => a.reviewer_name ?? '' },
  { header: '审核意见', value: (a) => a.review_note },
  { header: '提交时间', value: (a) => instant(a.created_at) },
  { header: '审核时间', value: (a) => instant(a.reviewed_at) },
];

export const APPEAL_EXPORT_LIMIT = 10_000;

/** The appeal list (same scope and filters, same order) as an export table, up to 10,000 rows. */
export async function appealTable(db: Db, scope: Scope, f: AppealFilters, order: 'asc' | 'desc') {
  const rows = await appealsOf(db, scope, f).orderBy('appeals.created_at', order).orderBy('appeals.id', order).limit(APPEAL_EXPORT_LIMIT).execute();
  return tableOf('申诉列表', appealColumns, rows.map(toAppeal));
}

// ---------------------------------------------------------------------------------------------
// Rows as filing and review check and write them

/** The stored appeal row, or undefined. */
export function findAppealRecord(db: Exec, id: number) {
  return db.selectFrom('appeals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The appeal of a deduction, if it was appealed. */
export function appealOfDeduction(db: Exec, deductionId: number) {
  return db.selectFrom('appeals').select('id').where('deduction_id', '=', deductionId).executeTakeFirst();
}

/** The pending appeal of a ticket and type, if there is one. */
export function pendingAppeal(db: Exec, ticketId: number, type: AppealType) {
  return db.selectFrom('appeals').select('id').where('ticket_id', '=', ticketId).where('type', '=', type).where('status', '=', 'pending').executeTakeFirst();
}

/** Inserts an appeal; a second pending one of the ticket and type violates `appeals_one_pending_uq`. */
export async function insertAppeal(trx: Trx, row: InsertObject<Database, 'appeals'>): Promise<number> {
  const r = await trx.insertInto('appeals').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Appends an event to an appeal's own timeline. */
export async function addAppealEvent(
  trx: Trx,
  appealId: number,
  type: 'filed' | 'approved' | 'rejected',
  actorId: number,
  detail: Record<string, unknown>,
  at: string,
): Promise<void> {
  await trx.insertInto('appeal_events').values({ appeal_id: appealId, type, actor_id: actorId, detail: JSON.stringify(detail), created_at: at }).execute();
}

/** What a decision writes on the appeal. */
export interface AppealDecision {
  status: 'approved' | 'rejected';
  reviewer_id: number;
  review_note: string;
  reviewed_at: string;
  approved_cents: number;
  updated_at: string;
}

/** Decides an appeal only while it is pending; false when it was decided meanwhile. */
export async function decideAppealIf(trx: Trx, appealId: number, decision: AppealDecision): Promise<boolean> {
  const r = await trx.updateTable('appeals').set(decision).where('id', '=', appealId).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Reads the appeal, deduction and application services share

/** The designer's latest allocation of a ticket (whether still open or not). */
export function latestAllocation(db: Exec, ticketId: number, designerId: number) {
  return db
    .selectFrom('allocations')
    .select(['id', 'assigned_at', 'ended_at'])
    .where('ticket_id', '=', ticketId)
    .where('designer_id', '=', designerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
