import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response. The middleware is built once: helmet() parses the
 * CSP directives and computes every header value up front, so a request only copies them.
 * (@fastify/helmet built it anew on every request, CSP parsing included: ~4% of a ticket list
 * request's CPU in bench/tickets.) A handler may still override a header (the object store's own
 * sandboxing CSP does).
 */
export default fp<HelmetOptions>(
  async function securityHeaders(app: FastifyInstance, options) {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
  },
  { name: 'security-headers' },
);

/**
 * CSP sources (`'sha256-…'`) allowing exactly the inline scripts of the SPA's index.html: the
 * first-paint frame's few lines that decide, before any file loads, whether to show it. Everything
 * else stays `'self'` only. Computed from the built file at start.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
}
