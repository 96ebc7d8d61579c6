/**
 * Wire schemas of the team calls: the team pages (issue #7 contract), invite links and the public
 * daily panel (issue 6); also the OpenAPI document.
 */
import { z } from 'zod';
import { MAX_ROW_ID, idSchema, pageQuery } from '../../lib/http.js';
import { EXPORT_FORMATS } from '../../lib/tabular-export.js';
import { settlementSchema } from '../settlements/index.js';
import { ALLOCATION_STRATEGIES, allocationSchema, confirmSchema, ticketItemSchema } from '../tickets/index.js';
import { daysBetween, isDay } from '../../domain/calendar.js';
import { designerCodeSchema } from '../../domain/designers.js';

export const MAX_PERIOD_DAYS = 92;

export const daySchema = z
  .string({ error: '请选择日期' })
  .refine(isDay, { error: '日期格式应为YYYY-MM-DD' })
  .describe('Asia/Shanghai day, YYYY-MM-DD');

const periodShape = { from: daySchema.optional(), to: daySchema.optional() };

function checkPeriod(v: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  else if (daysBetween(v.from, v.to).length > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `查询区间不能超过${MAX_PERIOD_DAYS}天` });
}

/** `from`..`to` inclusive, at most 92 days; a missing bound: the last 30 days up to today (or from `from`). */
export const periodQuery = z.object(periodShape).superRefine(checkPeriod);

const rate = z.number().min(0).max(1).nullable();

export const figuresSchema = z
  .object({
    received: z.number().int().describe('Allocations opened to members in the period'),
    in_progress: z.number().int().describe('Open (status 0/5/7), not done tickets held by members now'),
    completed: z.number().int().describe('Tickets whose latest completion notice arrived in the period (each ticket once), credited to the holder'),
    due: z
      .number()
      .int()
      .describe('Deadlines (due_at) in the period, already passed, of tickets that owed a draft by then: delivered, late, or still open owing one (not closed or refunded before any draft)'),
    overdue: z.number().int().describe('Of `due`, the missed ones: a late draft (LATE) or still owing a draft'),
    on_time_rate: rate.describe('(due - overdue) / due: the same tickets and days as overdue; null when nothing was due'),
    first_pass_rate: rate.describe('Completed with no factory rejection and no draft failing the automatic audit / completed; null when none'),
    deduction_cents: z.number().int().describe('Deductions created in the period (positive)'),
    appeals: z.number().int().describe('Appeals filed in the period'),
    appeals_pending: z.number().int().describe('Appeals pending now'),
  })
  .meta({ id: 'TeamFigures' });

export const boardSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: figuresSchema,
    by_designer: z.array(figuresSchema.extend({ designer_id: z.string(), designer_name: z.string() })),
    by_day: z.array(z.object({ day: z.string(), received: z.number().int(), completed: z.number().int(), overdue: z.number().int() })),
  })
  .meta({ id: 'TeamBoard' });

export const teamDesignerSchema = z
  .object({
    designer_id: z.string(),
    designer_name: z.string(),
    phone: z.string().describe('Masked: 138****0001'),
    designer_type: z.number().int(),
    online_ticket_status: z.number().int(),
    load_today: z.number().int().describe('Tickets assigned today (Asia/Shanghai)'),
    capacity_today: z.number().int().describe('The order-plan cell of today, else daily_capacity'),
    daily_capacity: z.number().int(),
    products: z.array(z.object({ product_id: z.number().int(), name: z.string() })),
    open_tickets: z.number().int(),
    completed_30d: z.number().int(),
    on_time_rate_30d: rate,
    first_pass_rate_30d: rate,
  })
  .meta({ id: 'TeamDesigner' });

export const teamDesignerDetailSchema = teamDesignerSchema
  .extend({
    recent_tickets: z.array(ticketItemSchema),
    settlements: z.array(settlementSchema),
    history: z.array(
      z.object({
        ticket_id: z.number().int(),
        order_no: z.string(),
        how: allocationSchema.shape.how,
        assigned_at: z.string(),
        ended_at: z.string().nullable(),
        end_reason: z.string().nullable(),
      }),
    ),
    qualifications: z
      .array(
        z.object({
          product_id: z.number().int(),
          product_name: z.string(),
          exam_id: z.number().int(),
          exam_title: z.string(),
          attempt_id: z.number().int(),
          qualified_at: z.string(),
        }),
      )
      .describe('Products the designer qualified for by passing an exam linked to them (issue #16), oldest first'),
  })
  .meta({ id: 'TeamDesignerDetail' });

export const designerParams = z.object({ designer_id: designerCodeSchema });

export const designerListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64, { error: '关键词不能超过64个字符' }).optional().describe('Part of the name, phone or designer_id'),
});

export const designerUpdateBody = z.object({
  daily_capacity: z
    .number({ error: '请填写每日接单上限' })
    .int({ error: '每日接单上限须为0-200的整数' })
    .min(0, { error: '每日接单上限须为0-200的整数' })
    .max(200, { error: '每日接单上限须为0-200的整数' }),
  product_ids: z
    .array(z.number({ error: '产品编号不正确' }).int({ error: '产品编号不正确' }).positive({ error: '产品编号不正确' }).max(MAX_ROW_ID, { error: '产品编号不正确' }), { error: '请选择产品' })
    .max(200, { error: '产品不能超过200个' })
    .refine((ids) => new Set(ids).size === ids.length, { error: '产品重复' }),
});

const ticketIds = z
  .array(z.number({ error: '工单编号不正确' }).int({ error: '工单编号不正确' }).positive({ error: '工单编号不正确' }).max(MAX_ROW_ID, { error: '工单编号不正确' }), { error: '请选择工单' })
  .min(1, { error: '请选择工单' })
  .max(50, { error: '一次最多处理50个工单' })
  .refine((ids) => new Set(ids).size === ids.length, { error: '工单重复' });

