import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { emitMessageBody, emittedSchema, smsInboxQuery, smsSchema } from './demo.schemas.js';
import { emitDemoMessage, smsInbox } from './demo.service.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';

/**
 * Demo mode only (app.ts registers this plugin nowhere else; production refuses demo mode). Message
 * emission is for team leads, until every message type has its real domain event. The SMS inbox
 * exists only while codes go to the log sender, so a demo, or an e2e run against a demo deployment,
 * can read its code: it hands any phone's code to anyone, which is why it never leaves demo mode.
 */
export default async function demoRoutes(app: FastifyInstance, opts: { smsInbox: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/demo/emit-message',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['demo'],
        summary: 'Demo mode, team leads only: send a message of any type to a designer of the team',
        security: [{ bearer: [] }],
        body: emitMessageBody,
        response: { 200: envelope(emittedSchema), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const messageId = await emitDemoMessage({ db: app.db, messages: app.messages }, req.auth!.designer, req.body);
      return ok({ message_id: messageId }, '消息已发送');
    },
  );
  if (!opts.smsInbox) return;
  r.get(
    '/demo/sms-inbox',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['demo'],
        summary: 'Demo mode with SMS_SENDER=log only: the newest text message sent to a phone',
        querystring: smsInboxQuery,
        response: { 200: envelope(smsSchema), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => ok(await smsInbox(app.db, req.query.phone), '获取成功'),
  );
}
