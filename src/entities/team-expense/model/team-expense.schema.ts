import * as z from 'zod/mini';
import { settlementSchema } from '@/entities/settlement/@x/team-expense';

const int = () => z.number().check(z.int());
const day = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The team's expense statement of one period, rolled up from the members' settlements. */
export const expenseStatementSchema = z.object({
  /** = period_start. */
  statement_id: z.string(),
  period_start: day(),
  period_end: day(),
  member_count: int(),
  gross_cents: int(),
  deduction_cents: int(),
  adjustment_cents: int(),
  net_cents: int(),
  status_counts: z.object({ open: int(), confirmed: int(), paid: int() }),
});
export type ExpenseStatement = z.infer<typeof expenseStatementSchema>;

export const expenseStatementPageSchema = z.object({ items: z.array(expenseStatementSchema), total: int(), page: int(), pageSize: int() });
export type ExpenseStatementPage = z.infer<typeof expenseStatementPageSchema>;

/**
 * A statement's detail: a lead sees every member (`team`); any other member only their own share
 * (`own`: their settlement, the totals are theirs).
 */
export const expenseStatementDetailSchema = z.extend(expenseStatementSchema, { scope: z.enum(['team', 'own']), members: z.array(settlementSchema) });
export type ExpenseStatementDetail = z.infer<typeof expenseStatementDetailSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A statement id in a URL (`/team-management/expenses/detail/2026-11-16`) is its period start day. */
export const statementIdSchema = day();
