import { ApiError } from './api-error';

/** Retries of a read the server answered 503 (busy: its database is away, locked or full). */
export const BUSY_RETRIES = 3;
/** Retries of a read that never reached the server (the network). */
const NETWORK_RETRIES = 2;

/**
 * Whether react-query repeats a failed read (queries are GETs: repeating one changes nothing). A
 * 503 says "try again shortly" (it carries Retry-After and 「服务繁忙，请稍后重试」): it is retried
 * with react-query's backoff (1 s, 2 s, 4 s), and the user sees that message only if the server is
 * still busy after that. A lost connection is retried as well. Any other answer (4xx, 500) would
 * be the same the next time: shown at once.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return failureCount < NETWORK_RETRIES;
  if (error.status === 503) return failureCount < BUSY_RETRIES;
  if (error.kind === 'network') return failureCount < NETWORK_RETRIES;
  return false;
}
