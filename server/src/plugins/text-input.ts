import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../lib/errors.js';

/** The answer to a NUL character in a request. */
export const NUL_MESSAGE = '内容包含不允许的字符';

/** The dotted path of the first string under `value` that holds U+0000, or undefined. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = nulPath(v, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * No text of this API may hold a NUL character (U+0000): PostgreSQL's `text` cannot store one and
 * refuses it in a comparison, as an error. A request whose path parameters, query or JSON body
 * carries one is answered 422 on that field, before its schema is checked, on SQLite as on
 * PostgreSQL. Only under `/api`: the local object store answers in OSS's own way.
 */
export default fp(
  async function textInput(app: FastifyInstance) {
    app.addHook('preValidation', async (req: FastifyRequest) => {
      if (!req.url.startsWith('/api/')) return;
      const field = nulPath(req.params, '') ?? nulPath(req.query, '') ?? nulPath(req.body, '');
      if (field !== undefined) throw invalid(field || 'body', NUL_MESSAGE);
    });
  },
  { name: 'text-input', dependencies: ['errors'] },
);
