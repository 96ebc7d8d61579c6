import * as z from 'zod/mini';
import { compactParams, enumCsvParam, enumParam, positiveIntParam, textParam } from '@/shared/lib';
import { APPEAL_STATUSES, APPEAL_TYPES } from './appeal.schema';

/**
 * `/order-management/appeal` search params: the tab (my appeals, or a lead's review queue), type
 * and status filters (each one or more, comma-joined), keyword, paging and the appeal whose timeline drawer is open.
 */
export const APPEAL_TABS = ['mine', 'review'] as const;
export type AppealTab = (typeof APPEAL_TABS)[number];
export const APPEAL_PAGE_SIZE = 20;
export const APPEAL_KEYWORD_MAX = 64;

export const appealSearchSchema = z.object({
  tab: enumParam(APPEAL_TABS),
  type: enumCsvParam(APPEAL_TYPES),
  status: enumCsvParam(APPEAL_STATUSES),
  keyword: textParam(APPEAL_KEYWORD_MAX),
  page: positiveIntParam(),
  pageSize: positiveIntParam(100),
  /** The appeal whose timeline drawer is open. */
  appeal: positiveIntParam(),
});
export type AppealSearch = z.output<typeof appealSearchSchema>;

export function parseAppealSearch(raw: unknown): AppealSearch {
  const parsed = appealSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The query of GET /api/appeals. */
export interface AppealListParams {
  scope: AppealTab;
  /** One or more types, comma-joined. */
  type?: string;
  /** One or more statuses, comma-joined. */
  status?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

/**
 * The list query of a search. The review queue is the team's pending appeals (oldest first, the
 * server's order): its status is always pending.
 */
export function appealListParamsOf(search: AppealSearch, isLead: boolean): AppealListParams {
  const scope: AppealTab = isLead && search.tab === 'review' ? 'review' : 'mine';
  return {
    ...compactParams({
      type: search.type,
      status: scope === 'review' ? ('pending' as const) : search.status,
      keyword: search.keyword,
    }),
    scope,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? APPEAL_PAGE_SIZE,
  };
}

export type AppealFilterPatch = Partial<Pick<AppealSearch, 'tab' | 'type' | 'status' | 'keyword'>>;

/** The search after changing filters or the tab: back to page 1, the drawer closed on a tab change. */
export function withAppealFilters(search: AppealSearch, patch: AppealFilterPatch): AppealSearch {
  const { page: _page, ...rest } = search;
  const next = { ...rest, ...patch };
  if ('tab' in patch && patch.tab !== search.tab) next.appeal = undefined;
  return compactParams(next);
}

export function withAppealPage(search: AppealSearch, page: number, pageSize?: number): AppealSearch {
  const size = pageSize ?? search.pageSize;
  return compactParams({ ...search, page: page > 1 ? page : undefined, pageSize: size === APPEAL_PAGE_SIZE ? undefined : size });
}

export function withAppeal(search: AppealSearch, appealId: number | undefined): AppealSearch {
  return compactParams({ ...search, appeal: appealId });
}
