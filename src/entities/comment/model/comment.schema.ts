import * as z from 'zod/mini';

/**
 * The comment contract of the server's comments module (comment.schemas.ts): a thread on a ticket
 * or an appeal, its comments with their files and @mentions, and who may be mentioned.
 */

const int = () => z.number().check(z.int());

export const COMMENT_SUBJECTS = ['ticket', 'appeal'] as const;
export type CommentSubject = (typeof COMMENT_SUBJECTS)[number];

/** Server limits (comment.schemas.ts). */
export const COMMENT_LIMITS = { bodyMax: 2000, filesMax: 9 } as const;

export const commentPersonSchema = z.object({ designer_id: z.string(), name: z.string() });
export type CommentPerson = z.infer<typeof commentPersonSchema>;

export const commentSchema = z.object({
  comment_id: int(),
  subject_type: z.enum(COMMENT_SUBJECTS),
  subject_id: int(),
  author_id: z.string(),
  author_name: z.string(),
  body: z.string(),
  attachments: z.array(
    z.object({
      name: z.string(),
      /** The object key. */
      url: z.string(),
      /** Where the browser reads it: a URL signed for 15 minutes. */
      read_url: z.string(),
      size: z.optional(z.number()),
      content_type: z.optional(z.string()),
    }),
  ),
  mentions: z.array(commentPersonSchema),
  created_at: z.string(),
  edited_at: z.nullable(z.string()),
  /** Until when the caller may edit it (its author, 5 minutes after posting); null: not editable. */
  editable_until: z.nullable(z.string()),
  /** Written by the caller: only they edit and delete it. */
  mine: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = z.object({
  /** Oldest first. */
  items: z.array(commentSchema),
  /** Who may be @mentioned (and reads the thread). */
  mentionable: z.array(commentPersonSchema),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;
