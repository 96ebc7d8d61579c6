import * as z from 'zod/mini';
import { positiveIntParam } from '@/shared/lib/search-params';

/** `/team-management/expenses` search params. */
export const expenseSearchSchema = z.object({ page: positiveIntParam(), pageSize: positiveIntParam(100) });
export type ExpenseSearch = z.output<typeof expenseSearchSchema>;
