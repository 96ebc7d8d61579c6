import { type Kysely, sql } from 'kysely';

/**
 * Messages are their own outbox (modules/messages/outbox.ts): a message row is written in the
 * transaction of the change it reports and published after the commit; `published_at` records
 * that it went out, so a process that died in between leaves it for the relay to publish. Rows
 * already there count as published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('published_at', 'text').execute();
  await db.updateTable('messages').set({ published_at: sql`created_time` }).execute();
  await db.schema.createIndex('messages_unpublished_idx').on('messages').column('id').where(sql.ref('published_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_unpublished_idx').execute();
  await db.schema.alterTable('messages').dropColumn('published_at').execute();
}
