import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { homeSchema, shortcutsSchema, welcomeDoneSchema } from '../model/workbench.schema';

/** "Due soon" and "overdue" move with the clock while no message arrives: the home is read again this often. */
export const HOME_REFETCH_MS = 60_000;
/** How long an answer counts as fresh: a remount within this reads it rather than asking again. */
export const HOME_FRESH_MS = 5_000;

export const workbenchQueries = {
  all: () => ['workbench'] as const,
  /** The home's cards, one request (`GET /workbench/home`); MQTT refresh rules invalidate this key. */
  homeKey: () => [...workbenchQueries.all(), 'home'] as const,
  home: () =>
    queryOptions({
      queryKey: workbenchQueries.homeKey(),
      queryFn: ({ signal }) => http.get('workbench/home', homeSchema, { signal }),
      // The route starts this request before the page renders; the page mounting a moment later
      // reads that answer instead of asking again. Messages still refresh it at once.
      staleTime: HOME_FRESH_MS,
      refetchInterval: HOME_REFETCH_MS,
    }),
  shortcuts: () =>
    queryOptions({
      queryKey: [...workbenchQueries.all(), 'shortcuts'] as const,
      queryFn: ({ signal }) => http.get('workbench/shortcuts', shortcutsSchema, { signal }),
    }),
};

export const workbenchApi = {
  saveShortcuts: (paths: string[]) => http.put('workbench/shortcuts', shortcutsSchema, { json: { paths } }),
  welcomeDone: () => http.post('workbench/welcome/done', welcomeDoneSchema, { json: {} }),
};

/** The home's data: every card from one request. */
export function useHomeSummary() {
  return useQuery(workbenchQueries.home());
}
