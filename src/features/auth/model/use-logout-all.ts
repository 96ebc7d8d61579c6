import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi } from '@/entities/user';
import { tokenStore } from '@/shared/api';
import { endSession } from './session';

/** Signs out of every device (this one included); the caller navigates to the login page. */
export function useLogoutAll(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'logout-all'],
    mutationFn: async () => {
      await userApi.logoutAll();
      // The token is revoked already: only forget it locally.
      tokenStore.clear();
      await endSession(queryClient);
    },
    onSuccess: onDone,
  });
}
