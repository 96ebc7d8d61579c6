import { queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import { type SavedViewBody, type SavedViewList, savedViewListAnswerSchema, savedViewSchema } from '../model/saved-view.schema';

/**
 * Query keys of saved views: one list's views (with their live counts) under `lists()`. The
 * real-time refresh rules invalidate a list's views whenever they invalidate that list's rows.
 */
export const savedViewKeys = {
  all: () => ['saved-view'] as const,
  lists: () => [...savedViewKeys.all(), 'list'] as const,
  list: (list: SavedViewList) => [...savedViewKeys.lists(), list] as const,
};

export const savedViewQueries = {
  ...savedViewKeys,
  /** My views of a list and my team's shared ones, each with its live count. */
  list: (list: SavedViewList) =>
    queryOptions({
      queryKey: savedViewKeys.list(list),
      queryFn: ({ signal }) => http.get('workbench/views', savedViewListAnswerSchema, { searchParams: { list }, signal }),
      staleTime: 15_000,
    }),
};

/** Calls that change views; the save-view feature wraps them in mutations. */
export const savedViewApi = {
  create: (list: SavedViewList, body: SavedViewBody) => http.post('workbench/views', savedViewSchema, { json: { list, ...body } }),
  edit: (id: number, body: SavedViewBody) => http.put(`workbench/views/${id}`, savedViewSchema, { json: body }),
  remove: (id: number) => http.post(`workbench/views/${id}/delete`, noDataSchema),
  reorder: (list: SavedViewList, viewIds: number[]) => http.put('workbench/views/order', savedViewListAnswerSchema, { json: { list, view_ids: viewIds } }),
  setDefault: (list: SavedViewList, viewId: number | null) => http.put('workbench/views/default', noDataSchema, { json: { list, view_id: viewId } }),
};
