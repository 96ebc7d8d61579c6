/** Wire schemas of appeals and deductions (issue #5 contract); also the OpenAPI document. */
import { z } from 'zod';
import { MAX_ROW_ID, enumListParam, idSchema, pageQuery } from '../../lib/http.js';
import { EXPORT_FORMATS } from '../../lib/tabular-export.js';
import { orderNoSchema, reasonSchema } from '../tickets/index.js';
import { APPEAL_STATUSES, APPEAL_TYPES, DEDUCTION_SOURCES } from './appeal.model.js';
import { designerCodeSchema } from '../../domain/designers.js';

const cents = (required: string, max = 100_000_000) =>
  z
    .number({ error: required })
    .int({ error: '金额须为整数（分）' })
    .min(1, { error: '金额至少为1分' })
    .max(max, { error: '金额过大' });

const dayParam = z.iso.date({ error: '日期格式应为YYYY-MM-DD' });
const keyword = z.string().trim().max(64, { error: '关键词不能超过64个字符' }).optional().describe('Part of the order number or the ticket title');

// ---------------------------------------------------------------------------------------------
// Deductions

export const deductionSchema = z
  .object({
    deduction_id: z.number().int(),
    ticket_id: z.number().int(),
    order_no: z.string(),
    ticket_title: z.string(),
    designer_id: z.string(),
    designer_name: z.string(),
    source: z.enum(DEDUCTION_SOURCES).describe('after_sales 售后扣款 (upstream), qc 质检扣款 (upstream), review 审核扣款 (a team lead)'),
    amount_cents: z.number().int().describe('Money taken, positive'),
    reason: z.string(),
    created_at: z.string(),
    appeal_type: z.enum(APPEAL_TYPES).describe('The appeal type that contests it: after_sales, qc, or draft (for review)'),
    appeal_deadline: z.string().describe('created_at + APPEAL_WINDOW_DAYS'),
    can_appeal: z.boolean().describe('The caller is its designer, the window is open and it has no appeal yet'),
    appeal: z.object({ appeal_id: z.number().int(), status: z.enum(APPEAL_STATUSES) }).nullable().describe('Its appeal (the latest), if any'),
  })
  .meta({ id: 'Deduction' });
export type DeductionView = z.infer<typeof deductionSchema>;

export const deductionListQuery = pageQuery.extend({
  source: enumListParam(DEDUCTION_SOURCES, '扣款来源不正确').optional().describe('One or more sources, comma-joined or repeated'),
  from: dayParam.optional().describe('Created on or after this Asia/Shanghai day'),
  to: dayParam.optional().describe('Created on or before this Asia/Shanghai day'),
  keyword,
  designer_id: designerCodeSchema.optional().describe('Team leads: one team member’s deductions'),
});
export type DeductionListQuery = z.infer<typeof deductionListQuery>;

export const leadDeductionInput = z.object({
  amount_cents: cents('请填写扣款金额'),
  reason: z.string({ error: '请填写扣款原因' }).trim().min(1, { error: '请填写扣款原因' }).max(500, { error: '扣款原因不能超过500个字符' }),
});

export const integrationDeductionInput = z
  .object({
    external_id: z
      .string({ error: '请填写扣款编号' })
      .trim()
      .min(1, { error: '请填写扣款编号' })
      .max(64, { error: '扣款编号不能超过64个字符' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_:.-]*$/, { error: '扣款编号只能包含字母、数字、下划线、冒号、点和短横线' })
      .describe('The upstream system’s id of the deduction: the same id twice creates one deduction'),
    order_no: orderNoSchema,
    source: z.enum(['after_sales', 'qc'], { error: '扣款来源只能是 after_sales 或 qc' }),
    amount_cents: cents('请填写扣款金额'),
    reason: z.string({ error: '请填写扣款原因' }).trim().min(1, { error: '请填写扣款原因' }).max(500, { error: '扣款原因不能超过500个字符' }),
  })
  .meta({ id: 'IntegrationDeduction' });
export type IntegrationDeductionInput = z.infer<typeof integrationDeductionInput>;

// ---------------------------------------------------------------------------------------------
// Appeals

export const appealAttachmentSchema = z
  .object({
    name: z.string(),
    url: z.string().describe('Object key of the uploaded file (read it at `read_url`)'),
    size: z.number().int().optional(),
    content_type: z.string().optional(),
  });
export type AppealAttachment = z.infer<typeof appealAttachmentSchema>;

/** An attachment as answered: with the URL it is read at, signed for 15 minutes (appeal attachments are private objects). */
export const appealAttachmentViewSchema = appealAttachmentSchema
  .extend({ read_url: z.string().describe('Where the browser reads the file now: a URL signed for 15 minutes, handed only to the appellant and the leads of the appeal’s team') })
  .meta({ id: 'AppealAttachment' });

