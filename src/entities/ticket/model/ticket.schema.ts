import * as z from 'zod/mini';

/**
 * The ticket contract of the server's tickets module (ticket.schemas.ts): list items, the detail
 * with drafts, timeline and allocations, the top panel counts and the order hall page.
 */

/** Spec §3 ticket status strings; their names and tag colours come from the ticket_status dictionary. */
export const TICKET_STATUS = {
  normal: '0',
  terminatedDesign: '1',
  refunded: '2',
  orderClosed: '3',
  completionNotice: '4',
  factoryRejected: '5',
  manuallyClosed: '6',
  oneClickOrder: '7',
} as const;
export const TICKET_STATUSES = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Statuses a designer still works on (normal, factory rejected: rework, one-click order). */
export const OPEN_STATUSES: readonly TicketStatus[] = ['0', '5', '7'];

export function isTicketStatus(value: string): value is TicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(value);
}

/** The dictionary that names the statuses (its item values are TICKET_STATUSES). */
export const TICKET_STATUS_DICT = 'ticket_status';

/** Where a ticket's drafts stand. */
export const TICKET_STAGES = ['waiting', 'first_draft', 'final_draft', 'done'] as const;
export const ticketStageSchema = z.enum(TICKET_STAGES);
export type TicketStage = z.infer<typeof ticketStageSchema>;
export const STAGE_TEXT: Record<TicketStage, string> = {
  waiting: '待初稿',
  first_draft: '初稿已交',
  final_draft: '终稿已交',
  done: '已完成',
};

export const DRAFT_KINDS = ['first', 'final'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
export const DRAFT_KIND_TEXT: Record<DraftKind, string> = { first: '初稿', final: '终稿' };

/** Spec §3 draft sync status. */
export const DRAFT_SYNC_TEXT: Record<number, string> = { 0: '未同步', 1: '已同步', 2: '同步失败', 3: '自动审核失败' };
export function draftSyncText(status: number): string {
  return DRAFT_SYNC_TEXT[status] ?? `未知状态（${status}）`;
}

export const ALLOCATION_HOW_TEXT: Record<string, string> = { system: '系统派单', manual: '手动派单', hall: '大厅领取', transfer: '转派' };

const int = () => z.number().check(z.int());

export const ticketItemSchema = z.object({
  ticket_id: int(),
  order_no: z.string(),
  shop_id: int(),
  shop_name: z.string(),
  product_id: int(),
  product_name: z.string(),
  title: z.string(),
  status: z.string(),
  order_markers: z.string(),
  work_markers: z.string(),
  stage: ticketStageSchema,
  allowed_minutes: int(),
  started_at: z.nullable(z.string()),
  due_at: z.nullable(z.string()),
  fee_cents: int(),
  team_id: z.nullable(int()),
  designer_id: z.nullable(z.string()),
  designer_name: z.nullable(z.string()),
  allocation_id: z.nullable(int()),
  created_at: z.string(),
  updated_at: z.string(),
  /** My tickets / the team's orders only: others' comments on the ticket the caller has not read (issue #24). */
  unread_comments: z.optional(int()),
});
export type TicketItem = z.infer<typeof ticketItemSchema>;

export const attachmentSchema = z.object({
  name: z.string(),
  /** An http(s) URL or an object key of the store. */
  url: z.string(),
  /** Where the browser reads it: for a stored file a URL signed for 15 minutes. */
  read_url: z.string(),
  size: z.optional(z.number()),
  content_type: z.optional(z.string()),
});
export type TicketAttachment = z.infer<typeof attachmentSchema>;

export const draftSchema = z.object({
  draft_id: int(),
  ticket_id: int(),
  allocation_id: int(),
  designer_id: z.string(),
  kind: z.enum(DRAFT_KINDS),
  /** Object keys. */
  files: z.array(z.string()),
  note: z.string(),
  sync_status: int(),
  audit_result: z.nullable(z.string()),
  audited_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type TicketDraft = z.infer<typeof draftSchema>;

/** A draft in a ticket's detail: with the read URL of each file (signed for 15 minutes), in the order of `files`. */
export const draftDetailSchema = z.extend(draftSchema, { read_urls: z.array(z.string()) });
export type TicketDraftDetail = z.infer<typeof draftDetailSchema>;

export const ticketEventSchema = z.object({
  event_id: int(),
  type: z.string(),
  type_name: z.string(),
  actor: z.object({
    kind: z.enum(['designer', 'system', 'upstream']),
    designer_id: z.nullable(z.string()),
    name: z.string(),
  }),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export const allocationSchema = z.object({
  allocation_id: int(),
  designer_id: z.string(),
  designer_name: z.string(),
  how: z.string(),
  assigned_at: z.string(),
  ended_at: z.nullable(z.string()),
  end_reason: z.nullable(z.string()),
});
export type TicketAllocation = z.infer<typeof allocationSchema>;

export const ticketDetailSchema = z.extend(ticketItemSchema, {
  requirements: z.string(),
  customer_notes: z.string(),
  attachments: z.array(attachmentSchema),
  drafts: z.array(draftDetailSchema),
  timeline: z.array(ticketEventSchema),
  allocations: z.array(allocationSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketPageSchema = z.object({
  items: z.array(ticketItemSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const PANEL_COUNT_KEYS = ['waiting', 'in_progress', 'first_draft_due', 'final_draft_due', 'overdue', 'rejected', 'appealing'] as const;
export type PanelCountKey = (typeof PANEL_COUNT_KEYS)[number];

export const panelCountsSchema = z.object({
  waiting: int(),
  in_progress: int(),
  first_draft_due: int(),
  final_draft_due: int(),
  overdue: int(),
  rejected: int(),
  appealing: int(),
});
export type PanelCounts = z.infer<typeof panelCountsSchema>;

export const PANEL_COUNT_TEXT: Record<PanelCountKey, string> = {
  waiting: '待处理',
  in_progress: '进行中',
  first_draft_due: '初稿将到期',
  final_draft_due: '终稿将到期',
  overdue: '已超时',
  rejected: '工厂驳回',
  appealing: '申诉中',
};

/** A shop tickets come from (GET /user/shops). */
export const shopSchema = z.object({ shop_id: int(), name: z.string(), platform: z.string() });
export type Shop = z.infer<typeof shopSchema>;
export const shopListSchema = z.object({ items: z.array(shopSchema) });
