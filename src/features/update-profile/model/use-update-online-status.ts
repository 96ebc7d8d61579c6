import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi, userQueries } from '@/entities/user';
import { notify } from '@/shared/ui';

/** PUT /user/online-status: 1 accepting new tickets (接单中), 0 paused (暂停接单). */
export function useUpdateOnlineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'online-status'],
    mutationFn: (status: 0 | 1) => userApi.updateOnlineStatus(status),
    onSuccess: (profile) => {
      queryClient.setQueryData(userQueries.profile().queryKey, profile);
      notify(profile.online_ticket_status === 1 ? '已开始接单' : '已暂停接单', 'success');
    },
  });
}
