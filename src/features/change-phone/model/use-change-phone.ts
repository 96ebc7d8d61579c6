import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi, userQueries } from '@/entities/user';
import { notify } from '@/shared/ui';

/**
 * PUT /user/phone with a code sent to the new phone (scene change_phone). The cached profile gets
 * the new phone at once and is then refetched.
 */
export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'phone'],
    mutationFn: ({ phone, code }: { phone: string; code: string }) => userApi.changePhone(phone, code),
    onSuccess: ({ phone }) => {
      const key = userQueries.profile().queryKey;
      queryClient.setQueryData(key, (old) => (old ? { ...old, phone } : old));
      void queryClient.invalidateQueries({ queryKey: key });
      notify('手机号已更换', 'success');
    },
  });
}
