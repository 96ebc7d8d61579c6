import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long closing waits for in-flight requests before it goes on regardless. */
export const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Graceful close: when the app closes (SIGTERM, the cluster primary's request), requests already
 * in flight finish before anything they use goes away, and no keep-alive connection holds the
 * process open.
 *
 * Fastify's own close stops the listener, answers requests that arrive meanwhile 503 with
 * `Connection: close`, and closes idle connections, but it runs the preClose hooks (the broker's
 * among them) at once, under the requests in flight, and a keep-alive connection whose request
 * was in flight stays open after its answer. Registered before the broker, this plugin's preClose
 * runs first: it marks every unanswered response `Connection: close` (Node closes the socket after
 * it), waits for them (DRAIN_TIMEOUT_MS at most), then closes the connections left idle. The
 * broker's preClose then publishes what those requests queued and closes; the database closes in
 * onClose, after both.
 */
async function drain(app: FastifyInstance): Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  app.addHook('preClose', async () => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    if (inFlight.size > 0) app.log.warn({ unanswered: inFlight.size }, `requests still in flight after ${DRAIN_TIMEOUT_MS} ms: closing anyway`);
    if (app.server.listening) app.server.closeIdleConnections();
  });
}

export default fp(drain, { name: 'drain' });
