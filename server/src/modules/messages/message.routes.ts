import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, errorEnvelope, ok, okEmpty, pageOf, pageQuery } from '../../lib/http.js';
import { createAnnouncementService } from './announcement.service.js';
import { messageTypeNames, myMessages, myUnread, readMyMessages } from './inbox.service.js';
import {
  announcementEdit,
  announcementIdParams,
  announcementInput,
  announcementSchema,
  markReadInput,
  markReadResult,
  messageListQuery,
  messageSchema,
  messageTypesSchema,
  publishResult,
  unreadSchema,
  withdrawResult,
} from './message.schemas.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';

/** My messages and the announcements (spec §6), and the message types by name. */
export default async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['messages'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.authenticate };
  const announcements = createAnnouncementService({ db: app.db, oss: app.config.oss, unitOfWork: app.unitOfWork, delivery: app.announcementDelivery });

  r.get(
    '/messages/messages',
    {
      ...secured,
      schema: {
        ...doc('My messages, newest first; filter by read state (is_read 0/1) and message_type'),
        querystring: messageListQuery,
        response: { 200: envelope(pageOf(messageSchema)), ...authErrors },
      },
    },
    async (req) => {
      const { page, pageSize, is_read, message_type } = req.query;
      const { items, total } = await myMessages(app.db, req.auth!.designer.id, { is_read, message_type }, page, pageSize);
      return ok({ items, total, page, pageSize }, '获取成功');
    },
  );

  r.get(
    '/messages/messages/unread',
    {
      ...secured,
      schema: {
        ...doc('Unread message count, in total and by type'),
        response: { 200: envelope(unreadSchema), ...authErrors },
      },
    },
    async (req) => ok(await myUnread(app.db, req.auth!.designer.id), '获取成功'),
  );

  r.post(
    '/messages/messages/read',
    {
      ...secured,
      schema: {
        ...doc('Mark my messages read: the listed message_ids, or all of them with `all: true`. Others’ messages are never changed.'),
        body: markReadInput,
        response: { 200: envelope(markReadResult), ...authErrors },
      },
    },
    async (req) => {
      const updated = await readMyMessages(app.db, req.auth!.designer.id, req.body.all ? 'all' : req.body.message_ids!);
      return ok({ updated }, '已标记为已读');
    },
  );

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
      const { page, pageSize } = req.query;
      const { items, total } = await announcements.list(req.auth!.designer, page, pageSize);
      return ok({ items, total, page, pageSize }, '获取成功');
    },
  );

  r.get(
    '/messages/announcements/:id',
    {
      ...secured,
      schema: {
        ...doc('One announcement that reaches me'),
        params: announcementIdParams,
        response: { 200: envelope(announcementSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await announcements.get(req.auth!.designer, req.params.id), '获取成功'),
  );

  r.post(
    '/messages/announcements/:id/read',
    {
      ...secured,
      schema: {
        ...doc('Mark an announcement (and its type-29 message) read'),
        params: announcementIdParams,
        response: { 200: okEmpty, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      await announcements.markRead(req.auth!.designer, req.params.id);
      return ok(null, '已读');
    },
  );

  r.post(
    '/messages/announcements',
    {
      ...secured,
      schema: {
        ...doc(
          'Team leads publish an announcement. `body` is plain text with light markup (blank line = paragraph, "- " = list item, **bold**), rendered without HTML. scope 0–3 = that designer type only, 4 = everyone. Answers once the announcement is saved; its type-29 message to each recipient is written right after, then it is broadcast on `announcements` (a browser told of it finds its message).',
        ),
        body: announcementInput,
        response: { 200: envelope(publishResult), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await announcements.publish(req.auth!.designer, req.body), '公告已发布'),
  );

  r.put(
    '/messages/announcements/:id',
    {
      ...secured,
      schema: {
        ...doc('Its publisher edits an announcement’s title and body; nobody is notified again, its messages take the new title and keep their read marks'),
        params: announcementIdParams,
        body: announcementEdit,
        response: { 200: okEmpty, 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      await announcements.edit(req.auth!.designer, req.params.id, req.body);
      return ok(null, '公告已修改');
    },
  );

  r.post(
    '/messages/announcements/:id/withdraw',
    {
      ...secured,
      schema: {
        ...doc('Its publisher withdraws an announcement: it leaves every list, and its messages leave every inbox and unread count'),
        params: announcementIdParams,
        response: { 200: envelope(withdrawResult), 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await announcements.withdraw(req.auth!.designer, req.params.id), '公告已撤回'),
  );

  r.get(
    '/messages/types',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['messages'],
        summary: 'Message types and their Chinese names',
        response: { 200: envelope(messageTypesSchema) },
      },
    },
    async () => ok(messageTypeNames(), '获取成功'),
  );
}
