import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from './session';

/** Signs out: revokes the token, clears local state; the caller navigates to the login page. */
export function useLogout(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'logout'],
    mutationFn: () => endSession(queryClient),
    onSettled: onDone,
  });
}
