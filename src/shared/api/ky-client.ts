import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { HTTP_TIMEOUT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { MSG } from '@/shared/config/messages';
import { ApiError, errorFromResponse } from './api-error';
import { tokenStore } from './token';

/** The ky instance behind `request` (loaded on demand by http.ts). */
export const client = ky.create({
  prefix: env.apiBase,
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = tokenStore.get();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

/** What a failed call of `client` tells the user (spec §8). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response.status, error.data);
  if (isTimeoutError(error)) return new ApiError(MSG.timeout, 408, 'timeout');
  if (isNetworkError(error)) return new ApiError(MSG.networkError, 0, 'network');
  return new ApiError(MSG.systemException, 0, 'network');
}
