import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { env } from '@/shared/config/env';
import { expenseStatementDetailSchema, expenseStatementPageSchema, type ExportFormat } from '../model/team-expense.schema';

export interface ExpenseListParams {
  page: number;
  pageSize: number;
}

export const teamExpenseQueries = {
  all: () => ['team-expense'] as const,
  lists: () => [...teamExpenseQueries.all(), 'list'] as const,
  details: () => [...teamExpenseQueries.all(), 'detail'] as const,
  list: (params: ExpenseListParams) =>
    queryOptions({
      queryKey: [...teamExpenseQueries.lists(), params] as const,
      queryFn: ({ signal }) => http.get('team/expenses', expenseStatementPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (statementId: string) =>
    queryOptions({
      queryKey: [...teamExpenseQueries.details(), statementId] as const,
      queryFn: ({ signal }) => http.get(`team/expenses/${encodeURIComponent(statementId)}`, expenseStatementDetailSchema, { signal }),
    }),
};

/** The export file's URL (downloaded with the login token by the download feature). */
export function expenseExportUrl(statementId: string, format: ExportFormat): string {
  const base = env.apiBase.replace(/\/$/, '');
  return `${base}/team/expenses/${encodeURIComponent(statementId)}/export?format=${format}`;
}

/** The saved file's name: 团队费用_2026-11-16_2026-11-22.csv */
export function expenseExportName(statement: { period_start: string; period_end: string }, format: ExportFormat): string {
  return `团队费用_${statement.period_start}_${statement.period_end}.${format}`;
}
