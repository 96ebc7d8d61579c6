import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateClient, designerOfClient, maySubscribe } from './broker-policy.js';

const result = z.object({ result: z.enum(['allow', 'deny']) });

/**
 * For an external broker (EMQX-style HTTP authentication and ACL): allow/deny JSON, deny by
 * default. Browsers connect with client id and username = designer_id, password = login token.
 */
export default async function brokerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = z.object({
    clientid: z.string().max(128).default(''),
    username: z.string().max(128).optional(),
    password: z.string().max(512).optional(),
  });

  r.post(
    '/mqtt/auth',
    {
      schema: {
        tags: ['broker'],
        summary: 'External broker: may this client connect? (live token whose designer matches the client id)',
        body,
        response: { 200: result },
      },
    },
    async (req) => {
      const who = await authenticateClient(app.db, req.body.clientid, req.body.username, req.body.password).catch(() => undefined);
      return { result: who ? 'allow' : 'deny' } as const;
    },
  );

  r.post(
    '/mqtt/acl',
    {
      schema: {
        tags: ['broker'],
        summary: 'External broker: may this client subscribe to the topic? Publishing is always denied to clients.',
        body: z.object({
          clientid: z.string().max(128).default(''),
          username: z.string().max(128).optional(),
          topic: z.string().max(256).default(''),
          action: z.string().max(32).default(''),
        }),
        response: { 200: result },
      },
    },
    async (req) => {
      const { clientid, username, topic, action } = req.body;
      const allowed = action === 'subscribe' && (!username || username === designerOfClient(clientid)) && maySubscribe(clientid, topic);
      return { result: allowed ? 'allow' : 'deny' } as const;
    },
  );
}
