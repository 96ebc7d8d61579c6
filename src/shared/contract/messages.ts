/**
 * The message contract (spec §4, §9): every message type the platform sends, with its Chinese
 * name, how long its in-app notification stays, and which areas of data it refreshes; and the
 * MQTT topics. Defined once, compiled by both sides: the SPA imports it as `@/shared/contract`, the
 * server from `server/src/modules/messages` (a relative import of this file). So it imports
 * nothing and uses nothing of the browser or of Node.
 *
 * Nothing else names a message type by its number: use `MESSAGE_TYPE.<NAME>`.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What a message can refresh, named by the data, not by the screens; the SPA maps each area to
 * its query keys (features/realtime-sync). Every message also refreshes the message list and the
 * unread count.
 */
export type RefreshArea =
  /** A ticket's list rows and detail, and what hangs off a ticket: appeals, deductions, fees. */
  | 'tickets'
  /** The top panel counts (and the lead's review queue they count). */
  | 'panel-counts'
  /** The lead's appeal review queue. */
  | 'appeal-review'
  /** The lead's team board, daily detail and the members' load. */
  | 'team-board'
  /** The team's order plans and their change requests (leads). */
  | 'team-plans'
  /** The designer's own plan. */
  | 'my-plan'
  /** The team's members (a designer joined). */
  | 'team-members'
  /** Announcements. */
  | 'announcements'
  /** A ticket's or an appeal's comment thread, and the unread comment counts on ticket rows. */
  | 'comments'
  /** The courses and exams lists and details (an assignment, its due date). */
  | 'study';

/**
 * What a message is about, and so what opening it (its notification, its row in the message
 * centre) shows. Each names its target in `ext_json.info`:
 * - `ticket`: `ticket_id` and `allocation_id` (the designer's stint on it); opens the ticket's drawer;
 * - `appeal`: `appeal_id`, with its `ticket_id` and `allocation_id`; opens the appeal;
 * - `plan-request`: `plan_id` and `request_id` of a change request; opens the team's plan;
 * - `my-plan`: `plan_id` and `request_id` of a decided request; opens the designer's own plan;
 * - `announcement`: `announcement_id`; opens the announcement;
 * - `team-member`: `designer_id` (D code) of the member; read in the message centre;
 * - `study`: `course_id` or `exam_id` of an assigned course or exam; opens the course or the exam;
 * - `study-result`: `exam_id` and `attempt_id` of a submitted attempt; opens the leads' 管理 tab.
 */
export type MessageTarget = 'ticket' | 'appeal' | 'plan-request' | 'my-plan' | 'announcement' | 'team-member' | 'study' | 'study-result';

export interface MessageTypeInfo {
  /** The number on the wire and in the database (spec §4). */
  code: number;
  /** What the message centre and the notification call it. */
  name: string;
  /** What the message is about: what `ext_json.info` names and what opening it shows. */
  opens: MessageTarget;
  /** Spec §9: how long its in-app notification stays (ms). */
  notifyMs: number;
  refreshes: readonly RefreshArea[];
}

/** Spec §9: a notification stays a minute unless its type says otherwise. */
export const DEFAULT_NOTIFICATION_MS = MINUTE;

const TICKET: readonly RefreshArea[] = ['tickets', 'team-board'];
const TICKET_AND_PANEL: readonly RefreshArea[] = ['tickets', 'panel-counts', 'team-board'];
const APPEAL_FILED: readonly RefreshArea[] = ['appeal-review', 'team-board'];
const COMMENTS: readonly RefreshArea[] = ['comments'];
const STUDY: readonly RefreshArea[] = ['study'];

function type(code: number, name: string, opens: MessageTarget, refreshes: readonly RefreshArea[], notifyMs = DEFAULT_NOTIFICATION_MS): MessageTypeInfo {
  return { code, name, opens, notifyMs, refreshes };
}

