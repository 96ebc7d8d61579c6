import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors.js';

const STATUS_TEXT: Record<number, string> = {
  400: '请求错误',
  401: '登录已失效，请重新登录',
  403: '拒绝访问',
  404: '请求的资源不存在',
  405: '请求方法不被允许',
  408: '请求超时',
  409: '数据冲突，请刷新后重试',
  413: '请求内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
};

function envelope(status: number, message: string, errorFields?: FieldError[]) {
  return {
    code: status,
    success: false,
    message,
    data: null,
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

/** The one error handler: every failure leaves as the envelope of product.md §3. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) {
        return reply.status(err.status).send(envelope(err.status, err.message, err.errorFields));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields = fieldErrors(err.validation as ValidationItem[]);
        return reply.status(422).send(envelope(422, fields[0]?.message ?? '输入不正确', fields));
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
        return reply.status(500).send(envelope(500, '服务器内部错误'));
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
