import * as z from 'zod/mini';
import { compactParams, dayParam, dayRange, enumCsvParam, positiveIntParam, textParam } from '@/shared/lib';
import { appealStatusSchema, appealTypeSchema } from '@/entities/appeal/@x/deduction';

/** The deduction contract of the server (issue #5): money taken from a designer for a ticket. */

export const DEDUCTION_SOURCES = ['after_sales', 'qc', 'review'] as const;
export const deductionSourceSchema = z.enum(DEDUCTION_SOURCES);
export type DeductionSource = z.infer<typeof deductionSourceSchema>;

export const DEDUCTION_SOURCE_TEXT: Record<DeductionSource, string> = { after_sales: '售后扣款', qc: '质检扣款', review: '审核扣款' };
/** Tag colours, shown as the tag's dot (its text stays the body colour: 4.5:1 contrast). */
export const DEDUCTION_SOURCE_COLOR: Record<DeductionSource, string> = { after_sales: 'grape', qc: 'orange', review: 'blue' };

const int = () => z.number().check(z.int());

export const deductionSchema = z.object({
  deduction_id: int(),
  ticket_id: int(),
  order_no: z.string(),
  ticket_title: z.string(),
  designer_id: z.string(),
  designer_name: z.string(),
  source: deductionSourceSchema,
  amount_cents: int(),
  reason: z.string(),
  created_at: z.string(),
  /** The appeal type that contests this deduction (after_sales, qc; draft for a review deduction). */
  appeal_type: appealTypeSchema,
  appeal_deadline: z.nullable(z.string()),
  can_appeal: z.boolean(),
  appeal: z.nullable(z.object({ appeal_id: int(), status: appealStatusSchema })),
});
export type Deduction = z.infer<typeof deductionSchema>;

export const deductionPageSchema = z.object({
  items: z.array(deductionSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type DeductionPage = z.infer<typeof deductionPageSchema>;

export const DEDUCTION_PAGE_SIZE = 20;
export const DEDUCTION_KEYWORD_MAX = 64;

/** `/order-management/deduction` search params. */
export const deductionSearchSchema = z.object({
  /** One or more sources, comma-joined. */
  source: enumCsvParam(DEDUCTION_SOURCES),
  from: dayParam(),
  to: dayParam(),
  keyword: textParam(DEDUCTION_KEYWORD_MAX),
  page: positiveIntParam(),
  pageSize: positiveIntParam(100),
});
export type DeductionSearch = z.output<typeof deductionSearchSchema>;

export function parseDeductionSearch(raw: unknown): DeductionSearch {
  const parsed = deductionSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The query of GET /api/deductions. */
export interface DeductionListParams {
  /** One or more sources, comma-joined. */
  source?: string;
  from?: string;
  to?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

export function deductionListParamsOf(search: DeductionSearch): DeductionListParams {
  // Picked days are Shanghai days; the server takes them as whole days, inclusive.
  const { from, to } = dayRange(search.from, search.to);
  return {
    ...compactParams({ source: search.source, from, to, keyword: search.keyword }),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEDUCTION_PAGE_SIZE,
  };
}

export type DeductionFilterPatch = Partial<Pick<DeductionSearch, 'source' | 'from' | 'to' | 'keyword'>>;

export function withDeductionFilters(search: DeductionSearch, patch: DeductionFilterPatch): DeductionSearch {
  const { page: _page, ...rest } = search;
  return compactParams({ ...rest, ...patch });
}

export function withDeductionPage(search: DeductionSearch, page: number, pageSize?: number): DeductionSearch {
  const size = pageSize ?? search.pageSize;
  return compactParams({ ...search, page: page > 1 ? page : undefined, pageSize: size === DEDUCTION_PAGE_SIZE ? undefined : size });
}
