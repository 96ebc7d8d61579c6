import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Requests take turns: the handling of at most one request starts per event-loop turn, in the
 * order the requests arrived, and the loop polls the sockets between two of them.
 *
 * Without it a busy process runs every request one `epoll_wait` returned back to back, and a
 * request that arrives meanwhile waits for the whole batch and then, because level-triggered epoll
 * hands back the sockets it just returned first, for most of the next one too: under load the
 * slowest requests took twice the median (p99 ≈ 2 × p50 for any handler on one process, 50
 * keep-alive clients; bench/tickets and the tickets module README). Taking turns in arrival order
 * brought that to 1.25–1.7 × p50 at the same throughput. A request that awaits I/O (PostgreSQL)
 * only waits for its start here; requests still overlap while they wait on the database.
 *
 * Registered first, so it runs before every other onRequest hook.
 */
async function requestQueue(app: FastifyInstance): Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const turn = (): void => {
    const start = waiting.shift();
    try {
      // A synchronous handler (SQLite) runs to its end here and in the microtasks right after.
      start?.();
    } finally {
      if (waiting.length > 0) setImmediate(turn);
      else scheduled = false;
    }
  };
  app.addHook('onRequest', (_request, _reply, done) => {
    waiting.push(done);
    if (!scheduled) {
      scheduled = true;
      setImmediate(turn);
    }
  });
}

export default fp(requestQueue, { name: 'request-queue' });
