import { type Kysely, sql } from 'kysely';

/**
 * An announcement is also the outbox of its type-29 messages (modules/messages/outbox.ts): publishing
 * commits the announcement with `messages_at` null and answers; its message to every designer it
 * reaches is written in a transaction of its own right after, which sets `messages_at`. A process
 * that dies in between leaves the announcement for the relay to finish. The lead's call no longer
 * waits for a thousand rows (issue #19). Announcements already there have their messages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('messages_at', 'text').execute();
  await db.updateTable('announcements').set({ messages_at: sql`published_at` }).execute();
  await db.schema
    .createIndex('announcements_messages_due_idx')
    .on('announcements')
    .column('id')
    .where(sql.ref('messages_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('announcements_messages_due_idx').execute();
  await db.schema.alterTable('announcements').dropColumn('messages_at').execute();
}
