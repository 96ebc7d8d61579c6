import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { RELEASED_PATHS } from './menu.js';
import { clientConfigSchema, dictSchema, dictsQuery, menuItemSchema, readinessSchema } from './system.schemas.js';
import { clientConfig, dictsFor, menuFor } from './system.service.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';

export default async function systemRoutes(app: FastifyInstance, opts: { released?: ReadonlySet<string> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const released = opts.released ?? RELEASED_PATHS;

  r.get(
    '/system/config',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['system'],
        summary: 'Public client configuration: constants and where the messaging broker is',
        response: { 200: envelope(clientConfigSchema) },
      },
    },
    async () => ok(clientConfig(app.config.mqttPublicUrl), '获取成功'),
  );

  r.get(
    '/system/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer: 200 when the database and the broker backend answer and the instance is not draining, else 503',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply) => {
      const readiness = await app.readiness.check();
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
  );

  r.get(
    '/system/menus',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['system'],
        summary: 'The menu/route tree for the signed-in designer type, sorted as in spec §2',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(menuItemSchema)), ...authErrors },
      },
    },
    async (req) => ok(menuFor(req.auth!.designer.designer_type, released), '获取成功'),
  );

  r.get(
    '/system/dicts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['system'],
        summary: 'Dictionaries by code (comma-separated `codes`; all when omitted), e.g. ticket_status',
        security: [{ bearer: [] }],
        querystring: dictsQuery,
        response: { 200: envelope(z.array(dictSchema)), ...authErrors },
      },
    },
    async (req) => ok(dictsFor(req.query.codes), '获取成功'),
  );
}
