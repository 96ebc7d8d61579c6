import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `Cache-Control: no-store` on every answer of the scope it is registered in (app.ts: the `/api`
 * routes) that did not set its own, except the routes listed as public. API answers carry
 * profiles, payout details, tickets, messages and fees: no browser or proxy cache may keep them
 * (a shared computer, a caching proxy). Listing what is public is the safe direction: a new route
 * is private until someone says otherwise (docs/decisions.md, *API answers are not cached*).
 */
export default fp<{ publicRoutes: readonly string[] }>(
  async function noStore(app: FastifyInstance, { publicRoutes }) {
    const open = new Set(publicRoutes);
    app.addHook('onSend', async (req, reply, payload) => {
      if (!reply.hasHeader('cache-control') && !open.has(req.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'no-store' },
);
