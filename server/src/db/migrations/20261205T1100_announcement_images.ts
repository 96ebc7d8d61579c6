import type { Kysely } from 'kysely';

/**
 * An announcement's image (issue #18, the home's carousel): the object key the lead uploaded
 * (`announcement/<designer>/…`, checked when publishing) and the thumbnail the server made of it
 * (`announcement-thumb/…`, which no upload can write). Both null: no image.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('image_key', 'text').execute();
  await db.schema.alterTable('announcements').addColumn('image_thumb_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').dropColumn('image_thumb_key').execute();
  await db.schema.alterTable('announcements').dropColumn('image_key').execute();
}