/**
 * Spec §4 types 2–34, and the project's own (not in the spec): 35 a designer joined the team
 * through an invite link (to its leads); 36 / 37 someone @mentioned you in a comment on a ticket /
 * an appeal (to the mentioned); 38 / 39 a new comment on a ticket / an appeal you take part in (to
 * its designer and the team's leads, not the author nor the mentioned). 36–39 refresh the comment
 * threads and the unread comment counts (issue #24). 40 / 41 a lead assigned you a course / an exam
 * with a due date (issue #16; info `course_id` / `exam_id`, `due_at`); they refresh the courses and
 * exams. 42 an attempt at an exam of the team was submitted (by its taker, or by the server at the
 * deadline; a candidate's of a public exam too), to the team's leads: their results table refreshes. Refresh areas follow spec §4 (ticket refresh: 9–19, 21, 22, 23, 25, 28, 32;
 * panel counts: 2, 3, 8–11, 14–16, 21, 22, 25, 27) plus the project's own: every ticket message
 * refreshes the team board, a filed appeal the lead's review queue, plan messages the plans.
 *
 * The project also refreshes the tickets on 2 (system assigned), 3 (fee appeal filed), 8 (fee
 * appeal decided) and 27 (factory-reject appeal decided). These change the panel counts, and the
 * lists those counts summarise change with them: the assigned ticket joins My tickets; a filed or
 * decided appeal changes the appeal lists, its detail and its ticket (the server touches the
 * ticket's updated_at, a sort key of My tickets), a decided one also the fees. My tickets and the
 * appeals page used to refresh their lists themselves whenever the counts changed; this table is
 * now the only thing that decides what a message refreshes.
 */
export const MESSAGE_TYPES = {
  SYSTEM_ASSIGNED: type(2, '系统派单', 'ticket', TICKET_AND_PANEL, 2 * MINUTE),
  FEE_APPEAL_FILED: type(3, '费用申诉', 'appeal', ['tickets', 'panel-counts', 'appeal-review', 'team-board']),
  REJECT_APPEAL_FILED: type(4, '驳回申诉', 'appeal', APPEAL_FILED),
  DRAFT_APPEAL_FILED: type(5, '稿件申诉', 'appeal', APPEAL_FILED),
  QC_APPEAL_FILED: type(6, '质检申诉', 'appeal', APPEAL_FILED),
  AFTER_SALES_APPEAL_FILED: type(7, '售后申诉', 'appeal', APPEAL_FILED),
  FEE_APPEAL_DECIDED: type(8, '费用审核结果', 'appeal', TICKET_AND_PANEL),
  REJECT_APPEAL_DECIDED: type(9, '驳回审核结果', 'appeal', TICKET_AND_PANEL, 2 * HOUR),
  DRAFT_AUDITED: type(10, '稿件审核结果', 'ticket', TICKET_AND_PANEL),
  DRAFT_APPEAL_DECIDED: type(11, '稿件申诉审核结果', 'appeal', TICKET_AND_PANEL),
  QC_APPEAL_DECIDED: type(12, '质检申诉审核结果', 'appeal', TICKET),
  AFTER_SALES_APPEAL_DECIDED: type(13, '售后申诉审核结果', 'appeal', TICKET),
  FINAL_REVIEW_APPLIED: type(14, '终稿审核申请', 'ticket', TICKET_AND_PANEL, 2 * HOUR),
  FIRST_DRAFT_CHECKED: type(15, '初稿检查完成', 'ticket', TICKET_AND_PANEL),
  FINAL_DRAFT_CHECKED: type(16, '终稿检查完成', 'ticket', TICKET_AND_PANEL),
  AFTER_SALES_DEDUCTION: type(17, '售后扣款', 'ticket', TICKET),
  QC_DEDUCTION: type(18, '质检扣款', 'ticket', TICKET),
  REVIEW_DEDUCTION: type(19, '审核扣款', 'ticket', TICKET),
  DRAFT_URGED: type(20, '催稿', 'ticket', ['team-board'], 2 * HOUR),
  TICKET_TRANSFERRED: type(21, '工单转派', 'ticket', TICKET_AND_PANEL, 2 * HOUR),
  FACTORY_REJECT_APPLICATION_DECIDED: type(22, '工厂驳回申请审核结果', 'ticket', TICKET_AND_PANEL, 2 * HOUR),
  FACTORY_REJECT_APPLIED: type(23, '工厂驳回申请', 'ticket', TICKET),
  MARKED_ABNORMAL: type(24, '订单标记异常', 'ticket', ['team-board'], 2 * HOUR),
  MANUALLY_ASSIGNED: type(25, '手动派单', 'ticket', TICKET_AND_PANEL, MINUTE),
  FACTORY_REJECT_APPEAL_FILED: type(26, '工厂驳回申诉', 'appeal', APPEAL_FILED),
  FACTORY_REJECT_APPEAL_DECIDED: type(27, '工厂驳回申诉审核结果', 'appeal', TICKET_AND_PANEL),
  ORDER_CLOSED: type(28, '订单关闭', 'ticket', TICKET),
  ANNOUNCEMENT: type(29, '公告', 'announcement', ['announcements'], 2 * HOUR),
  WEEKLY_PLAN_CHANGE_REQUESTED: type(30, '周计划变更申请', 'plan-request', ['team-plans']),
  REALTIME_PLAN_CHANGE_REQUESTED: type(31, '实时计划变更申请', 'plan-request', ['team-plans']),
  FACTORY_REJECTED: type(32, '工厂驳回工单', 'ticket', TICKET, 2 * HOUR),
  WEEKLY_PLAN_DECIDED: type(33, '周计划审批完成', 'my-plan', ['my-plan'], 10 * MINUTE),
  REALTIME_PLAN_DECIDED: type(34, '实时计划审批完成', 'my-plan', ['my-plan'], 10 * MINUTE),
  TEAM_MEMBER_JOINED: type(35, '团队成员加入', 'team-member', ['team-members']),
  TICKET_COMMENT_MENTIONED: type(36, '评论提及', 'ticket', COMMENTS, 10 * MINUTE),
  APPEAL_COMMENT_MENTIONED: type(37, '申诉评论提及', 'appeal', COMMENTS, 10 * MINUTE),
  TICKET_COMMENTED: type(38, '工单新评论', 'ticket', COMMENTS),
  APPEAL_COMMENTED: type(39, '申诉新评论', 'appeal', COMMENTS),
  COURSE_ASSIGNED: type(40, '课程学习任务', 'study', STUDY),
  EXAM_ASSIGNED: type(41, '考试任务', 'study', STUDY),
  EXAM_SUBMITTED: type(42, '考试交卷', 'study-result', STUDY),
} as const satisfies Record<string, MessageTypeInfo>;

