import { type Kysely, sql } from 'kysely';

/**
 * An announcement is the outbox of its own broadcast (modules/messages/outbox.ts), as a message
 * row is of its push: the announcement is written with `broadcast_at` null, broadcast on the
 * `announcements` topic after the commit and then marked, so a process that died in between leaves
 * it for the relay to broadcast. Announcements already there count as broadcast.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('broadcast_at', 'text').execute();
  await db.updateTable('announcements').set({ broadcast_at: sql`published_at` }).execute();
  await db.schema
    .createIndex('announcements_unbroadcast_idx')
    .on('announcements')
    .column('id')
    .where(sql.ref('broadcast_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('announcements_unbroadcast_idx').execute();
  await db.schema.alterTable('announcements').dropColumn('broadcast_at').execute();
}
