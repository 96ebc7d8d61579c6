import * as z from 'zod/mini';

/**
 * Saved views of the lists (issue #18; server: `/api/workbench/views`): a named set of a list's
 * filters (the query values its URL carries), sort and visible columns, personal or shared with
 * the team, pinned as a tab with its live count.
 */
export const SAVED_VIEW_LISTS = ['my-tickets', 'team-orders', 'appeals', 'deductions', 'review-queue'] as const;
export const savedViewListSchema = z.enum(SAVED_VIEW_LISTS);
export type SavedViewList = z.infer<typeof savedViewListSchema>;

/** Limits the server keeps (its messages say so too). */
export const VIEW_NAME_MAX = 30;
export const MAX_VIEWS_PER_LIST = 20;

const int = () => z.number().check(z.int());

export const viewSortSchema = z.nullable(z.object({ by: z.string(), order: z.enum(['asc', 'desc']) }));
export type ViewSort = z.infer<typeof viewSortSchema>;

export const savedViewSchema = z.object({
  view_id: int(),
  list: savedViewListSchema,
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  sort: viewSortSchema,
  columns: z.array(z.string()),
  shared: z.boolean(),
  pinned: z.boolean(),
  position: int(),
  owner: z.object({ designer_id: z.string(), name: z.string() }),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  is_default: z.boolean(),
  count: int(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListAnswerSchema = z.array(savedViewSchema);

/** What a view holds, as the list page knows it: the query values, sort and columns. */
export interface ViewState {
  filters: Record<string, string>;
  sort: ViewSort;
  columns: string[];
}

/** The body of a save or an edit. */
export interface SavedViewBody extends ViewState {
  name: string;
  shared: boolean;
  pinned: boolean;
}

const sameRecord = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/**
 * Whether a list shows exactly what a view holds: the same filters, the same sort (none counts as
 * the list's own) and the same columns (none: the list's own).
 */
export function viewMatches(view: Pick<SavedView, 'filters' | 'sort' | 'columns'>, state: ViewState, defaultSort: ViewSort = null): boolean {
  const sortOf = (s: ViewSort) => s ?? defaultSort;
  const a = sortOf(view.sort);
  const b = sortOf(state.sort);
  const sameSort = a === b || (!!a && !!b && a.by === b.by && a.order === b.order);
  return sameRecord(view.filters, state.filters) && sameSort && view.columns.join(',') === state.columns.join(',');
}

/** The views shown as tabs: pinned ones, in the answer's order (mine, then the team's). */
export const pinnedViews = (views: readonly SavedView[]): SavedView[] => views.filter((v) => v.pinned);

/** The view a list opens with, if any. */
export const defaultView = (views: readonly SavedView[]): SavedView | undefined => views.find((v) => v.is_default);
