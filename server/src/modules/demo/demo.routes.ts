import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok, phoneSchema } from '../../lib/http.js';
import { isMessageType, MESSAGE_TYPE, messageTypeOf } from '../messages/index.js';
import { parseDesignerCode } from '../../domain/designers.js';

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
        body: z.object({
          designer_id: z.string({ error: '请选择设计师' }).regex(/^D\d{6,}$/, { error: '设计师编号格式不正确' }),
          message_type: z.number({ error: '请选择消息类型' }).int().refine((t) => isMessageType(t) && t !== MESSAGE_TYPE.ANNOUNCEMENT, { error: '消息类型不存在' }),
          title: z.string().trim().max(100, { error: '标题不能超过100个字符' }).optional(),
        }),
        response: { 200: envelope(z.object({ message_id: z.number().int() })), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      if (me.designer_type !== 0) throw forbidden('只有团队负责人可以发送演示消息');
      const targetId = parseDesignerCode(req.body.designer_id);
      const target = targetId
        ? await app.db.selectFrom('designers').select(['id', 'team_id']).where('id', '=', targetId).executeTakeFirst()
        : undefined;
      if (!target || target.team_id !== me.team_id) throw invalid('designer_id', '该设计师不在你的团队中');
      const type = req.body.message_type;
      // The designer's newest open ticket, so clicking the notification opens a real ticket.
      const ticket = await app.db
        .selectFrom('tickets')
        .select(['id', 'order_no', 'current_allocation_id'])
        .where('designer_id', '=', target.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const about = ticket ? `工单 ${ticket.order_no}` : '你的工单';
      const [sent] = await app.messages.send([target.id], {
        type,
        title: req.body.title || `【${messageTypeOf(type)!.name}】${about} 有新动态，请及时处理`,
        info: ticket ? { ticket_id: ticket.id, ...(ticket.current_allocation_id ? { allocation_id: ticket.current_allocation_id } : {}) } : {},
      });
      return ok({ message_id: sent!.message_id }, '消息已发送');
    },
  );
  if (!opts.smsInbox) return;
  r.get(
    '/demo/sms-inbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo mode with SMS_SENDER=log only: the newest text message sent to a phone',
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
