import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Designer } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import { SessionEvents } from './session-events.js';
import { findByToken } from './session.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { designer: Designer; sessionId: string } | null;
  }
  interface FastifyInstance {
    /** Route hook (used as `onRequest`, so before body parsing and validation): 401 unless the request carries a live token. */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /**
     * Route hook for public routes that answer a signed-in visitor a little more: sets `req.auth`
     * when the request carries a live token of an active account, and never refuses.
     */
    identify: (req: FastifyRequest) => Promise<void>;
    /** Sessions that ended (sign-out, password change…), for live connections to follow. */
    sessionEvents: SessionEvents;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** Reads the signed-in designer of a request already authenticated by `app.authenticate`. */
export function currentDesigner(req: FastifyRequest): Designer {
  if (!req.auth) throw unauthorized();
  return req.auth.designer;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('auth', null);
    app.decorate('sessionEvents', new SessionEvents());
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const token = bearerToken(req);
      if (!token) throw unauthorized('请先登录');
      const found = await findByToken(app.db, token);
      if (!found) throw unauthorized();
      if (found.designer.account_status !== 1) throw unauthorized('账号已停用，请联系团队负责人');
      req.auth = found;
    });
    app.decorate('identify', async (req: FastifyRequest) => {
      const token = bearerToken(req);
      if (!token) return;
      const found = await findByToken(app.db, token);
      if (found && found.designer.account_status === 1) req.auth = found;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
