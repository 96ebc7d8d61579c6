import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SavedView, savedViewApi, type SavedViewBody, savedViewKeys, type SavedViewList } from '@/entities/saved-view';

/** Every change to a list's views refreshes that list's views (and their counts). */
function useRefresh(list: SavedViewList) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) });
}

/** Saves the current filters, sort and columns as a new view. */
export function useCreateView(list: SavedViewList) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationKey: ['saved-view', 'create', list],
    mutationFn: (body: SavedViewBody) => savedViewApi.create(list, body),
    onSuccess: refresh,
  });
}

/** Renames a view, shares or pins it, or overwrites what it holds. */
export function useEditView(list: SavedViewList) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationKey: ['saved-view', 'edit', list],
    mutationFn: ({ id, body }: { id: number; body: SavedViewBody }) => savedViewApi.edit(id, body),
    onSuccess: refresh,
  });
}

export function useDeleteView(list: SavedViewList) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationKey: ['saved-view', 'delete', list],
    mutationFn: (id: number) => savedViewApi.remove(id),
    onSuccess: refresh,
  });
}

/**
 * Puts my own views of a list in a new order. The list shows the new order at once (the answer
 * is the list's views as GET gives them); a refusal puts the old one back.
 */
export function useReorderViews(list: SavedViewList) {
  const queryClient = useQueryClient();
  const key = savedViewKeys.list(list);
  return useMutation({
    mutationKey: ['saved-view', 'order', list],
    mutationFn: (viewIds: number[]) => savedViewApi.reorder(list, viewIds),
    onMutate: async (viewIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SavedView[]>(key);
      if (before) {
        const mine = viewIds.map((id) => before.find((v) => v.view_id === id)).filter((v): v is SavedView => !!v);
        queryClient.setQueryData<SavedView[]>(key, [...mine, ...before.filter((v) => !v.mine)]);
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (views) => queryClient.setQueryData(key, views),
  });
}

/** The view the list opens with (null: none). */
export function useSetDefaultView(list: SavedViewList) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationKey: ['saved-view', 'default', list],
    mutationFn: (viewId: number | null) => savedViewApi.setDefault(list, viewId),
    onSuccess: refresh,
  });
}

/** A view's body as it is now (to change one thing of it). */
export const bodyOf = (v: SavedView): SavedViewBody => ({
  name: v.name,
  filters: v.filters,
  sort: v.sort,
  columns: v.columns,
  shared: v.shared,
  pinned: v.pinned,
});

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item as T);
  return next;
}
