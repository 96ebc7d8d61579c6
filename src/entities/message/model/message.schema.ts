import * as z from 'zod/mini';

export const messageInfoSchema = z.catchall(
  z.object({
    ticket_id: z.optional(z.number()),
    allocation_id: z.optional(z.number()),
    announcement_id: z.optional(z.number()),
  }),
  z.unknown(),
);

/** A message as pushed over MQTT (spec §3 Message). */
export const pushedMessageSchema = z.object({
  message_id: z.optional(z.number()),
  message_type: z.number().check(z.int()),
  ext_json: z.object({ title: z.string(), info: z._default(messageInfoSchema, {}) }),
  product_ids: z.optional(z.array(z.number())),
  announcement_scope: z.optional(z.number().check(z.int())),
  created_time: z.optional(z.string()),
});
export type PushedMessage = z.infer<typeof pushedMessageSchema>;

export const messageSchema = z.object({
  message_id: z.number(),
  message_type: z.number().check(z.int()),
  type_name: z.string(),
  ext_json: z.object({ title: z.string(), info: messageInfoSchema }),
  is_read: z.number().check(z.int()),
  created_time: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const unreadSchema = z.object({
  total: z.number(),
  by_type: z.array(z.object({ message_type: z.number(), count: z.number() })),
});
export type UnreadCount = z.infer<typeof unreadSchema>;

export const announcementSchema = z.object({
  announcement_id: z.number(),
  title: z.string(),
  body: z.string(),
  scope: z.number().check(z.int()),
  product_ids: z.array(z.number()),
  published_at: z.string(),
  /** When its publisher last edited it (null: never). */
  updated_at: z.nullable(z.string()),
  is_read: z.number().check(z.int()),
  /** The signed-in lead published it, so may edit or withdraw it. */
  can_manage: z.boolean(),
  /** The image its publisher attached, and the server's thumbnail of it (null: none). */
  image_url: z._default(z.nullable(z.string()), null),
  image_thumb_url: z._default(z.nullable(z.string()), null),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementPageSchema = z.object({
  items: z.array(announcementSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const messageTypeSchema = z.object({ message_type: z.number(), name: z.string() });
export const messageTypeListSchema = z.array(messageTypeSchema);

/** POST messages/messages/read: how many messages became read. */
export const markReadResultSchema = z.object({ updated: z.number() });

/** POST messages/announcements: the new announcement and how many designers it reached. */
export const publishResultSchema = z.object({ announcement_id: z.number(), recipients: z.number() });
export const withdrawResultSchema = z.object({ removed_messages: z.number() });

export const SCOPE_OPTIONS = [
  { value: '4', label: '全部人员' },
  { value: '0', label: '仅团队负责人' },
  { value: '1', label: '仅设计师' },
  { value: '2', label: '仅兼职设计师（类型2）' },
  { value: '3', label: '仅兼职设计师（类型3）' },
];

export interface MessageFilters {
  page: number;
  pageSize: number;
  is_read?: 0 | 1;
  message_type?: number;
}
