/**
 * Applications on a ticket a designer makes and a team lead decides, next to appeals (the same
 * shape: one pending per ticket, a decision once): a final-review application (message 14 to the
 * leads; the decision is message 10) and a factory-reject application (message 23; decision 22).
 * A refused factory-reject application is what a `factory_reject` appeal contests
 * (appeal.service.ts).
 *
 * An application's state is its ticket's timeline: it is pending while the latest event of its
 * kind is the application itself. Each change locks the ticket row first, so of two concurrent
 * applications or decisions the second sees the first.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { conflict, invalid } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import {
  addTicketEvent,
  CHANGED_MESSAGE,
  type EventType,
  itemOrThrow,
  latestTicketEvent,
  leadTicket,
  ownTicket,
  parseMarkers,
  TICKET_STATUS,
  ticketInfo,
  type TicketItem,
  type TicketRow,
  ticketState,
  touchTicket,
  updateTicketIf,
  withMarker,
} from '../tickets/index.js';
import { displayName, designerCode } from '../../domain/designers.js';
import { activeLeadIds } from '../user/index.js';

type Trx = Transaction<Database>;

const FACTORY_REJECT_EVENTS: EventType[] = ['factory_reject_applied', 'factory_reject_approved', 'factory_reject_refused'];
const FINAL_REVIEW_EVENTS: EventType[] = ['final_review_applied', 'final_review_approved', 'final_review_rejected'];
const PENDING_FACTORY_REJECT = '已提交工厂驳回申请，请等待审核';

export type Decision = { decision: 'approve' | 'reject'; note: string };
export type ApplicationService = ReturnType<typeof createApplicationService>;

export function createApplicationService({ db, unitOfWork }: { db: Db; unitOfWork: UnitOfWork }) {
  const by = (d: Designer) => ({ kind: 'designer' as const, id: d.id });

  /** The designer of a final draft asks the leads to review it (SUBMIT marker; message 14). */
  async function applyFinalReview(me: Designer, ticketId: number, note: string): Promise<TicketItem> {
    const t = await ownTicket(db, me, ticketId);
    if (t.stage !== 'final_draft') throw conflict('请先提交终稿');
    if (parseMarkers(t.work_markers).includes('SUBMIT')) throw conflict('已申请终稿审核，请等待审核结果');
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      if (!(await updateTicketIf(trx, t.id, { work_markers: withMarker(t.work_markers, 'SUBMIT'), updated_at: now }, { work_markers: t.work_markers }))) throw conflict(CHANGED_MESSAGE);
      await addTicketEvent(trx, t.id, 'final_review_applied', by(me), { note }, now);
      send(await activeLeadIds(trx, t.team_id), {
        type: MESSAGE_TYPE.FINAL_REVIEW_APPLIED,
        title: `${displayName(me)}申请工单 ${t.order_no} 的终稿审核${note ? `：${note}` : ''}`,
        info: ticketInfo(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(db, t.id);
  }

  /** The ticket's designer asks the leads to accept a factory rejection (message 23); one pending per ticket. */
  async function applyFactoryReject(me: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await ownTicket(db, me, ticketId);
    if (t.status === TICKET_STATUS.factoryRejected) throw conflict('该工单已是工厂驳回状态');
    // One pending application per ticket; after a decision the designer may apply again.
    if ((await latestTicketEvent(db, t.id, FACTORY_REJECT_EVENTS))?.type === 'factory_reject_applied') throw conflict(PENDING_FACTORY_REJECT);
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      // Locks the ticket row first, so of two concurrent applications the second sees the first.
      await touchTicket(trx, t.id, now);
      if ((await latestTicketEvent(trx, t.id, FACTORY_REJECT_EVENTS))?.type === 'factory_reject_applied') throw conflict(PENDING_FACTORY_REJECT);
      await addTicketEvent(trx, t.id, 'factory_reject_applied', by(me), { reason }, now);
      send(await activeLeadIds(trx, t.team_id), {
        type: MESSAGE_TYPE.FACTORY_REJECT_APPLIED,
        title: `${displayName(me)}提交了工单 ${t.order_no} 的工厂驳回申请：${reason}`,
        info: ticketInfo(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(db, t.id);
  }

  /** The pending application's event, locked with the ticket row; 409 when there is none. */
  async function pendingApplication(trx: Trx, t: TicketRow, types: EventType[], now: string) {
    await touchTicket(trx, t.id, now);
    const e = await latestTicketEvent(trx, t.id, types);
    if (!e) throw conflict('没有待审核的申请');
    if (e.type !== types[0]) throw conflict('该申请已处理');
    if (e.actor_id === null) throw conflict('没有待审核的申请');
    return { ...e, applicantId: e.actor_id };
  }

  /** A lead decides a final-review application (message 10 to the applicant); a rejection takes SUBMIT off. */
  async function reviewFinalReview(lead: Designer, ticketId: number, input: Decision): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    if (input.decision === 'reject' && !input.note) throw invalid('note', '请填写驳回理由');
    const approve = input.decision === 'approve';
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      const application = await pendingApplication(trx, t, FINAL_REVIEW_EVENTS, now);
      if (!approve) {
        // Rejected: SUBMIT comes off so the designer can revise and apply again.
        const fresh = await ticketState(trx, t.id);
        const markers = parseMarkers(fresh.work_markers).filter((m) => m !== 'SUBMIT').join(',');
        await updateTicketIf(trx, t.id, { work_markers: markers, updated_at: now });
      }
      await addTicketEvent(
        trx,
        t.id,
        approve ? 'final_review_approved' : 'final_review_rejected',
        by(lead),
        { note: input.note, application_event_id: application.id, designer_id: designerCode(application.applicantId) },
        now,
      );
      send([application.applicantId], {
        type: MESSAGE_TYPE.DRAFT_AUDITED,
        title: approve
          ? `工单 ${t.order_no} 的终稿审核已通过${input.note ? `：${input.note}` : ''}`
          : `工单 ${t.order_no} 的终稿审核未通过：${input.note}，请修改后重新申请`,
        info: ticketInfo(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(db, t.id);
  }

  /** A lead decides a factory-reject application (message 22); approval sets status "5" and FACTORY_REJECT. */
  async function reviewFactoryReject(lead: Designer, ticketId: number, input: Decision): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    if (input.decision === 'reject' && !input.note) throw invalid('note', '请填写驳回理由');
    const approve = input.decision === 'approve';
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      const application = await pendingApplication(trx, t, FACTORY_REJECT_EVENTS, now);
      const detail: Record<string, unknown> = { note: input.note, application_event_id: application.id, designer_id: designerCode(application.applicantId) };
      if (approve) {
        const fresh = await ticketState(trx, t.id);
        const moved = await updateTicketIf(
          trx,
          t.id,
          { status: TICKET_STATUS.factoryRejected, work_markers: withMarker(fresh.work_markers, 'FACTORY_REJECT'), updated_at: now },
          { statusIn: [TICKET_STATUS.normal, TICKET_STATUS.oneClick] },
        );
        if (!moved) throw conflict('工单已结束或已是工厂驳回状态，不能通过该申请');
        Object.assign(detail, { from: fresh.status, to: TICKET_STATUS.factoryRejected });
      }
      await addTicketEvent(trx, t.id, approve ? 'factory_reject_approved' : 'factory_reject_refused', by(lead), detail, now);
      send([application.applicantId], {
        type: MESSAGE_TYPE.FACTORY_REJECT_APPLICATION_DECIDED,
        title: approve
          ? `工单 ${t.order_no} 的工厂驳回申请已通过${input.note ? `：${input.note}` : ''}`
          : `工单 ${t.order_no} 的工厂驳回申请未通过：${input.note}`,
        info: ticketInfo(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(db, t.id);
  }

  return { applyFinalReview, applyFactoryReject, reviewFinalReview, reviewFactoryReject };
}
