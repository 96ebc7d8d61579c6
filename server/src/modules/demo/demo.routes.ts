import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { envelope, errorEnvelope, ok, phoneSchema } from '../../lib/http.js';

/**
 * Demo-only calls, registered only while SMS goes to the built-in log sender: the last message
 * sent to a phone, so a demo (or an e2e run against a demo deployment) can read its code.
 */
export default async function demoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/demo/sms-inbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo only (SMS_SENDER=log): the newest text message sent to a phone',
        querystring: z.object({ phone: phoneSchema }),
        response: {
          200: envelope(z.object({ phone: z.string(), content: z.string(), code: z.string().nullable(), created_at: z.string() })),
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const row = await app.db
        .selectFrom('sms_outbox')
        .select(['phone', 'content', 'created_at'])
        .where('phone', '=', req.query.phone)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw notFound('该手机号没有短信');
      return ok({ ...row, code: /(\d{6})/.exec(row.content)?.[1] ?? null }, '获取成功');
    },
  );
}
