import { parseMarkerCodes } from './markers';
import { OPEN_STATUSES, type TicketEvent, type TicketItem, type TicketStatus } from '../model/ticket.schema';

/**
 * Which ticket actions the signed-in user may take, mirroring the server's rules
 * (tickets module, ticket.service.ts), so the detail shows only buttons that can succeed.
 */
export const TICKET_ACTIONS = [
  // The ticket's current designer
  'submitFirst',
  'submitFinal',
  'finalReview',
  'factoryReject',
  // Team leads
  'assign',
  'transfer',
  'urge',
  'abnormal',
  'close',
  'deduct',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const TICKET_ACTION_TEXT: Record<TicketAction, string> = {
  submitFirst: '上传初稿',
  submitFinal: '上传终稿',
  finalReview: '申请终稿审核',
  factoryReject: '申请工厂驳回',
  assign: '指派',
  transfer: '转派',
  urge: '催稿',
  abnormal: '标记异常',
  close: '关闭工单',
  deduct: '扣款',
};

export interface TicketViewer {
  /** The signed-in designer's code, e.g. D000002. */
  designerId: string | undefined;
  /** A team lead (role_admin). */
  isLead: boolean;
}

type ActionTicket = Pick<TicketItem, 'status' | 'stage' | 'designer_id' | 'allocation_id' | 'work_markers'> & {
  /** With the detail: the timeline tells whether a factory rejection is already pending. */
  timeline?: readonly Pick<TicketEvent, 'type' | 'actor'>[];
};

const FACTORY_REJECT_EVENTS: readonly string[] = ['factory_reject_applied', 'factory_reject_approved', 'factory_reject_refused'];

export function isOpenTicket(t: Pick<TicketItem, 'status'>): boolean {
  return OPEN_STATUSES.includes(t.status as TicketStatus);
}

/** The actions `viewer` may take on `ticket`, in display order. */
export function availableTicketActions(ticket: ActionTicket, viewer: TicketViewer): TicketAction[] {
  const out: TicketAction[] = [];
  // A review deduction (审核扣款) is taken from the ticket's designer, also after it has ended.
  const deduct = viewer.isLead && ticket.designer_id !== null;
  if (!isOpenTicket(ticket)) return deduct ? ['deduct'] : out;
  // The platform's own markers (SUBMIT, ABNORMAL) are what the server checks.
  const markers = parseMarkerCodes(ticket.work_markers);
  const assigned = ticket.allocation_id !== null && ticket.designer_id !== null;
  const owner = assigned && !!viewer.designerId && ticket.designer_id === viewer.designerId;

  if (owner) {
    if (ticket.stage === 'waiting' || ticket.stage === 'first_draft') out.push('submitFirst');
    if (ticket.stage !== 'waiting') out.push('submitFinal');
    if (ticket.stage === 'final_draft' && !markers.includes('SUBMIT')) out.push('finalReview');
    // One application at a time: pending while the latest application event is the application itself.
    const latest = ticket.timeline?.filter((e) => FACTORY_REJECT_EVENTS.includes(e.type)).at(-1);
    if (latest?.type !== 'factory_reject_applied') out.push('factoryReject');
  }

  if (viewer.isLead) {
    out.push(assigned ? 'transfer' : 'assign');
    if (assigned && (ticket.stage === 'waiting' || ticket.stage === 'first_draft')) out.push('urge');
    if (!markers.includes('ABNORMAL')) out.push('abnormal');
    out.push('close');
  }
  if (deduct) out.push('deduct');
  return out;
}

/**
 * What the time column shows: the timeout check while a draft is owed; '—' once the drafts are in
 * or the ticket has ended; the allowed time for a ticket nobody holds yet (its clock has not started).
 */
export type TimeoutDisplay = 'timer' | 'finished' | 'not_started';

export function timeoutDisplay(t: Pick<TicketItem, 'status' | 'stage' | 'designer_id' | 'started_at'>): TimeoutDisplay {
  if (!isOpenTicket(t) || t.stage === 'final_draft' || t.stage === 'done') return 'finished';
  if (t.designer_id === null && t.started_at === null) return 'not_started';
  return 'timer';
}
