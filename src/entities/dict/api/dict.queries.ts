import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { dictEntryListSchema } from '../model/dict.schema';

export const dictQueries = {
  all: () => ['dict'] as const,
  /** Every dictionary at once; the navigation guard loads it when ticket_status is empty. */
  list: () =>
    queryOptions({
      queryKey: [...dictQueries.all(), 'list'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await http.get('system/dicts', dictEntryListSchema, { signal });
        } catch (error) {
          // Spec §8: a dictionary fetch failure is logged and rethrown.
          console.error('dictionary fetch failed', error);
          throw error;
        }
      },
      staleTime: 30 * 60_000,
    }),
};
