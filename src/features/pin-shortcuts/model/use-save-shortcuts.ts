import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workbenchApi, workbenchQueries } from '@/entities/workbench';
import { notify } from '@/shared/ui';

/** Saves my pinned shortcuts in order (an empty list: back to the menu's top entries), then refreshes the home. */
export function useSaveShortcuts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workbench', 'save-shortcuts'],
    mutationFn: workbenchApi.saveShortcuts,
    onSuccess: (saved) => {
      queryClient.setQueryData(workbenchQueries.shortcuts().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: workbenchQueries.homeKey() });
      notify('快捷入口已保存', 'success');
    },
  });
}

/** Moves the entry at `from` to `to` (both clamped to the list); a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}
