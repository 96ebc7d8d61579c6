/**
 * What every ticket action checks before it changes anything: who may act on the ticket (its
 * designer, its team's lead), that it is still open, and the texts of the conflicts all actions
 * share. No SQL: the reads are ticket.repository.ts.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { canRead, OPEN_STATUSES, type TicketStatus } from './ticket.model.js';
import { findTicket, ticketItem, type TicketRow } from './ticket.repository.js';
import type { TicketItem } from './ticket.schemas.js';

export const TAKEN_MESSAGE = '该工单已被领取';
export const CHANGED_MESSAGE = '工单状态已变化，请刷新后重试';

/** 409 unless the ticket is open (normal, factory-rejected or one-click). */
export function requireOpen(t: Pick<TicketRow, 'status'>): void {
  if (!OPEN_STATUSES.includes(t.status as TicketStatus)) throw conflict('工单已结束，不能执行该操作');
}

/** A second open allocation refused by the unique index: someone else took the ticket first. */
export function mapTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(TAKEN_MESSAGE);
  throw err;
}

/** The `info` of a message about a ticket: which ticket, and which allocation it concerns. */
export const ticketInfo = (t: { id: number }, allocationId: number | null) => ({ ticket_id: t.id, allocation_id: allocationId ?? 0 });

/** The ticket's list item as it is now; 404 when it does not exist. */
export async function itemOrThrow(db: Db, ticketId: number): Promise<TicketItem> {
  const item = await ticketItem(db, ticketId);
  if (!item) throw notFound('工单不存在');
  return item;
}

/** The ticket if `lead` leads its team (or it is in the pool): 403 for non-leads, 404 for others' tickets. */
export async function leadTicket(db: Db, lead: Designer, ticketId: number): Promise<TicketRow> {
  if (lead.designer_type !== 0) throw forbidden('只有团队负责人可以执行该操作');
  const t = await findTicket(db, ticketId);
  if (!t || !canRead(lead, t)) throw notFound('工单不存在');
  return t;
}

/** The open ticket if `me` is its current designer: 404 for others, 403 for the team's lead. */
export async function ownTicket(db: Db, me: Designer, ticketId: number): Promise<TicketRow> {
  const t = await findTicket(db, ticketId);
  if (!t || !canRead(me, t)) throw notFound('工单不存在');
  if (t.designer_id !== me.id) throw forbidden('只有负责该工单的设计师可以执行该操作');
  requireOpen(t);
  return t;
}
