import * as z from 'zod/mini';
import { APPEAL_MESSAGE_TYPES as CONTRACT_APPEAL_MESSAGES, type MessageTypeCode } from '@/shared/contract';

/**
 * The appeal contract of the server's appeals module (issue #5): an appeal, its detail with its own
 * timeline, a page of appeals. Money in integer cents.
 */

export const APPEAL_TYPES = ['fee', 'reject', 'draft', 'qc', 'after_sales', 'factory_reject'] as const;
export const appealTypeSchema = z.enum(APPEAL_TYPES);
export type AppealType = z.infer<typeof appealTypeSchema>;

export const APPEAL_TYPE_TEXT: Record<AppealType, string> = {
  fee: '费用申诉',
  reject: '驳回申诉',
  draft: '稿件申诉',
  qc: '质检申诉',
  after_sales: '售后申诉',
  factory_reject: '工厂驳回申诉',
};

export const APPEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const appealStatusSchema = z.enum(APPEAL_STATUSES);
export type AppealStatus = z.infer<typeof appealStatusSchema>;

export const APPEAL_STATUS_TEXT: Record<AppealStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };
/** Tag colours, shown as the tag's dot (its text stays the body colour: 4.5:1 contrast). */
export const APPEAL_STATUS_COLOR: Record<AppealStatus, string> = { pending: 'orange', approved: 'teal', rejected: 'red' };

export const APPEAL_EVENT_TYPES = ['filed', 'approved', 'rejected'] as const;
export const APPEAL_EVENT_TEXT: Record<(typeof APPEAL_EVENT_TYPES)[number], string> = { filed: '提交申诉', approved: '审核通过', rejected: '审核驳回' };

/** Spec §4 message types of each appeal type: the contract's table. */
export const APPEAL_MESSAGE_TYPES: Record<AppealType, { filed: MessageTypeCode; decided: MessageTypeCode }> = CONTRACT_APPEAL_MESSAGES;

/** Limits of POST /appeals and /appeals/:id/review. */
export const APPEAL_LIMITS = {
  reasonMax: 1000,
  noteMax: 500,
  attachmentsMax: 10,
  /** Cents: ¥1,000,000.00. */
  amountMaxCents: 100_000_000,
} as const;

const int = () => z.number().check(z.int());

export const appealAttachmentSchema = z.object({
  name: z.string(),
  /** The object key of the store (or an http(s) URL). */
  url: z.string(),
  /** Where the browser reads it: a URL signed for 15 minutes. */
  read_url: z.string(),
  size: z.optional(z.nullable(z.number())),
  content_type: z.optional(z.nullable(z.string())),
});
export type AppealAttachment = z.infer<typeof appealAttachmentSchema>;

export const appealSchema = z.object({
  appeal_id: int(),
  ticket_id: int(),
  order_no: z.string(),
  ticket_title: z.string(),
  designer_id: z.string(),
  designer_name: z.string(),
  type: appealTypeSchema,
  deduction_id: z.nullable(int()),
  reason: z.string(),
  attachments: z.array(appealAttachmentSchema),
  requested_cents: int(),
  approved_cents: int(),
  status: appealStatusSchema,
  reviewer_name: z.nullable(z.string()),
  review_note: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealEventSchema = z.object({
  event_id: int(),
  type: z.enum(APPEAL_EVENT_TYPES),
  actor_name: z.nullable(z.string()),
  note: z.nullable(z.string()),
  created_at: z.string(),
});
export type AppealEvent = z.infer<typeof appealEventSchema>;

export const appealDetailSchema = z.extend(appealSchema, { events: z.array(appealEventSchema) });
export type AppealDetail = z.infer<typeof appealDetailSchema>;

export const appealPageSchema = z.object({
  items: z.array(appealSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type AppealPage = z.infer<typeof appealPageSchema>;

/** Which types a designer may file from a ticket (deduction appeals are filed from the deduction). */
export const TICKET_APPEAL_TYPES: readonly AppealType[] = ['fee', 'reject', 'draft', 'factory_reject'];

export function isAppealType(value: unknown): value is AppealType {
  return typeof value === 'string' && (APPEAL_TYPES as readonly string[]).includes(value);
}
