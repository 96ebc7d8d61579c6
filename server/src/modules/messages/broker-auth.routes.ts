import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hitRateLimit } from '../../plugins/rate-limit.js';
import { aclAllows, authenticateClient, designerOfClient } from './broker-policy.js';
import { brokerAclInput, brokerAuthInput, brokerResult } from './message.schemas.js';

/**
 * For an external broker (EMQX-style HTTP authentication and ACL): allow/deny JSON, deny by
 * default. Browsers connect with client id and username = designer_id, password = login token.
 * The auth hook checks a token, so its calls are counted per client id's designer (they all come
 * from the broker's address): past `brokerHookPerClient` the answer is deny without a look at the
 * token. The ACL hook reads nothing and knows no secret.
 */
export default async function brokerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/mqtt/auth',
    {
      schema: {
        tags: ['broker'],
        summary: 'External broker: may this client connect? (live token whose designer matches the client id)',
        body: brokerAuthInput,
        response: { 200: brokerResult },
      },
    },
    async (req) => {
      const hit = await hitRateLimit(app.db, `mqtt:client:${designerOfClient(req.body.clientid)}`, app.config.rateLimits.brokerHookPerClient);
      if (!hit.allowed) return { result: 'deny' } as const;
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
        body: brokerAclInput,
        response: { 200: brokerResult },
      },
    },
    async (req) => {
      const { clientid, username, topic, action } = req.body;
      return { result: aclAllows(clientid, username, topic, action) ? 'allow' : 'deny' } as const;
    },
  );
}
