/**
 * Every statement of the comment threads: `comments` and `comment_reads`, and the names of the
 * people a thread shows. Each function takes `db` or a transaction first.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { CommentFile, SubjectType } from './comment.schemas.js';

type Conn = Db | Transaction<Database>;

export interface CommentRow {
  id: number;
  subject_type: string;
  subject_id: number;
  team_id: number | null;
  author_id: number;
  body: string;
  attachments: string;
  mentions: string;
  created_at: string;
  edited_at: string | null;
}

const COLUMNS = ['id', 'subject_type', 'subject_id', 'team_id', 'author_id', 'body', 'attachments', 'mentions', 'created_at', 'edited_at'] as const;

/** A thread, oldest first. */
export function threadComments(db: Conn, type: SubjectType, subjectId: number): Promise<CommentRow[]> {
  return db.selectFrom('comments').select(COLUMNS).where('subject_type', '=', type).where('subject_id', '=', subjectId).orderBy('id').execute();
}

export function findComment(db: Conn, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertComment(
  trx: Conn,
  c: { type: SubjectType; subjectId: number; teamId: number | null; authorId: number; body: string; attachments: CommentFile[]; mentions: number[]; now: string },
): Promise<number> {
  const row = await trx
    .insertInto('comments')
    .values({
      subject_type: c.type,
      subject_id: c.subjectId,
      team_id: c.teamId,
      author_id: c.authorId,
      body: c.body,
      attachments: JSON.stringify(c.attachments),
      mentions: JSON.stringify(c.mentions),
      created_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the author's comment while it may still be edited (posted after `since`); false when it may not. */
export async function updateCommentIf(
  trx: Conn,
  id: number,
  authorId: number,
  since: string,
  c: { body: string; attachments: CommentFile[]; mentions: number[]; now: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('comments')
    .set({ body: c.body, attachments: JSON.stringify(c.attachments), mentions: JSON.stringify(c.mentions), edited_at: c.now })
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes the author's own comment; false when it is gone or not theirs. */
export async function deleteOwnComment(trx: Conn, id: number, authorId: number): Promise<boolean> {
  const r = await trx.deleteFrom('comments').where('id', '=', id).where('author_id', '=', authorId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Moves the designer's read mark of a thread up to `lastId` (never back). */
export async function markRead(trx: Conn, designerId: number, type: SubjectType, subjectId: number, lastId: number): Promise<void> {
  await trx
    .insertInto('comment_reads')
    .values({ designer_id: designerId, subject_type: type, subject_id: subjectId, last_read_id: lastId })
    .onConflict((oc) =>
      oc
        .columns(['designer_id', 'subject_type', 'subject_id'])
        .doUpdateSet({ last_read_id: sql<number>`case when ${sql.ref('excluded.last_read_id')} > ${sql.ref('comment_reads.last_read_id')} then ${sql.ref('excluded.last_read_id')} else ${sql.ref('comment_reads.last_read_id')} end` }),
    )
    .execute();
}

/**
 * How many comments of others each ticket has above the designer's read mark: one grouped
 * statement over a page of ticket ids, through `comments_subject_idx` and the marks' primary key.
 */
export async function unreadTicketComments(db: Conn, designerId: number, ticketIds: readonly number[]): Promise<Map<number, number>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .selectFrom('comments as c')
    .leftJoin('comment_reads as r', (j) =>
      j.onRef('r.subject_id', '=', 'c.subject_id').on('r.subject_type', '=', 'ticket').on('r.designer_id', '=', designerId),
    )
    .select(['c.subject_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('c.subject_type', '=', 'ticket')
    .where('c.subject_id', 'in', ticketIds)
    .where('c.author_id', '<>', designerId)
    .where((eb) => eb('c.id', '>', eb.fn.coalesce('r.last_read_id', sql.lit(0))))
    .groupBy('c.subject_id')
    .execute();
  return new Map(rows.map((r) => [r.subject_id, Number(r.n)]));
}

/** Active designers among `ids`, with what a thread shows of them. */
export function designersByIds(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('designers').select(['id', 'real_name', 'nickname', 'team_id', 'account_status']).where('id', 'in', [...ids]).execute();
}
