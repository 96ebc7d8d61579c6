import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import type { Period } from '../lib/period-search';
import { dailyDetailSchema, teamBoardSchema } from '../model/team-board.schema';

export interface DailyDetailParams extends Period {
  designer_id?: string;
}

/**
 * The lead's team figures. Ticket messages invalidate `all()` (features/realtime-sync), so the
 * board and the daily detail follow the team live.
 */
export const teamBoardQueries = {
  all: () => ['team-board'] as const,
  board: (period: Period) =>
    queryOptions({
      queryKey: [...teamBoardQueries.all(), 'board', period] as const,
      queryFn: ({ signal }) => http.get('team/board', teamBoardSchema, { searchParams: { from: period.from, to: period.to }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  dailyDetail: (params: DailyDetailParams) =>
    queryOptions({
      queryKey: [...teamBoardQueries.all(), 'daily-detail', params] as const,
      queryFn: ({ signal }) => http.get('team/daily-detail', dailyDetailSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
};
