import { HTTP_STATUS_TEXT, MSG } from '@/shared/config/messages';

export interface FieldError {
  field: string;
  message: string;
}

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'contract';

/** Every failed call becomes one of these. `message` is what the user is shown (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnauthorized() {
    return this.status === 401;
  }

  /** The same call would get the same answer (bad request, forbidden, not found): no 重试. */
  get isPermanent() {
    return this.kind === 'http' && [400, 403, 404, 410, 422].includes(this.status);
  }

  /** The message of a field, for inline display next to form inputs. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((f) => f.field === field)?.message;
  }
}

interface EnvelopeLike {
  code?: unknown;
  success?: unknown;
  message?: unknown;
  error_fields?: unknown;
}

function asEnvelope(body: unknown): EnvelopeLike | undefined {
  return body && typeof body === 'object' && ('code' in body || 'success' in body) ? (body as EnvelopeLike) : undefined;
}

function asFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is FieldError => !!f && typeof f === 'object' && typeof f.field === 'string' && typeof f.message === 'string',
  );
}

export function httpStatusText(status: number): string {
  return HTTP_STATUS_TEXT[status] ?? MSG.systemException;
}

/**
 * Spec §8 as a pure function of the HTTP status and the parsed body:
 * body code 401 → 'token失效'; 422 with error_fields → the first; other non-200 code or
 * success false → the server's message, fallback 'server-side error'; no envelope → the HTTP
 * status text.
 */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const env = asEnvelope(body);
  const code = typeof env?.code === 'number' ? env.code : status;
  if (code === 401 || status === 401) return new ApiError(MSG.tokenExpired, 401, 'http');
  if (env) {
    const fields = asFieldErrors(env.error_fields);
    if (code === 422 && fields.length) return new ApiError(fields[0]!.message, 422, 'http', fields);
    const message = typeof env.message === 'string' && env.message ? env.message : MSG.serverError;
    return new ApiError(message, code, 'http', fields);
  }
  return new ApiError(httpStatusText(status), status, 'http');
}

/** The envelope of a 2xx response that still reports failure (success false / code not 200). */
export function isFailedEnvelope(body: unknown): boolean {
  const env = asEnvelope(body);
  return !!env && (env.success === false || (typeof env.code === 'number' && env.code !== 200));
}
