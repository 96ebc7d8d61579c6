/**
 * The ticket domain's vocabulary: statuses (spec §3), stages, how a ticket was allocated and
 * timeline event types.
 */
import type { Designer } from '../../db/schema.js';

/** Spec §3 ticket status strings. */
export const TICKET_STATUS = {
  normal: '0',
  terminated: '1',
  refunded: '2',
  orderClosed: '3',
  completed: '4',
  factoryRejected: '5',
  manuallyClosed: '6',
  oneClick: '7',
} as const;
export const TICKET_STATUSES = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses a designer still works on (normal, factory rejected: rework, one-click order). */
export const OPEN_STATUSES: TicketStatus[] = ['0', '5', '7'];
/** Statuses a new ticket may arrive with from upstream. */
export const ARRIVAL_STATUSES = ['0', '7'] as const;

export const STAGES = ['waiting', 'first_draft', 'final_draft', 'done'] as const;
export type Stage = (typeof STAGES)[number];
/** Stage names as the screens show them (the SPA's STAGE_TEXT) and exports write them. */
export const STAGE_NAMES: Record<Stage, string> = { waiting: '待初稿', first_draft: '初稿已交', final_draft: '终稿已交', done: '已完成' };
/** Stages still owing a draft (the only ones that can be overdue). */
export const DRAFT_DUE_STAGES: Stage[] = ['waiting', 'first_draft'];

export const ALLOCATION_HOWS = ['system', 'manual', 'hall', 'transfer'] as const;
export type AllocationHow = (typeof ALLOCATION_HOWS)[number];

export const DRAFT_KINDS = ['first', 'final'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Timeline event types with the Chinese name the detail view shows. */
export const EVENT_TYPE_NAMES = {
  created: '工单创建',
  system_assigned: '系统派单',
  manual_assigned: '手动派单',
  grabbed: '大厅领取',
  transferred: '工单转派',
  urged: '催稿',
  marked_abnormal: '标记异常',
  closed: '手动关闭',
  terminated: '终止设计',
  refunded: '订单退款',
  completed: '收到完成通知',
  order_closed: '订单关闭',
  factory_rejected: '工厂驳回',
  draft_submitted: '提交稿件',
  draft_audited: '稿件检查完成',
  final_review_applied: '申请终稿审核',
  factory_reject_applied: '申请工厂驳回',
  final_review_approved: '终稿审核通过',
  final_review_rejected: '终稿审核未通过',
  factory_reject_approved: '工厂驳回申请通过',
  factory_reject_refused: '工厂驳回申请未通过',
  deducted: '扣款',
  appeal_filed: '提交申诉',
  appeal_approved: '申诉通过',
  appeal_rejected: '申诉未通过',
  commented: '评论',
} as const;
export type EventType = keyof typeof EVENT_TYPE_NAMES;


/** "4小时", "1天2小时", "30分钟": how long a designer has. */
export function minutesText(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d}天` : '', h ? `${h}小时` : '', m ? `${m}分钟` : ''].filter(Boolean);
  return parts.join('') || '0分钟';
}

/** Whether `me` may see a ticket: its current designer; a lead: the team's tickets or the pool. */
export function canRead(me: Pick<Designer, 'id' | 'designer_type' | 'team_id'>, t: { designer_id: number | null; team_id: number | null; current_allocation_id: number | null }): boolean {
  if (me.designer_type !== 0) return t.designer_id === me.id;
  if (t.team_id !== null) return t.team_id === me.team_id;
  return t.current_allocation_id === null;
}
