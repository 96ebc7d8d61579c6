import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { menuTreeSchema } from '../model/menu.schema';

export const menuQueries = {
  all: () => ['menu'] as const,
  /** Granted once per session: never stale; reset by removing it (login page visit, failure). */
  tree: () =>
    queryOptions({
      queryKey: [...menuQueries.all(), 'tree'] as const,
      queryFn: ({ signal }) => http.get('system/menus', menuTreeSchema, { signal }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
