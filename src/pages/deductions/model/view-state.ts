import { type DeductionSearch, deductionListParamsOf, parseDeductionSearch } from '@/entities/deduction';
import type { SavedView, ViewState } from '@/entities/saved-view';
import { compactParams } from '@/shared/lib';

/** What the deduction list shows, as a view holds it: the query values of GET /deductions but paging (a fixed order, its own columns). */
export function deductionViewState(search: DeductionSearch): ViewState {
  const { page: _page, pageSize: _size, ...query } = deductionListParamsOf(search);
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) filters[k] = String(v);
  return { filters, sort: null, columns: [] };
}

export const hasDeductionFilters = (search: DeductionSearch) => !!(search.source || search.from || search.to || search.keyword);

/** The search that shows a view (null: no filters); the page size stays. */
export function deductionSearchOfView(view: SavedView | null, search: DeductionSearch): DeductionSearch {
  const keep = { pageSize: search.pageSize };
  return compactParams({ ...(view ? parseDeductionSearch(view.filters) : {}), ...keep });
}
