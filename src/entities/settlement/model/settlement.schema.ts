import * as z from 'zod/mini';
import { compactParams, dayParam, dayRange, enumParam, positiveIntParam } from '@/shared/lib';

/**
 * The settlement contract of the server (issue #5): one per designer per period, with lines for
 * each fee, deduction and adjustment. Invariant: gross − deduction + adjustment = net.
 */

export const SETTLEMENT_STATUSES = ['open', 'confirmed', 'paid'] as const;
export const settlementStatusSchema = z.enum(SETTLEMENT_STATUSES);
export type SettlementStatus = z.infer<typeof settlementStatusSchema>;
export const SETTLEMENT_STATUS_TEXT: Record<SettlementStatus, string> = { open: '结算中', confirmed: '已确认', paid: '已发放' };
/** Tag colours, shown as the tag's dot (its text stays the body colour: 4.5:1 contrast). */
export const SETTLEMENT_STATUS_COLOR: Record<SettlementStatus, string> = { open: 'blue', confirmed: 'orange', paid: 'teal' };

export const LINE_KINDS = ['fee', 'deduction', 'adjustment'] as const;
export const lineKindSchema = z.enum(LINE_KINDS);
export type LineKind = z.infer<typeof lineKindSchema>;
export const LINE_KIND_TEXT: Record<LineKind, string> = { fee: '工单费用', deduction: '扣款', adjustment: '调整' };

const int = () => z.number().check(z.int());

export const settlementSchema = z.object({
  settlement_id: int(),
  designer_id: z.string(),
  designer_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: settlementStatusSchema,
  gross_cents: int(),
  /** Positive: the total taken. */
  deduction_cents: int(),
  /** Signed. */
  adjustment_cents: int(),
  net_cents: int(),
  line_count: int(),
  confirmed_at: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementLineSchema = z.object({
  line_id: int(),
  kind: lineKindSchema,
  /** Signed: fees positive, deductions negative. */
  amount_cents: int(),
  ticket_id: z.nullable(int()),
  order_no: z.nullable(z.string()),
  deduction_id: z.nullable(int()),
  appeal_id: z.nullable(int()),
  description: z.string(),
  created_at: z.string(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const settlementDetailSchema = z.extend(settlementSchema, { lines: z.array(settlementLineSchema) });
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

export const settlementPageSchema = z.object({
  items: z.array(settlementSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type SettlementPage = z.infer<typeof settlementPageSchema>;

export const SETTLEMENT_PAGE_SIZE = 20;

/** `/order-fee/index` search params. */
export const settlementSearchSchema = z.object({
  status: enumParam(SETTLEMENT_STATUSES),
  from: dayParam(),
  to: dayParam(),
  page: positiveIntParam(),
  pageSize: positiveIntParam(100),
});
export type SettlementSearch = z.output<typeof settlementSearchSchema>;

export function parseSettlementSearch(raw: unknown): SettlementSearch {
  const parsed = settlementSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The query of GET /api/settlements. */
export interface SettlementListParams {
  status?: SettlementStatus;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export function settlementListParamsOf(search: SettlementSearch): SettlementListParams {
  // Picked days are Shanghai days; the server takes them as whole days, inclusive.
  const { from, to } = dayRange(search.from, search.to);
  return { ...compactParams({ status: search.status, from, to }), page: search.page ?? 1, pageSize: search.pageSize ?? SETTLEMENT_PAGE_SIZE };
}

export type SettlementFilterPatch = Partial<Pick<SettlementSearch, 'status' | 'from' | 'to'>>;

export function withSettlementFilters(search: SettlementSearch, patch: SettlementFilterPatch): SettlementSearch {
  const { page: _page, ...rest } = search;
  return compactParams({ ...rest, ...patch });
}

export function withSettlementPage(search: SettlementSearch, page: number, pageSize?: number): SettlementSearch {
  const size = pageSize ?? search.pageSize;
  return compactParams({ ...search, page: page > 1 ? page : undefined, pageSize: size === SETTLEMENT_PAGE_SIZE ? undefined : size });
}