export const bulkAssignBody = z.object({ ticket_ids: ticketIds, designer_id: designerCodeSchema, confirm: confirmSchema });
export const bulkTransferBody = bulkAssignBody.extend({
  reason: z.string({ error: '请填写转派原因' }).trim().min(1, { error: '请填写转派原因' }).max(500, { error: '转派原因不能超过500个字符' }),
});

export const bulkResultSchema = z
  .object({ results: z.array(z.object({ ticket_id: z.number().int(), ok: z.boolean(), message: z.string() })) })
  .meta({ id: 'BulkResult' });

const ruleFlag = (what: string) => z.boolean({ error: `${what}须为是或否` });

/** A team's allocation rules as a lead sets them (issue #24; every field required). */
export const allocationRulesBody = z.object({
  strategy: z.enum(ALLOCATION_STRATEGIES, { error: '分配策略只能是 least_loaded（负载最少优先）或 round_robin（轮流分配）' }),
  skill_by_product: ruleFlag('按产品资质分配'),
  capacity_from_plan: ruleFlag('按排班计划取接单上限'),
});

export const allocationRulesSchema = allocationRulesBody
  .extend({
    updated_at: z.string().nullable().describe('When a lead last changed them; null: never (the defaults)'),
    updated_by_name: z.string().nullable(),
  })
  .describe(
    'strategy: least_loaded (fewest tickets today first) or round_robin (longest since the last assignment first); skill_by_product: only designers qualified for the product; ' +
      'capacity_from_plan: today’s capacity is the order-plan cell when there is one (off: always daily_capacity)',
  )
  .meta({ id: 'AllocationRules' });

export const statementSchema = z
  .object({
    statement_id: z.string().describe('= period_start'),
    period_start: z.string(),
    period_end: z.string(),
    member_count: z.number().int(),
    gross_cents: z.number().int(),
    deduction_cents: z.number().int(),
    adjustment_cents: z.number().int(),
    net_cents: z.number().int(),
    status_counts: z.object({ open: z.number().int(), confirmed: z.number().int(), paid: z.number().int() }),
  })
  .meta({ id: 'TeamStatement' });

export const statementDetailSchema = statementSchema
  .extend({
    scope: z.enum(['team', 'own']).describe("team: a lead's view of every member; own: a member's own share (their settlement only, totals are theirs)"),
    members: z.array(settlementSchema),
  })
  .meta({ id: 'TeamStatementDetail' });

export const statementParams = z.object({ statement_id: daySchema });
export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 csv 或 xlsx' }).default('csv') });

export const dailyDetailQuery = z.object({ ...periodShape, designer_id: designerCodeSchema.optional() }).superRefine(checkPeriod);

export const dailyDetailSchema = z
  .object({
    rows: z.array(
      z.object({
        day: z.string(),
        designer_id: z.string(),
        designer_name: z.string(),
        received: z.number().int(),
        completed: z.number().int(),
        overdue: z.number().int(),
        fee_cents: z.number().int(),
        deduction_cents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'TeamDailyDetail' });

// ---------------------------------------------------------------------------------------------
// Invite links (issue 6 "Teams", spec §2 /team-invite)

export const inviteStateSchema = z.enum(['valid', 'expired', 'used_up', 'revoked']).describe('valid / expired / used_up / revoked');

export const inviteSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    expires_at: z.string(),
    max_uses: z.number().int(),
    used_count: z.number().int(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    state: inviteStateSchema,
    joins: z.array(z.object({ designer_id: z.number().int(), name: z.string(), joined_at: z.string() })),
  })
  .meta({ id: 'TeamInvite' });

export const inviteCreateBody = z.object({
  expires_in_hours: z.number({ error: '请输入有效时长' }).int({ error: '有效时长为1-720小时的整数' }).min(1, { error: '有效时长为1-720小时' }).max(720, { error: '有效时长为1-720小时' }),
  max_uses: z.number({ error: '请输入可用次数' }).int({ error: '可用次数为1-1000的整数' }).min(1, { error: '可用次数为1-1000次' }).max(1000, { error: '可用次数为1-1000次' }),
});

export const inviteLookupSchema = z.object({
  team_name: z.string(),
  lead_name: z.string(),
  state: inviteStateSchema,
  state_text: z.string(),
  expires_at: z.string(),
  viewer_membership: z
    .enum(['member', 'other_team', 'none'])
    .optional()
    .describe('Only with a live token: the visitor is in this team already, in another team, or in none'),
});

export const inviteJoinSchema = z.object({ team_id: z.number().int(), team_name: z.string() });

/** A link or key by its row id (`/:id/revoke`). */
export const idParams = z.object({ id: idSchema() });
export const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Daily panel (spec §2 /order-daily-panel)

export const panelKeySchema = z
  .object({ id: z.number().int(), key_hint: z.string(), revoked_at: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'PanelKey' });

export const issuedPanelKeySchema = panelKeySchema.extend({ key: z.string() });

export const dailyPanelQuery = z.object({ key: z.string().trim().max(128).default('') });

export const dailyPanelSchema = z.object({
  team_name: z.string(),
  day: z.string(),
  received: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  hourly: z.array(z.number().int()).describe('24 counts of tickets received, hour 0–23 Shanghai time'),
  generated_at: z.string(),
});

export type InviteView = z.infer<typeof inviteSchema>;
export type PanelKeyView = z.infer<typeof panelKeySchema>;
export type DailyPanelView = z.infer<typeof dailyPanelSchema>;
