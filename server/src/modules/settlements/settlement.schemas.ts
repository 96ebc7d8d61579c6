/** Wire schemas of the settlement calls (issue #5 contract); also the OpenAPI document. */
import { z } from 'zod';
import { idSchema, pageQuery } from '../../lib/http.js';
import { EXPORT_FORMATS } from '../../lib/tabular-export.js';
import { designerCodeSchema } from '../../domain/designers.js';

/** Settlement lines: fees (+), deductions (−), adjustments (±, approved appeals). */
export const LINE_KINDS = ['fee', 'deduction', 'adjustment'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const SETTLEMENT_STATUSES = ['open', 'confirmed', 'paid'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const settlementSchema = z
  .object({
    settlement_id: z.number().int(),
    designer_id: z.string(),
    designer_name: z.string(),
    period_start: z.string().describe('First Asia/Shanghai day of the period, YYYY-MM-DD'),
    period_end: z.string().describe('Last Asia/Shanghai day of the period (inclusive), YYYY-MM-DD'),
    status: z.enum(SETTLEMENT_STATUSES),
    gross_cents: z.number().int().describe('Sum of the fee lines'),
    deduction_cents: z.number().int().describe('Total taken by deduction lines, as a positive number'),
    adjustment_cents: z.number().int().describe('Sum of the adjustment lines (signed)'),
    net_cents: z.number().int().describe('gross − deduction + adjustment = the sum of all lines'),
    line_count: z.number().int(),
    confirmed_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'Settlement' });
export type SettlementView = z.infer<typeof settlementSchema>;

export const settlementLineSchema = z
  .object({
    line_id: z.number().int(),
    kind: z.enum(LINE_KINDS),
    amount_cents: z.number().int().describe('Signed: fees positive, deductions negative, adjustments either way'),
    ticket_id: z.number().int().nullable(),
    order_no: z.string().nullable(),
    deduction_id: z.number().int().nullable(),
    appeal_id: z.number().int().nullable(),
    description: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'SettlementLine' });
export type SettlementLineView = z.infer<typeof settlementLineSchema>;

export const settlementDetailSchema = settlementSchema.extend({ lines: z.array(settlementLineSchema) }).meta({ id: 'SettlementDetail' });
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

export const dayParam = z.iso.date({ error: '日期格式应为YYYY-MM-DD' });

export const settlementListQuery = pageQuery.extend({
  status: z.enum(SETTLEMENT_STATUSES, { error: '结算状态不正确' }).optional(),
  from: dayParam.optional().describe('Periods ending on or after this day (YYYY-MM-DD)'),
  to: dayParam.optional().describe('Periods starting on or before this day (YYYY-MM-DD)'),
  designer_id: designerCodeSchema.optional().describe('Team leads: a team member’s settlements'),
});

export const settlementIdParams = z.object({
  id: idSchema('结算单编号不正确'),
});

export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 csv 或 xlsx' }).default('csv') });
