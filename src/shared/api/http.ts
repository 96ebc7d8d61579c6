import type * as z from 'zod/mini';
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

type HttpClient = typeof import('./ky-client');
let httpClient: Promise<HttpClient> | undefined;

/**
 * The HTTP client (ky) is a chunk of its own, so the login page paints without it. The first
 * request loads it; a failed load is tried again by the next request.
 */
function loadClient(): Promise<HttpClient> {
  httpClient ??= import('./ky-client').catch((error: unknown) => {
    httpClient = undefined;
    throw error;
  });
  return httpClient;
}

/** Starts loading the HTTP client ahead of the first request (the app calls it once painted). */
export function preloadHttpClient(): void {
  // A failure here is reported by the request that needs the client.
  loadClient().catch(() => {});
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
  /** Let the request outlive the page (a last report when the page is hidden or closed). */
  keepalive?: boolean;
  /** Extra request headers (a public exam's candidate credential). */
  headers?: Record<string, string>;
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
export async function request<S extends z.ZodMiniType>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  let ky: HttpClient;
  try {
    ky = await loadClient();
  } catch {
    // The client could not be fetched from the server, so neither can the API be reached.
    throw report(new ApiError(MSG.networkError, 0, 'network'));
  }
  let body: unknown;
  try {
    const response = await ky.client(path.replace(/^\//, ''), {
      method,
      json: options.json,
      searchParams: cleanParams(options.searchParams),
      signal: options.signal,
      keepalive: options.keepalive,
      headers: options.headers,
    });
    body = await response.json();
  } catch (error) {
    throw report(await ky.toApiError(error));
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
  get: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) => request('get', path, schema, options),
  post: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) => request('post', path, schema, options),
  put: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) => request('put', path, schema, options),
};
