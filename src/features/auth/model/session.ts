import type { QueryClient } from '@tanstack/react-query';
import { menuQueries } from '@/entities/menu';
import { type LoginResult, userApi, userQueries } from '@/entities/user';
import { tokenStore } from '@/shared/api';

/** Stores a fresh login and drops everything cached for the previous user. */
export function startSession(queryClient: QueryClient, result: LoginResult) {
  queryClient.clear();
  tokenStore.set(result.token, result.session_id);
}

/** Revokes the token on the server (best effort) and forgets the session locally. */
export async function endSession(queryClient: QueryClient) {
  try {
    if (tokenStore.get()) await userApi.logout();
  } finally {
    tokenStore.clear();
    queryClient.removeQueries({ queryKey: menuQueries.all() });
    queryClient.removeQueries({ queryKey: userQueries.all() });
    queryClient.clear();
  }
}
