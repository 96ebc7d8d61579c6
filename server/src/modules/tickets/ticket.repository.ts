/**
 * One ticket: its row, its list item, its detail with drafts, timeline and allocations, and every
 * write to tickets, their timeline events and drafts. Every function takes `db` or a transaction
 * first. Lists and counts are ticket-list.repository.ts; allocation rows are
 * allocation-rows.repository.ts; the ranking and designer loads are allocation.repository.ts.
 */
import type { InsertObject, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { type AllocationHow, type DraftKind, EVENT_TYPE_NAMES, type EventType } from './ticket.model.js';
import type { DraftView, StoredTicketDetail, TicketItem } from './ticket.schemas.js';
import { type DesignerNames, itemQuery, toItems } from './ticket-list.repository.js';
import { designerCode } from '../../domain/designers.js';
import { ACTOR_NAMES, type Actor } from '../../domain/actor.js';

type Trx = Transaction<Database>;
type Exec = Db | Trx;

/** The list item of a ticket row whose designer is known (names from the catalog cache). */
export async function toItemFromRow(
  db: Db,
  t: TicketRow,
  designer: { real_name: string; nickname: string } | null,
): Promise<TicketItem> {
  const known: DesignerNames = new Map(designer && t.designer_id !== null ? [[t.designer_id, designer]] : []);
  const [item] = await toItems(db, [t], known);
  return item!;
}

/** The list items of these tickets by id (one read); `known`: designers whose names the caller has. */
export async function ticketItems(db: Db, ticketIds: readonly number[], known?: DesignerNames): Promise<Map<number, TicketItem>> {
  const out = new Map<number, TicketItem>();
  for (let i = 0; i < ticketIds.length; i += 500) {
    const rows = await itemQuery(db).where('tickets.id', 'in', ticketIds.slice(i, i + 500)).execute();
    for (const item of await toItems(db, rows, known)) out.set(item.ticket_id, item);
  }
  return out;
}

export async function ticketItem(db: Db, ticketId: number): Promise<TicketItem | undefined> {
  const row = await itemQuery(db).where('tickets.id', '=', ticketId).executeTakeFirst();
  return row && (await toItems(db, [row]))[0];
}

export function findTicket(db: Db, ticketId: number) {
  return db.selectFrom('tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;


function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toDraft(d: {
  id: number;
  ticket_id: number;
  allocation_id: number;
  designer_id: number;
  kind: string;
  files: string;
  note: string;
  sync_status: number;
  audit_result: string | null;
  audited_at: string | null;
  created_at: string;
}): DraftView {
  return {
    draft_id: d.id,
    ticket_id: d.ticket_id,
    allocation_id: d.allocation_id,
    designer_id: designerCode(d.designer_id),
    kind: d.kind as DraftKind,
    files: parseJson<string[]>(d.files, []),
    note: d.note,
    sync_status: d.sync_status,
    audit_result: d.audit_result,
    audited_at: d.audited_at,
    created_at: d.created_at,
  };
}

/**
 * The detail of a ticket whose row the caller has read (to check who may read it): the row gives
 * the item and the requirements, three lookups in parallel the rest. `known`: designers whose
 * names the caller has (the signed-in one).
 */
export async function ticketDetail(db: Db, t: TicketRow, known?: readonly Pick<Designer, 'id' | 'real_name' | 'nickname'>[]): Promise<StoredTicketDetail> {
  const ticketId = t.id;
  const [[item], drafts, events, allocations] = await Promise.all([
    toItems(db, [t], known && new Map(known.map((d) => [d.id, d]))),
    db.selectFrom('drafts').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute(),
    db
      .selectFrom('ticket_events')
      .leftJoin('designers', 'designers.id', 'ticket_events.actor_id')
      .select([
        'ticket_events.id',
        'ticket_events.type',
        'ticket_events.actor_kind',
        'ticket_events.actor_id',
        'ticket_events.detail',
        'ticket_events.created_at',
        'designers.real_name',
        'designers.nickname',
      ])
      .where('ticket_events.ticket_id', '=', ticketId)
      .orderBy('ticket_events.id')
      .execute(),
    db
      .selectFrom('allocations')
      .innerJoin('designers', 'designers.id', 'allocations.designer_id')
      .select([
        'allocations.id',
        'allocations.designer_id',
        'allocations.how',
        'allocations.assigned_at',
        'allocations.ended_at',
        'allocations.end_reason',
        'designers.real_name',
        'designers.nickname',
      ])
      .where('allocations.ticket_id', '=', ticketId)
      .orderBy('allocations.id')
      .execute(),
  ]);
  return {
    ...item!,
    requirements: t.requirements,
    customer_notes: t.customer_notes,
    attachments: parseJson(t.attachments, []),
    drafts: drafts.map(toDraft),
    timeline: events.map((e) => {
      const kind = e.actor_kind as 'designer' | 'system' | 'upstream';
      const name =
        kind === 'designer' && e.actor_id !== null
          ? e.real_name || e.nickname || designerCode(e.actor_id)
          : ACTOR_NAMES[kind === 'designer' ? 'system' : kind];
      return {
        event_id: e.id,
        type: e.type,
        type_name: EVENT_TYPE_NAMES[e.type as keyof typeof EVENT_TYPE_NAMES] ?? e.type,
        actor: { kind, designer_id: e.actor_id === null ? null : designerCode(e.actor_id), name },
        detail: parseJson<Record<string, unknown>>(e.detail, {}),
        created_at: e.created_at,
      };
    }),
    allocations: allocations.map((a) => ({
      allocation_id: a.id,
      designer_id: designerCode(a.designer_id),
      designer_name: a.real_name || a.nickname || designerCode(a.designer_id),
      how: a.how as AllocationHow,
      assigned_at: a.assigned_at,
      ended_at: a.ended_at,
      end_reason: a.end_reason,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes. Every state-dependent update is conditional on the state the caller read and says
// whether it won, so concurrent requests (on one instance or many) cannot both win.

/** One timeline event of a ticket. */
export interface TicketEvent {
  ticket_id: number;
  type: EventType;
  actor: Actor;
  detail: Record<string, unknown>;
}

/** Appends timeline events (all at `at`), in multi-row inserts. */
export async function addTicketEvents(trx: Exec, events: TicketEvent[], at: string): Promise<void> {
  for (let i = 0; i < events.length; i += 200) {
    await trx
      .insertInto('ticket_events')
      .values(
        events.slice(i, i + 200).map((e) => ({
          ticket_id: e.ticket_id,
          type: e.type,
          actor_kind: e.actor.kind,
          actor_id: e.actor.kind === 'designer' ? e.actor.id : null,
          detail: JSON.stringify(e.detail),
          created_at: at,
        })),
      )
      .execute();
  }
}

/** Appends one timeline event. */
export function addTicketEvent(trx: Exec, ticketId: number, type: EventType, actor: Actor, detail: Record<string, unknown>, at: string): Promise<void> {
  return addTicketEvents(trx, [{ ticket_id: ticketId, type, actor, detail }], at);
}

export type NewTicket = InsertObject<Database, 'tickets'>;

/** Inserts a new order's ticket; undefined when its order_no exists already. */
export function insertTicket(trx: Trx, row: NewTicket) {
  return trx
    .insertInto('tickets')
    .values(row)
    .onConflict((oc) => oc.column('order_no').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Inserts new orders' tickets; the rows of those whose order_no existed are missing from the answer. */
export function insertTickets(trx: Trx, rows: NewTicket[]) {
  return trx
    .insertInto('tickets')
    .values(rows)
    .onConflict((oc) => oc.column('order_no').doNothing())
    .returning(['id', 'order_no'])
    .execute();
}

export function findTicketByOrderNo(db: Exec, orderNo: string) {
  return db.selectFrom('tickets').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** The stored tickets among these order numbers. */
export async function ticketsByOrderNos(db: Exec, orderNos: string[]): Promise<Map<string, { id: number; designer_id: number | null }>> {
  const found = new Map<string, { id: number; designer_id: number | null }>();
  for (let i = 0; i < orderNos.length; i += 500) {
    const rows = await db.selectFrom('tickets').select(['id', 'order_no', 'designer_id']).where('order_no', 'in', orderNos.slice(i, i + 500)).execute();
    for (const r of rows) found.set(r.order_no, { id: r.id, designer_id: r.designer_id });
  }
  return found;
}

/** What a conditional ticket update requires of the row it changes. */
export interface TicketGuard {
  status?: string;
  statusIn?: readonly string[];
  stage?: string;
  work_markers?: string;
  current_allocation_id?: number | null;
}

export type TicketPatch = { status?: string; stage?: string; work_markers?: string; completed_at?: string; updated_at: string };

/** Changes a ticket only while it still is as `guard` says; false when it changed meanwhile. */
export async function updateTicketIf(trx: Trx, ticketId: number, patch: TicketPatch, guard: TicketGuard = {}): Promise<boolean> {
  let q = trx.updateTable('tickets').set(patch).where('id', '=', ticketId);
  if (guard.status !== undefined) q = q.where('status', '=', guard.status);
  if (guard.statusIn !== undefined) q = q.where('status', 'in', guard.statusIn);
  if (guard.stage !== undefined) q = q.where('stage', '=', guard.stage);
  if (guard.work_markers !== undefined) q = q.where('work_markers', '=', guard.work_markers);
  if (guard.current_allocation_id !== undefined) q = q.where('current_allocation_id', guard.current_allocation_id === null ? 'is' : '=', guard.current_allocation_id);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Marks a ticket changed at `at`; inside a transaction this also takes the ticket row's lock, so
 * two concurrent changes of one ticket run one after the other.
 */
export async function touchTicket(trx: Exec, ticketId: number, at: string): Promise<void> {
  await trx.updateTable('tickets').set({ updated_at: at }).where('id', '=', ticketId).execute();
}

/** The ticket's status and markers as they are now (read after `touchTicket` locked the row). */
export function ticketState(trx: Exec, ticketId: number) {
  return trx.selectFrom('tickets').select(['id', 'order_no', 'status', 'work_markers']).where('id', '=', ticketId).executeTakeFirstOrThrow();
}

export function findDraft(db: Exec, draftId: number) {
  return db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirst();
}

export async function insertDraft(
  trx: Trx,
  d: { ticket_id: number; allocation_id: number; designer_id: number; kind: DraftKind; files: string[]; note: string; created_at: string },
): Promise<number> {
  const row = await trx
    .insertInto('drafts')
    .values({ ...d, files: JSON.stringify(d.files), sync_status: 0, audit_result: null, audited_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setDraftAudit(trx: Trx, draftId: number, syncStatus: number, result: string, at: string): Promise<void> {
  await trx.updateTable('drafts').set({ sync_status: syncStatus, audit_result: result, audited_at: at }).where('id', '=', draftId).execute();
}

/** The designer's latest audited draft of a ticket (by audit time, then id), or undefined. */
export function latestAuditedDraft(db: Exec, ticketId: number, designerId: number) {
  return db
    .selectFrom('drafts')
    .select(['id', 'sync_status', 'audited_at'])
    .where('ticket_id', '=', ticketId)
    .where('designer_id', '=', designerId)
    .where('audited_at', 'is not', null)
    .orderBy('audited_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The designer's latest draft of a ticket (by audit time, then id) whose sync status is `syncStatus`, or undefined. */
export function latestDraftInSyncStatus(db: Exec, ticketId: number, designerId: number, syncStatus: number) {
  return db
    .selectFrom('drafts')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('designer_id', '=', designerId)
    .where('sync_status', '=', syncStatus)
    .orderBy('audited_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Moves a draft's sync status from `from` to `to`; false when it was no longer `from`. */
export async function setDraftSyncStatusIf(trx: Trx, draftId: number, from: number, to: number): Promise<boolean> {
  const r = await trx.updateTable('drafts').set({ sync_status: to }).where('id', '=', draftId).where('sync_status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The latest event of an application kind on a ticket (applied, approved or refused): an
 * application is pending while its latest event is the application itself.
 */
export function latestTicketEvent(db: Exec, ticketId: number, types: readonly EventType[]) {
  return db
    .selectFrom('ticket_events')
    .select(['id', 'type', 'actor_id', 'detail', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .where('type', 'in', types)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