export const appealSchema = z
  .object({
    appeal_id: z.number().int(),
    ticket_id: z.number().int(),
    order_no: z.string(),
    ticket_title: z.string(),
    designer_id: z.string(),
    designer_name: z.string(),
    type: z.enum(APPEAL_TYPES),
    deduction_id: z.number().int().nullable(),
    reason: z.string(),
    attachments: z.array(appealAttachmentSchema),
    requested_cents: z.number().int().describe('Fee appeals: the adjustment asked for; 0 otherwise'),
    approved_cents: z.number().int().describe('The adjustment posted on approval (fee: granted; deduction appeals: the deduction reversed); 0 otherwise'),
    status: z.enum(APPEAL_STATUSES),
    reviewer_name: z.string().nullable(),
    review_note: z.string(),
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
  });
/** An appeal as stored (its attachments without read URLs); answers are `appealAnswerSchema`. */
export type AppealView = z.infer<typeof appealSchema>;
export const appealAnswerSchema = appealSchema.extend({ attachments: z.array(appealAttachmentViewSchema) }).meta({ id: 'Appeal' });

export const appealEventSchema = z
  .object({
    event_id: z.number().int(),
    type: z.enum(['filed', 'approved', 'rejected']),
    actor_name: z.string(),
    note: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AppealEvent' });

/** An appeal with its timeline, as stored; answers are `appealDetailAnswerSchema`. */
export type AppealDetail = AppealView & { events: z.infer<typeof appealEventSchema>[] };
export const appealDetailAnswerSchema = appealAnswerSchema.extend({ events: z.array(appealEventSchema) }).meta({ id: 'AppealDetail' });

const attachmentKey = z.string({ error: '附件路径不正确' }).trim().min(1, { error: '附件路径不正确' }).max(400, { error: '附件路径过长' });

const attachmentInput = z.union(
  [
    attachmentKey,
    z.object({
      name: z.string().trim().max(200, { error: '附件名称不能超过200个字符' }).optional(),
      url: attachmentKey,
      size: z.number().int().min(0).optional(),
      content_type: z.string().max(100).optional(),
    }),
  ],
  { error: '附件格式不正确' },
);

export const appealInput = z.object({
  ticket_id: z.number({ error: '请选择工单' }).int({ error: '工单编号不正确' }).positive({ error: '工单编号不正确' }).max(MAX_ROW_ID, { error: '工单编号不正确' }),
  type: z.enum(APPEAL_TYPES, { error: '申诉类型不正确' }),
  deduction_id: z
    .number()
    .int({ error: '扣款编号不正确' })
    .positive({ error: '扣款编号不正确' })
    .max(MAX_ROW_ID, { error: '扣款编号不正确' })
    .nullish()
    .describe('Required for qc and after_sales; for draft when contesting a review deduction'),
  reason: z.string({ error: '请填写申诉理由' }).trim().min(1, { error: '请填写申诉理由' }).max(1000, { error: '申诉理由不能超过1000个字符' }),
  attachments: z
    .array(attachmentInput)
    .max(10, { error: '附件最多10个' })
    .default([])
    .describe('Object keys (or {name, url: key, size?, content_type?}) of files uploaded with source=appeal (or attachment): `<source>/<designer_id>/<yyyymmdd>/<nonce>/<name>`'),
  requested_cents: cents('请填写申诉金额').optional().describe('Fee appeals only (required): the adjustment asked for, 1..100000000'),
});
export type AppealInput = z.infer<typeof appealInput>;

export const reviewInput = z.object({
  decision: z.enum(['approve', 'reject'], { error: '请选择审核结果' }),
  note: z.string().trim().max(500, { error: '审核意见不能超过500个字符' }).default('').describe('Required to reject'),
  approved_cents: cents('请填写批准金额').optional().describe('Fee appeals: the amount granted, 1..requested_cents (default requested_cents)'),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const appealListQuery = pageQuery.extend({
  scope: z
    .enum(['mine', 'review'], { error: '范围不正确' })
    .default('mine')
    .describe('`mine` (default): my appeals, newest first; `review`: team leads only, the team’s appeals, oldest first'),
  type: enumListParam(APPEAL_TYPES, '申诉类型不正确').optional().describe('One or more types, comma-joined or repeated'),
  status: enumListParam(APPEAL_STATUSES, '申诉状态不正确').optional().describe('One or more statuses, comma-joined or repeated'),
  keyword,
});
export type AppealListQuery = z.infer<typeof appealListQuery>;

export const appealExportQuery = appealListQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 csv 或 xlsx' }).default('csv'),
});

export const idParams = (what: string) =>
  z.object({ id: idSchema(`${what}编号不正确`) });

export const applicationReviewInput = z.object({
  decision: z.enum(['approve', 'reject'], { error: '请选择审核结果' }),
  note: z.string().trim().max(500, { error: '审核意见不能超过500个字符' }).default('').describe('Required to reject'),
});

/** A lead's decision on a final-review or factory-reject application. */
export const applicationDecisionInput = z.object({
  decision: z.enum(['approve', 'reject'], { error: '请选择审核结果' }),
  note: z.string().trim().max(500, { error: '审核意见不能超过500个字符' }).default('').describe('Required to reject'),
});

export const factoryRejectApplicationInput = z.object({ reason: reasonSchema('请填写驳回原因') });
