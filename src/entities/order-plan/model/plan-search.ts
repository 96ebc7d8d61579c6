import * as z from 'zod/mini';
import { positiveIntParam } from '@/shared/lib/search-params';

/** `/order-plan/index` search params. */
export const planSearchSchema = z.object({ page: positiveIntParam(), pageSize: positiveIntParam(100) });
export type PlanSearch = z.output<typeof planSearchSchema>;
