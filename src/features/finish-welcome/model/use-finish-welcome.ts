import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HomeSummary, workbenchApi, workbenchQueries } from '@/entities/workbench';

/** Leaves the welcome page for good (kept on the server): the home shows its cards from then on. */
export function useFinishWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workbench', 'finish-welcome'],
    mutationFn: workbenchApi.welcomeDone,
    onSuccess: () => {
      queryClient.setQueryData<HomeSummary>(workbenchQueries.homeKey(), (home) => (home ? { ...home, welcome_pending: false } : home));
      void queryClient.invalidateQueries({ queryKey: workbenchQueries.homeKey() });
    },
  });
}
