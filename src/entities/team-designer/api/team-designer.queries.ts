import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { type AllocationRulesInput, allocationRulesSchema } from '../model/allocation-rules.schema';
import { type DesignerSettings, teamDesignerDetailSchema, teamDesignerPageSchema, teamDesignerSchema } from '../model/team-designer.schema';

export interface TeamDesignerListParams {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** The members of the lead's team; a picker reads the first 100 (a team is smaller). */
export const teamDesignerQueries = {
  all: () => ['team-designer'] as const,
  lists: () => [...teamDesignerQueries.all(), 'list'] as const,
  details: () => [...teamDesignerQueries.all(), 'detail'] as const,
  list: (params: TeamDesignerListParams) =>
    queryOptions({
      queryKey: [...teamDesignerQueries.lists(), params] as const,
      queryFn: ({ signal }) => http.get('team/designers', teamDesignerPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  /** Every member, for pickers (status and today's load included). */
  options: () =>
    queryOptions({
      queryKey: [...teamDesignerQueries.lists(), 'options'] as const,
      queryFn: ({ signal }) => http.get('team/designers', teamDesignerPageSchema, { searchParams: { page: 1, pageSize: 100 }, signal }),
      select: (page) => page.items,
      staleTime: 30_000,
    }),
  /** The team's allocation rules (leads). */
  allocationRules: () =>
    queryOptions({
      queryKey: [...teamDesignerQueries.all(), 'allocation-rules'] as const,
      queryFn: ({ signal }) => http.get('team/allocation-rules', allocationRulesSchema, { signal }),
    }),
  detail: (designerId: string) =>
    queryOptions({
      queryKey: [...teamDesignerQueries.details(), designerId] as const,
      queryFn: ({ signal }) => http.get(`team/designers/${encodeURIComponent(designerId)}`, teamDesignerDetailSchema, { signal }),
    }),
};

export const teamDesignerApi = {
  saveAllocationRules: (body: AllocationRulesInput) => http.put('team/allocation-rules', allocationRulesSchema, { json: body }),
  update: (designerId: string, body: DesignerSettings) =>
    http.put(`team/designers/${encodeURIComponent(designerId)}`, teamDesignerSchema, { json: body }),
};
