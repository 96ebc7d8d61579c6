import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { type DeductionListParams, deductionPageSchema } from '../model/deduction.schema';

/** Query keys of the deduction entity; real-time deduction messages (17–19) invalidate lists(). */
export const deductionKeys = {
  all: () => ['deduction'] as const,
  lists: () => [...deductionKeys.all(), 'list'] as const,
};

export const deductionQueries = {
  ...deductionKeys,
  /** My deductions (a lead: the team's), newest first, one page. */
  list: (params: DeductionListParams) =>
    queryOptions({
      queryKey: [...deductionKeys.lists(), params] as const,
      queryFn: ({ signal }) => http.get('deductions', deductionPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
};
