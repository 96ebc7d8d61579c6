/** Wire schemas of the order-plan calls (issue #7 contract); also the OpenAPI document. */
import { z } from 'zod';
import { idSchema, pageQuery } from '../../lib/http.js';
import { designerCodeSchema } from '../../domain/designers.js';
import { isDay, weekdayOf } from '../../domain/calendar.js';

export const PLAN_REQUEST_KINDS = ['weekly', 'realtime'] as const;
export const PLAN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

const day = z.string({ error: '请选择日期' }).refine(isDay, { error: '日期格式应为YYYY-MM-DD' });
const monday = day.refine((d) => !isDay(d) || weekdayOf(d) === 0, { error: '计划周须从周一开始' }).describe('The Monday of the week, YYYY-MM-DD');
const capacity = z
  .number({ error: '请填写接单量' })
  .int({ error: '接单量须为0-200的整数' })
  .min(0, { error: '接单量须为0-200的整数' })
  .max(200, { error: '接单量须为0-200的整数' });

export const cellSchema = z.object({ day: z.string(), capacity: z.number().int() });

export const planRequestSchema = z
  .object({
    request_id: z.number().int(),
    plan_id: z.number().int().nullable().describe('null until the week has a plan (approval creates it)'),
    week_start: z.string(),
    designer_id: z.string(),
    designer_name: z.string(),
    kind: z.enum(PLAN_REQUEST_KINDS),
    changes: z.array(cellSchema),
    reason: z.string(),
    status: z.enum(PLAN_REQUEST_STATUSES),
    reviewer_name: z.string().nullable(),
    review_note: z.string(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
  })
  .meta({ id: 'PlanRequest' });
export type PlanRequestView = z.infer<typeof planRequestSchema>;

export const planSummarySchema = z
  .object({
    plan_id: z.number().int(),
    week_start: z.string(),
    week_end: z.string(),
    designer_count: z.number().int(),
    total_capacity: z.number().int(),
    pending_requests: z.number().int(),
  })
  .meta({ id: 'OrderPlanSummary' });

export const planDetailSchema = z
  .object({
    plan_id: z.number().int(),
    week_start: z.string(),
    week_end: z.string(),
    days: z.array(z.string()),
    rows: z.array(z.object({ designer_id: z.string(), designer_name: z.string(), cells: z.array(cellSchema) })),
    requests: z.array(planRequestSchema),
  })
  .meta({ id: 'OrderPlanDetail' });
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const myPlanSchema = z
  .object({ week_start: z.string(), plan_id: z.number().int().nullable(), cells: z.array(cellSchema), requests: z.array(planRequestSchema) })
  .meta({ id: 'MyOrderPlan' });

export const planIdParams = z.object({ id: idSchema('计划编号不正确') });
export const requestIdParams = z.object({ id: idSchema('申请编号不正确') });

export const planListQuery = pageQuery;
export const createPlanBody = z.object({ week_start: monday });
export const mineQuery = z.object({ week_start: monday.optional().describe('Default: the current week') });

export const cellsBody = z.object({
  cells: z
    .array(z.object({ designer_id: designerCodeSchema, day, capacity }), { error: '请填写计划' })
    .min(1, { error: '请填写计划' })
    .max(500, { error: '一次最多修改500格' }),
});

export const requestBody = z.object({
  kind: z.enum(PLAN_REQUEST_KINDS, { error: '申请类型不正确' }),
  week_start: monday,
  changes: z
    .array(z.object({ day, capacity }), { error: '请填写变更内容' })
    .min(1, { error: '请填写变更内容' })
    .max(7, { error: '一次最多变更7天' })
    .refine((c) => new Set(c.map((x) => x.day)).size === c.length, { error: '日期重复' }),
  reason: z.string({ error: '请填写申请原因' }).trim().min(1, { error: '请填写申请原因' }).max(500, { error: '申请原因不能超过500个字符' }),
});

export const reviewBody = z.object({
  decision: z.enum(['approve', 'reject'], { error: '请选择审批结果' }),
  note: z.string().trim().max(500, { error: '审批意见不能超过500个字符' }).default(''),
});
