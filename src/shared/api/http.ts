import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { z } from 'zod';
import { HTTP_TIMEOUT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { MSG } from '@/shared/config/messages';
import { ApiError, errorFromResponse, isFailedEnvelope } from './api-error';
import { tokenStore } from './token';

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The app shell subscribes once: a 401 clears the token and goes to the login page. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const client = ky.create({
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

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response.status, error.data);
  if (isTimeoutError(error)) return new ApiError(MSG.timeout, 408, 'timeout');
  if (isNetworkError(error)) return new ApiError(MSG.networkError, 0, 'network');
  return new ApiError(MSG.systemException, 0, 'network');
}

function report(error: ApiError): ApiError {
  if (error.isUnauthorized) {
    tokenStore.clear();
    for (const listener of unauthorizedListeners) listener(error);
  }
  return error;
}

export interface RequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  signal?: AbortSignal;
}

function cleanParams(params: RequestOptions['searchParams']) {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/**
 * Calls the API and returns the envelope's `data` parsed with `schema`. Every failure is thrown
 * as an ApiError carrying the spec §8 message.
 */
export async function request<S extends z.ZodType>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  let body: unknown;
  try {
    const response = await client(path.replace(/^\//, ''), {
      method,
      json: options.json,
      searchParams: cleanParams(options.searchParams),
      signal: options.signal,
    });
    body = await response.json();
  } catch (error) {
    throw report(await toApiError(error));
  }
  if (isFailedEnvelope(body)) throw report(errorFromResponse(200, body));
  const data = (body as { data?: unknown } | null)?.data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Response of ${method.toUpperCase()} ${path} does not match its schema`, parsed.error.issues);
    throw new ApiError(MSG.serverError, 200, 'contract');
  }
  return parsed.data;
}

export const http = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('get', path, schema, options),
  post: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('post', path, schema, options),
  put: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('put', path, schema, options),
};
