import { type AppealSearch, appealListParamsOf, parseAppealSearch } from '@/entities/appeal';
import type { SavedView, SavedViewList, ViewState } from '@/entities/saved-view';
import { compactParams } from '@/shared/lib';

/** The saved-view list the page shows: my appeals, or a lead's review queue. */
export const appealViewList = (review: boolean): SavedViewList => (review ? 'review-queue' : 'appeals');

/**
 * What the appeal list shows, as a view holds it: the query values of GET /appeals but paging and
 * the scope (the review queue's include its fixed status, pending, so its count is the queue's).
 * Appeals have a fixed order and their own columns.
 */
export function appealViewState(search: AppealSearch, isLead: boolean): ViewState {
  const { scope: _scope, page: _page, pageSize: _size, ...query } = appealListParamsOf(search, isLead);
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) filters[k] = String(v);
  return { filters, sort: null, columns: [] };
}

export const hasAppealFilters = (search: AppealSearch) => !!(search.type || search.status || search.keyword);

/** The search that shows a view on the same tab (null: no filters); the page size and an open drawer stay. */
export function appealSearchOfView(view: SavedView | null, search: AppealSearch, review: boolean): AppealSearch {
  const keep = { tab: search.tab, pageSize: search.pageSize, appeal: search.appeal };
  if (!view) return compactParams(keep);
  const { status, ...filters } = view.filters;
  return compactParams({ ...parseAppealSearch(review ? filters : { ...filters, status }), ...keep });
}
