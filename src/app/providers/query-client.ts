import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, shouldRetryRead } from '@/shared/api';
import { MSG } from '@/shared/config/messages';
import { notify } from '@/shared/ui';

function showError(error: unknown) {
  // A 401 is announced once by the session handler (token失效 → login), not per request.
  if (error instanceof ApiError && error.isUnauthorized) return;
  notify(error instanceof ApiError ? error.message : MSG.systemException, 'error');
}

/** One query client: failed mutations and background refetches report through one place. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Initial loads show their own error state; only failed refreshes of shown data toast.
        if (query.state.data !== undefined) showError(error);
      },
    }),
    mutationCache: new MutationCache({ onError: showError }),
    defaultOptions: {
      queries: {
        // 503 (busy) and a lost connection are retried with backoff; other answers show at once.
        retry: shouldRetryRead,
        refetchOnWindowFocus: true,
      },
    },
  });
}
