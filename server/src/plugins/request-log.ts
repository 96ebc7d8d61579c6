import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per answered request, at a level that says whether someone should look at it.
 *
 * Fastify's own request logging writes two info lines per request (received, completed): a
 * clicked-through demo printed ~900 lines in 25 minutes and pushed the start banner out of sight.
 * Instead, Fastify's is switched off (`LogController({ disableRequestLogging })` in app.ts) and this hook writes:
 * - `warn` for an answer of 500 or more and for a request slower than `slowMs` (a failure's cause
 *   is logged once more by the error handler, with its stack);
 * - `debug` for everything else, so `LOG_LEVEL=debug` shows every request as before.
 */
export interface RequestLogOptions {
  /** A request answered after this many milliseconds is logged at warn. */
  slowMs: number;
}

export default fp(
  async (app: FastifyInstance, { slowMs }: RequestLogOptions) => {
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      const fields = { method: request.method, url: request.url, status, ms: Math.round(ms) };
      if (status >= 500) request.log.warn(fields, 'request failed');
      else if (ms > slowMs) request.log.warn(fields, 'slow request');
      else request.log.debug(fields, 'request');
    });
  },
  { name: 'request-log' },
);
