import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { nowIso } from '../../lib/time.js';
import { announcementRecipients, reachesDesigner } from './announcement.repository.js';
import { isMessageType, MESSAGE_TYPE, MESSAGE_TYPE_CODES, messageTypeOf } from './message-types.js';

const messageSchema = z
  .object({
    message_id: z.number().int(),
    message_type: z.number().int(),
    type_name: z.string(),
    ext_json: z.object({ title: z.string(), info: z.record(z.string(), z.unknown()) }),
    is_read: z.number().int(),
    created_time: z.string(),
  })
  .meta({ id: 'Message' });

const announcementSchema = z
  .object({
    announcement_id: z.number().int(),
    title: z.string(),
    body: z.string(),
    scope: z.number().int(),
    product_ids: z.array(z.number().int()),
    published_at: z.string(),
    is_read: z.number().int(),
  })
  .meta({ id: 'Announcement' });

const messageType = z.coerce
  .number()
  .int()
  .refine((t) => isMessageType(t), { error: '消息类型不存在' });

export const SCOPE_TEXT: Record<number, string> = { 0: '团队负责人', 1: '设计师', 2: '兼职设计师', 3: '兼职设计师', 4: '全部人员' };

export default async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['messages'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.authenticate };

  r.get(
    '/messages/messages',
    {
      ...secured,
      schema: {
        ...doc('My messages, newest first; filter by read state (is_read 0/1) and message_type'),
        querystring: pageQuery.extend({
          is_read: z.coerce.number().int().min(0).max(1).optional(),
          message_type: messageType.optional(),
        }),
        response: { 200: envelope(pageOf(messageSchema)), ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const { page, pageSize, is_read, message_type } = req.query;
      let q = app.db.selectFrom('messages').where('designer_id', '=', me.id);
      if (is_read !== undefined) q = q.where('is_read', '=', is_read);
      if (message_type !== undefined) q = q.where('message_type', '=', message_type);
      const [rows, count] = await Promise.all([
        q
          .select(['id', 'message_type', 'ext_json', 'is_read', 'created_time'])
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((m) => ({
        message_id: m.id,
        message_type: m.message_type,
        type_name: messageTypeOf(m.message_type)?.name ?? '消息',
        ext_json: JSON.parse(m.ext_json) as { title: string; info: Record<string, unknown> },
        is_read: m.is_read,
        created_time: m.created_time,
      }));
      return ok({ items, total: Number(count.n), page, pageSize }, '获取成功');
    },
  );

  r.get(
    '/messages/messages/unread',
    {
      ...secured,
      schema: {
        ...doc('Unread message count, in total and by type'),
        response: {
          200: envelope(
            z.object({
              total: z.number().int(),
              by_type: z.array(z.object({ message_type: z.number().int(), count: z.number().int() })),
            }),
          ),
          ...authErrors,
        },
      },
    },
    async (req) => {
      const rows = await app.db
        .selectFrom('messages')
        .select(['message_type', (eb) => eb.fn.countAll<number>().as('count')])
        .where('designer_id', '=', req.auth!.designer.id)
        .where('is_read', '=', 0)
        .groupBy('message_type')
        .orderBy('message_type')
        .execute();
      const by_type = rows.map((r) => ({ message_type: r.message_type, count: Number(r.count) }));
      return ok({ total: by_type.reduce((s, r) => s + r.count, 0), by_type }, '获取成功');
    },
  );

  r.post(
    '/messages/messages/read',
    {
      ...secured,
      schema: {
        ...doc('Mark my messages read: the listed message_ids, or all of them with `all: true`. Others’ messages are never changed.'),
        body: z
          .object({
            message_ids: z.array(z.number().int().positive(), { error: '请选择消息' }).max(500, { error: '一次最多标记500条' }).optional(),
            all: z.boolean().optional(),
          })
          .refine((b) => b.all === true || (b.message_ids?.length ?? 0) > 0, { error: '请选择要标记的消息', path: ['message_ids'] }),
        response: { 200: envelope(z.object({ updated: z.number().int() })), ...authErrors },
      },
    },
    async (req) => {
      let q = app.db
        .updateTable('messages')
        .set({ is_read: 1, read_time: nowIso() })
        .where('designer_id', '=', req.auth!.designer.id)
        .where('is_read', '=', 0);
      if (!req.body.all) q = q.where('id', 'in', req.body.message_ids!);
      const result = await q.executeTakeFirst();
      return ok({ updated: Number(result.numUpdatedRows) }, '已标记为已读');
    },
  );

  const announcementRows = (designer: Parameters<typeof reachesDesigner>[0]) =>
    app.db
      .selectFrom('announcements')
      .leftJoin('announcement_reads as ar', (join) =>
        join.onRef('ar.announcement_id', '=', 'announcements.id').on('ar.designer_id', '=', designer.id),
      )
      .where(reachesDesigner(designer));

  async function productIdsOf(ids: number[]) {
    const map = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (!ids.length) return map;
    const rows = await app.db
      .selectFrom('announcement_products')
      .select(['announcement_id', 'product_id'])
      .where('announcement_id', 'in', ids)
      .orderBy('product_id')
      .execute();
    for (const r of rows) map.get(r.announcement_id)?.push(r.product_id);
    return map;
  }

  const announcementColumns = [
    'announcements.id',
    'announcements.title',
    'announcements.body',
    'announcements.scope',
    'announcements.published_at',
    sql<number>`case when ar.designer_id is null then 0 else 1 end`.as('is_read'),
  ] as const;

  r.get(
    '/messages/announcements',
    {
      ...secured,
      schema: {
        ...doc('Announcements that reach me (scope and product rules of spec §6), newest first, with my read state'),
        querystring: pageQuery,
        response: { 200: envelope(pageOf(announcementSchema)), ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const { page, pageSize } = req.query;
      const [rows, count] = await Promise.all([
        announcementRows(me)
          .select(announcementColumns)
          .orderBy('announcements.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        announcementRows(me).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const products = await productIdsOf(rows.map((r) => r.id));
      const items = rows.map((a) => ({
        announcement_id: a.id,
        title: a.title,
        body: a.body,
        scope: a.scope,
        product_ids: products.get(a.id) ?? [],
        published_at: a.published_at,
        is_read: Number(a.is_read),
      }));
      return ok({ items, total: Number(count.n), page, pageSize }, '获取成功');
    },
  );

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  r.get(
    '/messages/announcements/:id',
    {
      ...secured,
      schema: { ...doc('One announcement that reaches me'), params: idParams, response: { 200: envelope(announcementSchema), 404: errorEnvelope, ...authErrors } },
    },
    async (req) => {
      const a = await announcementRows(req.auth!.designer)
        .select(announcementColumns)
        .where('announcements.id', '=', req.params.id)
        .executeTakeFirst();
      if (!a) throw notFound('公告不存在');
      const products = await productIdsOf([a.id]);
      return ok(
        { announcement_id: a.id, title: a.title, body: a.body, scope: a.scope, product_ids: products.get(a.id) ?? [], published_at: a.published_at, is_read: Number(a.is_read) },
        '获取成功',
      );
    },
  );

  r.post(
    '/messages/announcements/:id/read',
    {
      ...secured,
      schema: { ...doc('Mark an announcement (and its type-29 message) read'), params: idParams, response: { 200: envelope(z.null()), 404: errorEnvelope, ...authErrors } },
    },
    async (req) => {
      const me = req.auth!.designer;
      const a = await announcementRows(me).select('announcements.id').where('announcements.id', '=', req.params.id).executeTakeFirst();
      if (!a) throw notFound('公告不存在');
      const now = nowIso();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('announcement_reads')
          .values({ announcement_id: a.id, designer_id: me.id, read_at: now })
          .onConflict((oc) => oc.columns(['announcement_id', 'designer_id']).doNothing())
          .execute();
        await trx
          .updateTable('messages')
          .set({ is_read: 1, read_time: now })
          .where('designer_id', '=', me.id)
          .where('message_type', '=', MESSAGE_TYPE.ANNOUNCEMENT)
          .where('is_read', '=', 0)
          .where('ext_json', 'like', `%"announcement_id":${a.id}}%`)
          .execute();
      });
      return ok(null, '已读');
    },
  );

  r.post(
    '/messages/announcements',
    {
      ...secured,
      schema: {
        ...doc(
          'Team leads publish an announcement. `body` is plain text with light markup (blank line = paragraph, "- " = list item, **bold**), rendered without HTML. scope 0–3 = that designer type only, 4 = everyone.',
        ),
        body: z.object({
          title: z.string({ error: '请输入公告标题' }).trim().min(1, { error: '请输入公告标题' }).max(100, { error: '标题不能超过100个字符' }),
          body: z.string({ error: '请输入公告内容' }).trim().min(1, { error: '请输入公告内容' }).max(20_000, { error: '内容不能超过20000个字符' }),
          scope: z.number({ error: '请选择发布范围' }).int().min(0, { error: '发布范围不正确' }).max(4, { error: '发布范围不正确' }),
          product_ids: z.array(z.number().int().positive()).max(99).default([]),
        }),
        response: { 200: envelope(z.object({ announcement_id: z.number().int(), recipients: z.number().int() })), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      if (me.designer_type !== 0) throw forbidden('只有团队负责人可以发布公告');
      const { title, body, scope } = req.body;
      const productIds = [...new Set(req.body.product_ids)];
      if (productIds.length) {
        const found = await app.db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
        if (found.length !== productIds.length) throw invalid('product_ids', '所选产品不存在');
      }
      const published_at = nowIso();
      // The announcement and its per-recipient rows (the message list) commit together.
      const { announcement, recipients } = await app.unitOfWork(async (trx, { send }) => {
        const a = await trx
          .insertInto('announcements')
          .values({ title, body, scope, published_by: me.id, published_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (productIds.length) {
          await trx.insertInto('announcement_products').values(productIds.map((product_id) => ({ announcement_id: a.id, product_id }))).execute();
        }
        const to = await announcementRecipients(trx, scope, productIds);
        send(to, { type: MESSAGE_TYPE.ANNOUNCEMENT, title: `新公告：${title}`, info: { announcement_id: a.id } });
        return { announcement: a, recipients: to };
      });
      await app.messages.broadcastAnnouncement({
        message_type: MESSAGE_TYPE.ANNOUNCEMENT,
        ext_json: { title: `新公告：${title}`, info: { announcement_id: announcement.id } },
        product_ids: productIds,
        announcement_scope: scope,
        created_time: published_at,
      });
      return ok({ announcement_id: announcement.id, recipients: recipients.length }, '公告已发布');
    },
  );

  r.get(
    '/messages/types',
    {
      schema: {
        tags: ['messages'],
        summary: 'Message types and their Chinese names',
        response: { 200: envelope(z.array(z.object({ message_type: z.number().int(), name: z.string() }))) },
      },
    },
    async () => ok(MESSAGE_TYPE_CODES.map((t) => ({ message_type: t, name: messageTypeOf(t)!.name })), '获取成功'),
  );
}
