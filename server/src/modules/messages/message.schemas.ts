/** Wire schemas of the message, announcement and broker-hook calls; also the OpenAPI document. */
import { z } from 'zod';
import { MAX_ROW_ID, flag01, idSchema, pageQuery, wholeNumber } from '../../lib/http.js';
import { isMessageType } from './message-types.js';

export const messageSchema = z
  .object({
    message_id: z.number().int(),
    message_type: z.number().int(),
    type_name: z.string(),
    ext_json: z.object({ title: z.string(), info: z.record(z.string(), z.unknown()) }),
    is_read: z.number().int(),
    created_time: z.string(),
  })
  .meta({ id: 'Message' });
export type MessageView = z.infer<typeof messageSchema>;

export const announcementSchema = z
  .object({
    announcement_id: z.number().int(),
    title: z.string(),
    body: z.string(),
    scope: z.number().int(),
    product_ids: z.array(z.number().int()),
    published_at: z.string(),
    /** When its publisher last edited it (null: never). */
    updated_at: z.string().nullable(),
    is_read: z.number().int(),
    /** The caller published it, so may edit or withdraw it. */
    can_manage: z.boolean(),
    image_url: z.string().nullable().describe('The image its publisher attached (null: none)'),
    image_thumb_url: z.string().nullable().describe('The server’s thumbnail of that image, at most 960 px wide (WebP)'),
  })
  .meta({ id: 'Announcement' });
export type AnnouncementView = z.infer<typeof announcementSchema>;

const messageType = wholeNumber('消息类型不存在')
  .refine((t) => isMessageType(t), { error: '消息类型不存在' });

export const messageListQuery = pageQuery.extend({
  is_read: flag01().optional().describe('1: read messages only, 0: unread only'),
  message_type: messageType.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const unreadSchema = z.object({
  total: z.number().int(),
  by_type: z.array(z.object({ message_type: z.number().int(), count: z.number().int() })),
});
export type UnreadView = z.infer<typeof unreadSchema>;

export const markReadInput = z
  .object({
    message_ids: z.array(z.number().int().positive().max(MAX_ROW_ID), { error: '请选择消息' }).max(500, { error: '一次最多标记500条' }).optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.message_ids?.length ?? 0) > 0, { error: '请选择要标记的消息', path: ['message_ids'] });

export const markReadResult = z.object({ updated: z.number().int() });

export const messageTypesSchema = z.array(z.object({ message_type: z.number().int(), name: z.string() }));

export const announcementIdParams = z.object({ id: idSchema('公告编号不正确') });

export const announcementInput = z.object({
  title: z.string({ error: '请输入公告标题' }).trim().min(1, { error: '请输入公告标题' }).max(100, { error: '标题不能超过100个字符' }),
  body: z.string({ error: '请输入公告内容' }).trim().min(1, { error: '请输入公告内容' }).max(20_000, { error: '内容不能超过20000个字符' }),
  scope: z.number({ error: '请选择发布范围' }).int().min(0, { error: '发布范围不正确' }).max(4, { error: '发布范围不正确' }),
  product_ids: z.array(z.number().int().positive().max(MAX_ROW_ID)).max(99).default([]),
  image_key: z
    .string({ error: '图片不存在或无权使用' })
    .max(1023, { error: '图片不存在或无权使用' })
    .optional()
    .describe('An image the publisher uploaded (`GET /oss/get-signature?source=announcement`): JPG, PNG or WebP, at most 5 MB'),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** An edit changes the words only: who it reached (scope, products) was settled when it went out. */
export const announcementEdit = announcementInput.pick({ title: true, body: true });
export type AnnouncementEdit = z.infer<typeof announcementEdit>;

export const withdrawResult = z.object({ removed_messages: z.number().int().describe('Messages of it removed from designers’ lists') });

export const publishResult = z.object({
  announcement_id: z.number().int(),
  recipients: z.number().int().describe('Active designers it reaches, counted when it is saved (their messages follow the answer)'),
});

// -- the external broker's hooks (EMQX style: bare `{ result }` JSON, not the envelope) -----------

export const brokerResult = z.object({ result: z.enum(['allow', 'deny']) });

export const brokerAuthInput = z.object({
  clientid: z.string().max(128).default(''),
  username: z.string().max(128).optional(),
  password: z.string().max(512).optional(),
});

export const brokerAclInput = z.object({
  clientid: z.string().max(128).default(''),
  username: z.string().max(128).optional(),
  topic: z.string().max(256).default(''),
  action: z.string().max(32).default(''),
});
