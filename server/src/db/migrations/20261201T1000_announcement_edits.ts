import type { Kysely } from 'kysely';

/**
 * A lead edits or withdraws an announcement (issue #24): when it was last edited, and when it was
 * withdrawn (a withdrawn announcement reaches nobody any more; its messages are removed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('announcements').addColumn('withdrawn_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').dropColumn('withdrawn_at').execute();
  await db.schema.alterTable('announcements').dropColumn('updated_at').execute();
}
