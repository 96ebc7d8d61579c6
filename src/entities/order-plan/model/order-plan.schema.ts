import * as z from 'zod/mini';

const int = () => z.number().check(z.int());
const day = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const CAPACITY_MAX = 200;
export const REASON_MAX = 500;

export const planCellSchema = z.object({ day: day(), capacity: int() });
export type PlanCell = z.infer<typeof planCellSchema>;

export const PLAN_REQUEST_KINDS = ['weekly', 'realtime'] as const;
export type PlanRequestKind = (typeof PLAN_REQUEST_KINDS)[number];
export const PLAN_REQUEST_KIND_TEXT: Record<PlanRequestKind, string> = { weekly: '周计划变更', realtime: '实时变更' };

export const PLAN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];
export const PLAN_REQUEST_STATUS_TEXT: Record<PlanRequestStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };
export const PLAN_REQUEST_STATUS_COLOR: Record<PlanRequestStatus, string> = { pending: 'orange', approved: 'teal', rejected: 'red' };

export const planRequestSchema = z.object({
  request_id: int(),
  plan_id: z.nullable(int()),
  designer_id: z.string(),
  designer_name: z.string(),
  kind: z.enum(PLAN_REQUEST_KINDS),
  changes: z.array(planCellSchema),
  reason: z.string(),
  status: z.enum(PLAN_REQUEST_STATUSES),
  reviewer_name: z.nullable(z.string()),
  review_note: z.nullable(z.string()),
  created_at: z.string(),
  reviewed_at: z.nullable(z.string()),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

/** A week in the lead's list (GET /order-plans). */
export const planSummarySchema = z.object({
  plan_id: int(),
  week_start: day(),
  week_end: day(),
  designer_count: int(),
  total_capacity: int(),
  pending_requests: int(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planPageSchema = z.object({ items: z.array(planSummarySchema), total: int(), page: int(), pageSize: int() });
export type PlanPage = z.infer<typeof planPageSchema>;

export const planRowSchema = z.object({ designer_id: z.string(), designer_name: z.string(), cells: z.array(planCellSchema) });
export type PlanRow = z.infer<typeof planRowSchema>;

/** GET /order-plans/:id — the grid (designers × 7 days) and the week's change requests. */
export const planDetailSchema = z.object({
  plan_id: int(),
  week_start: day(),
  week_end: day(),
  days: z.array(day()),
  rows: z.array(planRowSchema),
  requests: z.array(planRequestSchema),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

/** GET /order-plans/mine — a designer's own week (no plan: cells from their daily capacity). */
export const myPlanSchema = z.object({
  week_start: day(),
  plan_id: z.nullable(int()),
  cells: z.array(planCellSchema),
  requests: z.array(planRequestSchema),
});
export type MyPlan = z.infer<typeof myPlanSchema>;

/** A capacity as typed: a whole number 0..200. */
export const capacitySchema = z.number().check(
  z.int('请输入整数'),
  z.gte(0, '接单量不能小于0'),
  z.lte(CAPACITY_MAX, `接单量不能超过${CAPACITY_MAX}`),
);

/** POST /order-plans/requests. */
export const planChangeRequestSchema = z.object({
  kind: z.enum(PLAN_REQUEST_KINDS),
  week_start: day(),
  changes: z.array(z.object({ day: day(), capacity: capacitySchema })).check(z.minLength(1, '请至少修改一天的接单量'), z.maxLength(7)),
  reason: z.string().check(z.trim(), z.minLength(1, '请填写变更原因'), z.maxLength(REASON_MAX, `变更原因不能超过${REASON_MAX}个字符`)),
});
export type PlanChangeRequestBody = z.output<typeof planChangeRequestSchema>;

/** POST /order-plans/requests/:id/review. */
export const PLAN_REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type PlanReviewDecision = (typeof PLAN_REVIEW_DECISIONS)[number];
export const planReviewSchema = z.object({
  decision: z.enum(PLAN_REVIEW_DECISIONS),
  note: z.string().check(z.trim(), z.maxLength(REASON_MAX, `审核意见不能超过${REASON_MAX}个字符`)),
});
export type PlanReviewBody = z.output<typeof planReviewSchema>;
