import { APPEAL_MESSAGE_TYPES, messageTypeOf } from '@/shared/contract';

/** Ticket messages open My tickets (with the ticket's drawer when the message names one). */
export const TICKET_NOTIFICATION_PATH = '/order-management/index';
/** Appeal messages open the appeal's drawer on 申诉工单. */
export const APPEALS_PATH = '/order-management/appeal';
/** Plan change requests open the lead's plan (its detail when the message names it). */
export const ORDER_PLAN_PATH = '/order-plan/index';
/** 学习考试: an assigned course opens the course, an assigned exam the exam. */
export const STUDY_EXAM_PATH = '/study-exam/index';
export const COURSE_DETAIL_PATH = '/study-exam/course-detail';
export const ONLINE_EXAM_PATH = '/online-exam';
/** Messages without a page of their own (a member joined) are read in the message centre. */
export const MESSAGE_CENTER_PATH = '/message-center/index';

/** What a message's `ext_json.info` may name (the contract's `MessageTarget` says which). */
export interface MessageInfo {
  ticket_id?: number;
  announcement_id?: number;
  appeal_id?: unknown;
  plan_id?: unknown;
  course_id?: unknown;
  exam_id?: unknown;
  attempt_id?: unknown;
}

const FILED_APPEAL_TYPES: ReadonlySet<number> = new Set(Object.values(APPEAL_MESSAGE_TYPES).map((t) => t.filed));

const positiveId = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

/**
 * Where opening a message goes, its notification or its row in the message centre (spec §2
 * navigation), by what the contract says the type is about (`opens`):
 * - a ticket: My tickets with that ticket's detail drawer open;
 * - an appeal: 申诉工单 with the appeal's drawer open (a filed appeal, sent to leads, in 待审核);
 * - a plan change request: the plan's detail (leads); a decided request: My tickets with 我的计划 open;
 * - an announcement: `/message-center/announcement?id=`;
 * - a member who joined: the message centre;
 * - an assigned course (40): `/study-exam/course-detail?id=`; an assigned exam (41): `/online-exam?id=`
 *   (学习考试 when the message names neither); a submitted exam (42, to leads): 学习考试's 管理 tab.
 * A message that does not name its target opens the list it belongs to.
 */
export function notificationHref(messageType: number, info: MessageInfo): string {
  const ticketHref = () => {
    const ticket = positiveId(info.ticket_id);
    return ticket ? `${TICKET_NOTIFICATION_PATH}?ticket=${ticket}` : TICKET_NOTIFICATION_PATH;
  };
  switch (messageTypeOf(messageType)?.opens) {
    case 'announcement': {
      const id = positiveId(info.announcement_id);
      return id ? `/message-center/announcement?id=${id}` : MESSAGE_CENTER_PATH;
    }
    case 'team-member':
      return MESSAGE_CENTER_PATH;
    case 'study': {
      const exam = positiveId(info.exam_id);
      if (exam) return `${ONLINE_EXAM_PATH}?id=${exam}`;
      const course = positiveId(info.course_id);
      return course ? `${COURSE_DETAIL_PATH}?id=${course}` : STUDY_EXAM_PATH;
    }
    case 'study-result':
      return `${STUDY_EXAM_PATH}?tab=manage`;
    case 'plan-request': {
      const plan = positiveId(info.plan_id);
      return plan ? `/order-plan/detail/${plan}` : ORDER_PLAN_PATH;
    }
    case 'my-plan':
      return `${TICKET_NOTIFICATION_PATH}?plan=mine`;
    case 'appeal': {
      const appeal = positiveId(info.appeal_id);
      if (!appeal) return ticketHref();
      return FILED_APPEAL_TYPES.has(messageType) ? `${APPEALS_PATH}?tab=review&appeal=${appeal}` : `${APPEALS_PATH}?appeal=${appeal}`;
    }
    default:
      return ticketHref();
  }
}
