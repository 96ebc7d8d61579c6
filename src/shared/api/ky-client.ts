import ky, { isHTTPError, isTimeoutError } from 'ky';
import { HTTP_TIMEOUT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { MSG } from '@/shared/config/messages';
import { ApiError, errorFromResponse } from './api-error';
import { tokenStore } from './token';

/** The ky instance behind `request` (loaded on demand by http.ts). */
export const client = ky.create({
  prefixUrl: env.apiBase,
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = tokenStore.get();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

/** The failed response's JSON envelope, or undefined when it has none. */
async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** What a failed call of `client` tells the user (spec §8). */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response.status, await readBody(error.response));
  if (isTimeoutError(error)) return new ApiError(MSG.timeout, 408, 'timeout');
  // fetch rejects with a TypeError when the request never got an answer (offline, refused, reset).
  if (error instanceof TypeError) return new ApiError(MSG.networkError, 0, 'network');
  return new ApiError(MSG.systemException, 0, 'network');
}
