/**
 * What the upstream order system reports about tickets it already has: an order's status changes
 * (refund, completion, close, factory rejection) and the automatic check results of drafts. Each
 * change is one unit of work with its timeline event and messages (product.md §6); a repeat of
 * what is already recorded changes nothing. New orders are `ingestion.service.ts`'s.
 */
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { MESSAGE_TYPE, type MessageTypeCode, type UnitOfWork } from '../messages/index.js';
import { feeRef, postLine, type SettlementPeriod } from '../settlements/index.js';
import { UPSTREAM } from '../../domain/actor.js';
import { withMarker } from './markers.js';
import { CHANGED_MESSAGE, itemOrThrow, ticketInfo } from './ticket-access.js';
import { type EventType, TICKET_STATUS, type TicketStatus } from './ticket.model.js';
import { addTicketEvents, findDraft, findTicketByOrderNo, setDraftAudit, ticketState, type TicketPatch, toDraft, touchTicket, updateTicketIf } from './ticket.repository.js';
import type { DraftView, TicketItem, UpstreamEvent } from './ticket.schemas.js';

export interface UpstreamEventDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  /** Settlement period of fee lines posted on completion (SETTLEMENT_PERIOD; default week). */
  settlementPeriod: SettlementPeriod;
}

const UPSTREAM_CHANGES: Record<UpstreamEvent, { status: TicketStatus; event: EventType; message?: MessageTypeCode }> = {
  refund: { status: TICKET_STATUS.refunded, event: 'refunded' },
  completion: { status: TICKET_STATUS.completed, event: 'completed' },
  close: { status: TICKET_STATUS.orderClosed, event: 'order_closed', message: MESSAGE_TYPE.ORDER_CLOSED },
  factory_reject: { status: TICKET_STATUS.factoryRejected, event: 'factory_rejected', message: MESSAGE_TYPE.FACTORY_REJECTED },
};

const SYNC_TEXT: Record<number, string> = { 1: '同步成功', 2: '同步失败', 3: '自动检查异常' };

export function createUpstreamEvents({ db, unitOfWork, settlementPeriod }: UpstreamEventDeps) {
  /** An upstream status change of an order's ticket; a repeat of the current status changes nothing. */
  async function upstreamStatus(orderNo: string, event: UpstreamEvent, reason: string): Promise<{ ticket: TicketItem; changed: boolean }> {
    const row = await findTicketByOrderNo(db, orderNo);
    if (!row) throw notFound('订单不存在');
    const spec = UPSTREAM_CHANGES[event];
    if (row.status === spec.status) return { ticket: await itemOrThrow(db, row.id), changed: false };
    const changed = await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      const patch: TicketPatch = { status: spec.status, updated_at: now };
      if (event === 'completion') {
        patch.stage = 'done';
        patch.completed_at = now;
      }
      if (event === 'factory_reject') patch.work_markers = withMarker(row.work_markers, 'FACTORY_REJECT');
      if (!(await updateTicketIf(trx, row.id, patch, { status: row.status }))) return false; // another change won; the caller may retry
      await addTicketEvents(trx, [{ ticket_id: row.id, type: spec.event, actor: UPSTREAM, detail: { from: row.status, to: spec.status, reason } }], now);
      // The completion notice earns the current designer the ticket's fee (once per ticket and designer).
      if (event === 'completion' && row.designer_id !== null && row.fee_cents > 0) {
        await postLine(
          trx,
          { designerId: row.designer_id, kind: 'fee', amountCents: row.fee_cents, refKey: feeRef(row.id, row.designer_id), at: now, ticketId: row.id, description: `工单费用：${row.title}` },
          settlementPeriod,
          now,
        );
      }
      if (spec.message && row.designer_id !== null) {
        const title =
          spec.message === MESSAGE_TYPE.ORDER_CLOSED
            ? `工单 ${row.order_no} 对应的订单已关闭${reason ? `：${reason}` : ''}`
            : `工单 ${row.order_no} 被工厂驳回${reason ? `：${reason}` : '，请及时处理'}`;
        send([row.designer_id], { type: spec.message, title, info: ticketInfo(row, row.current_allocation_id) });
      }
      return true;
    });
    if (!changed) throw conflict(CHANGED_MESSAGE);
    return { ticket: await itemOrThrow(db, row.id), changed: true };
  }

  /** The automatic check result of a draft (messages 12/13 to its designer); a repeat changes nothing. */
  async function auditDraft(draftId: number, syncStatus: number, result: string): Promise<{ draft: DraftView; changed: boolean }> {
    const draft = await findDraft(db, draftId);
    if (!draft) throw notFound('稿件不存在');
    if (draft.sync_status === syncStatus && (draft.audit_result ?? '') === result) return { draft: toDraft(draft), changed: false };
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      await setDraftAudit(trx, draft.id, syncStatus, result, now);
      await touchTicket(trx, draft.ticket_id, now);
      await addTicketEvents(trx, [{ ticket_id: draft.ticket_id, type: 'draft_audited', actor: UPSTREAM, detail: { draft_id: draft.id, kind: draft.kind, sync_status: syncStatus, result } }], now);
      const ticket = await ticketState(trx, draft.ticket_id);
      const first = draft.kind === 'first';
      send([draft.designer_id], {
        type: first ? MESSAGE_TYPE.FIRST_DRAFT_CHECKED : MESSAGE_TYPE.FINAL_DRAFT_CHECKED,
        title: `工单 ${ticket.order_no} 的${first ? '初稿' : '终稿'}缩略图与轮廓检查已完成：${SYNC_TEXT[syncStatus] ?? ''}`,
        info: ticketInfo(ticket, draft.allocation_id),
      });
    });
    const fresh = await findDraft(db, draftId);
    return { draft: toDraft(fresh!), changed: true };
  }

  return { upstreamStatus, auditDraft };
}
