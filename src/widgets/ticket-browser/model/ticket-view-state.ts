import type { SavedView, ViewSort, ViewState } from '@/entities/saved-view';
import { activeFilterCount, compactSearch, listParamsOf, parseTicketSearch, type TicketSearch } from '@/entities/ticket';

/** The ticket lists' own order, which a view without a sort uses. */
export const TICKET_DEFAULT_SORT: NonNullable<ViewSort> = { by: 'created_at', order: 'desc' };

/**
 * What a ticket list shows, as a saved view holds it: the query values of GET /tickets but
 * paging and sort (strings, as in the URL), the sort, and the chosen columns (none: the table's own).
 */
export function ticketViewState(search: TicketSearch): ViewState {
  const { page: _page, pageSize: _size, sort_by, sort_order, ...query } = listParamsOf(search);
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) filters[k] = String(v);
  return { filters, sort: { by: sort_by, order: sort_order }, columns: search.cols ? search.cols.split(',') : [] };
}

/** Whether the URL holds a filter (then a list opens as it is, not with its default view). */
export const hasTicketFilters = (search: TicketSearch) => activeFilterCount(search) > 0;

/**
 * The search that shows a view: its filters, sort and columns; the page size and an open drawer
 * stay. `null` (「全部」): every filter, the sort and the columns cleared.
 */
export function ticketSearchOfView(view: SavedView | null, search: TicketSearch): TicketSearch {
  const keep = { pageSize: search.pageSize, ticket: search.ticket, plan: search.plan };
  if (!view) return compactSearch(keep);
  const sort = view.sort ?? TICKET_DEFAULT_SORT;
  const parsed = parseTicketSearch({ ...view.filters, cols: view.columns.join(',') || undefined });
  return compactSearch({
    ...parsed,
    sort_by: sort.by === 'created_at' ? undefined : (sort.by as TicketSearch['sort_by']),
    sort_order: sort.order === 'desc' ? undefined : sort.order,
    ...keep,
  });
}
