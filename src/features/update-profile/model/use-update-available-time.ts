import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi, userQueries } from '@/entities/user';
import { notify } from '@/shared/ui';

/** PUT /user/update-time; the returned profile replaces the cached one. */
export function useUpdateAvailableTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'available-time'],
    mutationFn: (availableTime: string) => userApi.updateAvailableTime(availableTime),
    onSuccess: (profile) => {
      queryClient.setQueryData(userQueries.profile().queryKey, profile);
      notify('可接单时间已更新', 'success');
    },
  });
}
