import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/** Who uploaded which object (product.md §4 upload record); one row per key, a re-upload replaces it. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('upload_records'))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_records_designer_idx').on('upload_records').columns(['designer_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_records').execute();
}
