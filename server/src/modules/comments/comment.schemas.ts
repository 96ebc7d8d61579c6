/** zod schemas of the comment threads' requests and answers (they also make `/api/docs`). */
import { z } from 'zod';
import { idSchema } from '../../lib/http.js';
import { designerCodeSchema } from '../../domain/designers.js';

export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_MAX_FILES = 9;
export const COMMENT_MAX_MENTIONS = 20;
/** How long after posting its author may still edit a comment. */
export const COMMENT_EDIT_WINDOW_MS = 5 * 60_000;

export const SUBJECT_TYPES = ['ticket', 'appeal'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const commentIdParams = z.object({ id: idSchema('评论编号不正确') });

const fileInput = z.union(
  [
    z.string({ error: '附件格式不正确' }).max(1023, { error: '附件路径不正确' }),
    z.object({
      url: z.string({ error: '附件格式不正确' }).max(1023, { error: '附件路径不正确' }),
      name: z.string().trim().min(1, { error: '附件名称不能为空' }).max(200, { error: '附件名称不能超过200个字符' }).optional(),
      size: z.number().int().nonnegative().optional(),
      content_type: z.string().max(200).optional(),
    }),
  ],
  { error: '附件格式不正确' },
);

/** A new comment, or a comment's new text and files: text or at least one file. */
export const commentInput = z
  .object({
    body: z
      .string({ error: '评论内容格式不正确' })
      .trim()
      .max(COMMENT_MAX_LENGTH, { error: `评论不能超过${COMMENT_MAX_LENGTH}个字符` })
      .default('')
      .describe('The text (trimmed); may be empty only when the comment has files'),
    attachments: z
      .array(fileInput)
      .max(COMMENT_MAX_FILES, { error: `附件最多${COMMENT_MAX_FILES}个` })
      .default([])
      .describe('Object keys (or {name, url: key, size?, content_type?}) uploaded with source=comment: `comment/<designer_id>/<yyyymmdd>/<nonce>/<name>`'),
    mentions: z
      .array(designerCodeSchema)
      .max(COMMENT_MAX_MENTIONS, { error: `最多提及${COMMENT_MAX_MENTIONS}人` })
      .default([])
      .describe('designer_ids @mentioned: only people who take part in the thread (the ticket’s designer, the leads of its team; an appeal’s appellant and leads)'),
  })
  .refine((c) => c.body.length > 0 || c.attachments.length > 0, { error: '请填写评论内容或添加附件', path: ['body'] });
export type CommentInput = z.infer<typeof commentInput>;

export const commentFileSchema = z
  .object({
    name: z.string(),
    url: z.string().describe('The object key'),
    size: z.number().int().optional(),
    content_type: z.string().optional(),
  })
  .meta({ id: 'CommentFile' });
export type CommentFile = z.infer<typeof commentFileSchema>;

const personSchema = z.object({ designer_id: z.string(), name: z.string() });

export const commentSchema = z
  .object({
    comment_id: z.number().int(),
    subject_type: z.enum(SUBJECT_TYPES),
    subject_id: z.number().int().describe('The ticket_id or appeal_id'),
    author_id: z.string().describe('designer_id of the author'),
    author_name: z.string(),
    body: z.string(),
    attachments: z.array(
      commentFileSchema.extend({ read_url: z.string().describe('Where the browser reads the file now: a URL signed for 15 minutes, handed only to people who may read the thread') }),
    ),
    mentions: z.array(personSchema),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    editable_until: z.string().nullable().describe('Until when the caller may edit it (its author, 5 minutes after posting); null when the caller may not'),
    mine: z.boolean().describe('Written by the caller (who alone may edit and delete it)'),
  })
  .meta({ id: 'Comment' });
export type CommentView = z.infer<typeof commentSchema>;

export const threadSchema = z
  .object({
    items: z.array(commentSchema).describe('Oldest first'),
    mentionable: z.array(personSchema).describe('Who may be @mentioned (and reads the thread): the ticket’s designer and the team’s leads; an appeal’s appellant and leads'),
  })
  .meta({ id: 'CommentThread' });
export type Thread = z.infer<typeof threadSchema>;
