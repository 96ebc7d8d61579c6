import * as z from 'zod/mini';
import { positiveIntParam, textParam } from '@/shared/lib/search-params';

/** `/team-management/designers` search params. */
export const teamDesignerSearchSchema = z.object({
  keyword: textParam(64),
  page: positiveIntParam(),
  pageSize: positiveIntParam(100),
});
export type TeamDesignerSearch = z.output<typeof teamDesignerSearchSchema>;
