import * as z from 'zod/mini';
import { enumParam, positiveIntParam, textParam } from '@/shared/lib/search-params';

/** `/team-management/designers` search params; `tab=rules` shows the team's allocation rules. */
export const teamDesignerSearchSchema = z.object({
  tab: enumParam(['list', 'rules'] as const),
  keyword: textParam(64),
  page: positiveIntParam(),
  pageSize: positiveIntParam(100),
});
export type TeamDesignerSearch = z.output<typeof teamDesignerSearchSchema>;