export type MessageTypeName = keyof typeof MESSAGE_TYPES;

/** The wire numbers by name: `MESSAGE_TYPE.TICKET_TRANSFERRED` is 21. */
export const MESSAGE_TYPE = Object.fromEntries(Object.entries(MESSAGE_TYPES).map(([name, t]) => [name, t.code])) as {
  readonly [K in MessageTypeName]: (typeof MESSAGE_TYPES)[K]['code'];
};

export type MessageTypeCode = (typeof MESSAGE_TYPE)[MessageTypeName];

const BY_CODE = new Map<number, MessageTypeInfo>(Object.values(MESSAGE_TYPES).map((t) => [t.code, t]));

/** Every message type code, ascending. */
export const MESSAGE_TYPE_CODES: readonly number[] = [...BY_CODE.keys()].sort((a, b) => a - b);

/** The type of a code, or undefined for a number that is no message type. */
export function messageTypeOf(code: number): MessageTypeInfo | undefined {
  return BY_CODE.get(code);
}

export function isMessageType(code: number): code is MessageTypeCode {
  return BY_CODE.has(code);
}

/**
 * The messages of an appeal, by appeal type: its filing (to the team's leads) and its decision (to
 * the appellant), spec §4.
 */
export const APPEAL_MESSAGE_TYPES = {
  fee: { filed: MESSAGE_TYPE.FEE_APPEAL_FILED, decided: MESSAGE_TYPE.FEE_APPEAL_DECIDED },
  reject: { filed: MESSAGE_TYPE.REJECT_APPEAL_FILED, decided: MESSAGE_TYPE.REJECT_APPEAL_DECIDED },
  draft: { filed: MESSAGE_TYPE.DRAFT_APPEAL_FILED, decided: MESSAGE_TYPE.DRAFT_APPEAL_DECIDED },
  qc: { filed: MESSAGE_TYPE.QC_APPEAL_FILED, decided: MESSAGE_TYPE.QC_APPEAL_DECIDED },
  after_sales: { filed: MESSAGE_TYPE.AFTER_SALES_APPEAL_FILED, decided: MESSAGE_TYPE.AFTER_SALES_APPEAL_DECIDED },
  factory_reject: { filed: MESSAGE_TYPE.FACTORY_REJECT_APPEAL_FILED, decided: MESSAGE_TYPE.FACTORY_REJECT_APPEAL_DECIDED },
} as const satisfies Record<string, { filed: MessageTypeCode; decided: MessageTypeCode }>;

/** MQTT topics: one per designer (its messages), one shared by every client (announcements). */
export const MQTT_TOPICS = {
  announcements: 'announcements',
  designer: (designerId: string) => `designers/${designerId}/messages`,
} as const;
