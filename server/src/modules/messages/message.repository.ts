/**
 * SQL on `messages`: a designer's list, unread counts and read marks, and the rows a change writes.
 * Every function takes `db` or a transaction first. The outbox's reads and writes of the same
 * table (`published_at`) are outbox.repository.ts's.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MessageTable } from '../../db/schema.js';
import { MESSAGE_TYPE } from './message-types.js';

export interface MessageFilter {
  is_read?: number;
  message_type?: number;
}

/** One page of a designer's messages, newest first, and how many match in all. */
export async function listMessages(db: Db, designerId: number, filter: MessageFilter, page: number, pageSize: number) {
  let q = db.selectFrom('messages').where('designer_id', '=', designerId);
  if (filter.is_read !== undefined) q = q.where('is_read', '=', filter.is_read);
  if (filter.message_type !== undefined) q = q.where('message_type', '=', filter.message_type);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'message_type', 'ext_json', 'is_read', 'created_time'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A designer's unread messages counted per type, by type. */
export async function unreadByType(db: Db, designerId: number): Promise<{ message_type: number; count: number }[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['message_type', (eb) => eb.fn.countAll<number>().as('count')])
    .where('designer_id', '=', designerId)
    .where('is_read', '=', 0)
    .groupBy('message_type')
    .orderBy('message_type')
    .execute();
  return rows.map((r) => ({ message_type: r.message_type, count: Number(r.count) }));
}

/** Marks the designer's unread messages read: those with these ids, or all of them. Answers how many changed. */
export async function markMessagesRead(db: Db, designerId: number, ids: readonly number[] | 'all', at: string): Promise<number> {
  let q = db.updateTable('messages').set({ is_read: 1, read_time: at }).where('designer_id', '=', designerId).where('is_read', '=', 0);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks read the designer's type-29 message of an announcement. The row is found by its
 * `ext_json`, which ends with `"announcement_id":<id>}` as the announcement service writes it.
 */
export async function markAnnouncementMessageRead(db: Db, designerId: number, announcementId: number, at: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({ is_read: 1, read_time: at })
    .where('designer_id', '=', designerId)
    .where('message_type', '=', MESSAGE_TYPE.ANNOUNCEMENT)
    .where('is_read', '=', 0)
    .where('ext_json', 'like', announcementMessageMatch(announcementId))
    .execute();
}

/** The `ext_json` of an announcement's type-29 messages ends with `"announcement_id":<id>}`. */
const announcementMessageMatch = (announcementId: number) => `%"announcement_id":${announcementId}}%`;

/** An edited announcement's messages take its new title; read marks stay as they were. */
export async function retitleAnnouncementMessages(db: Db, announcementId: number, title: string, extJson: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({ title, ext_json: extJson })
    .where('message_type', '=', MESSAGE_TYPE.ANNOUNCEMENT)
    .where('ext_json', 'like', announcementMessageMatch(announcementId))
    .execute();
}

/** A withdrawn announcement's messages go from every list and unread count; answers how many. */
export async function deleteAnnouncementMessages(db: Db, announcementId: number): Promise<number> {
  const result = await db
    .deleteFrom('messages')
    .where('message_type', '=', MESSAGE_TYPE.ANNOUNCEMENT)
    .where('ext_json', 'like', announcementMessageMatch(announcementId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Inserts the rows in one multi-row insert and answers their ids in ascending order. Ids are taken
 * in the order of the VALUES list (identity on PostgreSQL, AUTOINCREMENT on SQLite), so the sorted
 * ids line up with the rows.
 */
export async function insertMessages(db: Db, rows: readonly Insertable<MessageTable>[]): Promise<number[]> {
  const inserted = await db.insertInto('messages').values(rows).returning('id').execute();
  return inserted.map((r) => Number(r.id)).sort((x, y) => x - y);
}
