/**
 * SQL of the outbox (outbox.ts): the marks, due rows, claims and give-backs of the three things it
 * relays, message pushes (`messages.published_at`), an announcement's type-29 messages
 * (`announcements.messages_at`) and announcement broadcasts (`announcements.broadcast_at`). Every
 * function takes `db` (or the transaction that writes the messages) first.
 */
import type { Db } from '../../db/database.js';

/** A message row as the relay publishes it. */
export interface OutboxRow {
  id: number;
  designer_id: number;
  message_type: number;
  ext_json: string;
  created_time: string;
}

/** An announcement whose broadcast the relay sends. */
export interface OutboxAnnouncement {
  id: number;
  title: string;
  scope: number;
  published_at: string;
}

// -- message pushes -------------------------------------------------------------------------------

export async function markMessagesPublished(db: Db, ids: readonly number[], at: string): Promise<void> {
  await db.updateTable('messages').set({ published_at: at }).where('id', 'in', ids).where('published_at', 'is', null).execute();
}

/** Up to `limit` ids of unpublished messages written at or before `before`, oldest first. */
export async function messagesDue(db: Db, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select('id')
    .where('published_at', 'is', null)
    .where('created_time', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks those still unpublished as published now and answers them: the rows this caller won. */
export async function claimMessages(db: Db, ids: readonly number[], at: string): Promise<OutboxRow[]> {
  return db
    .updateTable('messages')
    .set({ published_at: at })
    .where('id', 'in', ids)
    .where('published_at', 'is', null)
    .returning(['id', 'designer_id', 'message_type', 'ext_json', 'created_time'])
    .execute();
}

/** Gives a claimed message back to the outbox (its publish failed). */
export async function releaseMessage(db: Db, id: number): Promise<void> {
  await db.updateTable('messages').set({ published_at: null }).where('id', '=', id).execute();
}

// -- announcement messages -----------------------------------------------------------------------

/** An announcement whose type-29 messages are being written (by the transaction that claimed it). */
export interface AnnouncementToDeliver {
  id: number;
  title: string;
  scope: number;
  published_at: string;
  withdrawn_at: string | null;
}

/**
 * Up to `limit` ids above `afterId` of announcements whose messages are not written, published at
 * or before `before`, oldest first.
 */
export async function announcementMessagesDue(db: Db, before: string, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('announcements')
    .select('id')
    .where('messages_at', 'is', null)
    .where('id', '>', afterId)
    .where('published_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Marks the announcement's messages written, if they were not, and answers it: called in the
 * transaction that writes them, so the mark and the rows commit together and, with several
 * processes, one of them writes them (the others get nothing; on PostgreSQL they wait for the row
 * lock and then find it marked).
 */
export async function claimAnnouncementMessages(db: Db, id: number, at: string): Promise<AnnouncementToDeliver | undefined> {
  return db
    .updateTable('announcements')
    .set({ messages_at: at })
    .where('id', '=', id)
    .where('messages_at', 'is', null)
    .returning(['id', 'title', 'scope', 'published_at', 'withdrawn_at'])
    .executeTakeFirst();
}

// -- announcement broadcasts ----------------------------------------------------------------------

export async function markAnnouncementsBroadcast(db: Db, ids: readonly number[], at: string): Promise<void> {
  await db.updateTable('announcements').set({ broadcast_at: at }).where('id', 'in', ids).where('broadcast_at', 'is', null).execute();
}

/**
 * Up to `limit` ids of announcements not yet broadcast, published at or before `before`, oldest
 * first; only those whose messages are written (a broadcast tells browsers to read them).
 */
export async function announcementsDue(db: Db, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('announcements')
    .select('id')
    .where('broadcast_at', 'is', null)
    .where('messages_at', 'is not', null)
    .where('published_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks those not yet broadcast as broadcast now and answers them: the announcements this caller won. */
export async function claimAnnouncements(db: Db, ids: readonly number[], at: string): Promise<OutboxAnnouncement[]> {
  return db
    .updateTable('announcements')
    .set({ broadcast_at: at })
    .where('id', 'in', ids)
    .where('broadcast_at', 'is', null)
    .returning(['id', 'title', 'scope', 'published_at'])
    .execute();
}

/** Gives a claimed announcement back to the outbox (its broadcast failed). */
export async function releaseAnnouncement(db: Db, id: number): Promise<void> {
  await db.updateTable('announcements').set({ broadcast_at: null }).where('id', '=', id).execute();
}
