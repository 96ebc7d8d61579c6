import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, type FieldError } from '../lib/errors.js';

/** The answer while the database is away, full, locked or slow: try again shortly. */
export const UNAVAILABLE_MESSAGE = '服务繁忙，请稍后重试';
/** Seconds a client waits before it repeats a call that met an unavailable database. */
export const RETRY_AFTER_SECONDS = 5;

const STATUS_TEXT: Record<number, string> = {
  400: '请求错误',
  401: '登录已失效，请重新登录',
  403: '拒绝访问',
  404: '请求的资源不存在',
  405: '请求方法不被允许',
  408: '请求超时',
  409: '数据冲突，请刷新后重试',
  413: '请求内容过大',
  414: '请求地址过长',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  431: '请求头过大',
};

export function envelope(status: number, message: string, errorFields?: FieldError[], data: unknown = null) {
  return {
    code: status,
    success: false,
    message,
    data,
    ...(errorFields ? { error_fields: errorFields } : {}),
  };
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Turns schema validation failures into `error_fields`, one per field, in the schema's order. */
export function fieldErrors(validation: ValidationItem[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const item of validation) {
    const path = item.params?.issue?.path;
    const field =
      path && path.length
        ? path.map(String).join('.')
        : (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const key = field || 'body';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: key, message: item.params?.issue?.message ?? item.message ?? '输入不正确' });
  }
  return out;
}

/**
 * A bare HTTP/1.1 answer with the envelope, written on the socket itself: for what goes wrong
 * before a request exists (Node's parser) or once the request's own response can no longer be used.
 * The connection is closed after it.
 */
export function rawEnvelopeResponse(status: number, message: string): string {
  const body = JSON.stringify(envelope(status, message));
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[status] ?? 'Bad Request';
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's HTTP parser refused the bytes before any request existed (a header too large, a broken
 * request line, bytes that are not HTTP, a body timeout Node itself noticed): the Fastify
 * `clientErrorHandler`. Answered in the envelope unless a response is already on its way.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
  const message = status === 400 ? '请求格式不正确' : STATUS_TEXT[status]!;
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) socket.end(rawEnvelopeResponse(status, message));
  socket.destroySoon();
}

/**
 * Errors Fastify's router raises before a route runs (the `frameworkErrors` option): a path that
 * is not valid percent-encoded UTF-8, a path parameter over the router's length limit.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') void reply.status(400).send(envelope(400, '请求地址不正确'));
  else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send(envelope(414, STATUS_TEXT[414]!));
  else void reply.status(400).send(envelope(400, STATUS_TEXT[400]!));
}

/** The one error handler: every failure leaves as the envelope of product.md §3. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) {
        return reply.status(err.status).send(envelope(err.status, err.message, err.errorFields, err.data ?? null));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields = fieldErrors(err.validation as ValidationItem[]);
        return reply.status(422).send(envelope(422, fields[0]?.message ?? '输入不正确', fields));
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
        return reply.status(500).send(envelope(500, '服务器内部错误'));
      }
      if (isDatabaseUnavailable(err)) {
        // Not a fault of this request or of the code: the caller (the SPA, the upstream system)
        // repeats it after Retry-After. Nothing was changed: the transaction did not commit.
        req.log.warn({ err }, 'database unavailable: answered 503');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(envelope(503, UNAVAILABLE_MESSAGE));
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) {
        req.log.error({ err }, 'unhandled error');
        return reply.status(500).send(envelope(500, '服务器内部错误'));
      }
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.status(422).send(envelope(422, '请求内容不是有效的 JSON', [{ field: 'body', message: '请求内容不是有效的 JSON' }]));
      }
      return reply.status(status).send(envelope(status, STATUS_TEXT[status] ?? '请求错误'));
    });

    app.setNotFoundHandler((req, reply) => {
      reply.status(404).send(envelope(404, '接口不存在'));
    });
  },
  { name: 'errors' },
);
