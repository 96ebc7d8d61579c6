import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('messages'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('message_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('ext_json', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'text', (c) => c.notNull())
    .addColumn('read_time', 'text')
    .execute();
  await db.schema.createIndex('messages_designer_idx').on('messages').columns(['designer_id', 'is_read', 'id']).execute();
  await db.schema.createIndex('messages_designer_type_idx').on('messages').columns(['designer_id', 'message_type', 'id']).execute();

  await withId(db, db.schema.createTable('announcements'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('scope', 'integer', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('designers.id'))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcements_published_idx').on('announcements').column('published_at').execute();

  await db.schema
    .createTable('announcement_products')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('announcement_products_pk', ['announcement_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('announcement_reads')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'designer_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_reads').execute();
  await db.schema.dropTable('announcement_products').execute();
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropTable('messages').execute();
}
