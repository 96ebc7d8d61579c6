import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hitRateLimit } from '../../plugins/rate-limit.js';
import { aclAllows, authenticateClient, designerOfClient } from './broker-policy.js';
import { brokerAclInput, brokerAuthInput, brokerResult } from './message.schemas.js';

/**
 * For an external broker (EMQX-style HTTP authentication and ACL): allow/deny JSON, deny by
 * default. Browsers connect with client id and username = designer_id, password = login token.
 * The auth hook checks a token, so its calls are counted per client id's designer (they all come
 * from the broker's address): past `brokerHookPerClient` the answer is deny without a look at the
 * token. The ACL hook reads nothing.
 *
 * Only the broker may ask: every call carries the shared secret (MQTT_HOOK_SECRET) in the
 * `x-broker-secret` header, and without it, or on a deployment that set none, the answer is 401
 * `{ result: 'deny' }`.
 */
export const BROKER_SECRET_HEADER = 'x-broker-secret';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function brokerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.mqttHookSecret;
  const fromBroker = async (req: FastifyRequest, reply: FastifyReply) => {
    const given = req.headers[BROKER_SECRET_HEADER];
    if (secret && typeof given === 'string' && sameSecret(given, secret)) return;
    return reply.code(401).send({ result: 'deny' });
  };

  r.post(
    '/mqtt/auth',
    {
      onRequest: fromBroker,
      schema: {
        tags: ['broker'],
        summary: 'External broker: may this client connect? (live token whose designer matches the client id; header x-broker-secret)',
        body: brokerAuthInput,
        response: { 200: brokerResult, 401: brokerResult },
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
      onRequest: fromBroker,
      schema: {
        tags: ['broker'],
        summary: 'External broker: may this client subscribe to the topic? Publishing is always denied to clients (header x-broker-secret).',
        body: brokerAclInput,
        response: { 200: brokerResult, 401: brokerResult },
      },
    },
    async (req) => {
      const { clientid, username, topic, action } = req.body;
      return { result: aclAllows(clientid, username, topic, action) ? 'allow' : 'deny' } as const;
    },
  );
}
