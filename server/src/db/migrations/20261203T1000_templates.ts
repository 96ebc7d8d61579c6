import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The template library (issue #17):
 *
 * - `templates`: a reusable design asset. `owner_id` made it; `team_id` is the owner's team when it
 *   was made (who may see it once published); `status` is `private | published`; `featured` (0/1)
 *   puts it on top; `use_count` counts 「用于工单」. `search_text` is the lowercased title and tags
 *   (one per line), what a search's LIKE verifies.
 * - `template_products`, `template_tags`: what it fits and its tags (filters).
 * - `template_files`: its preview images and source files in order (`kind` preview | source), each
 *   an object key with name, size, type and extension; a preview has its thumbnail's key and size.
 * - `template_favourites`: a designer's stars.
 * - `template_shares`: share links. Only the SHA-256 of the token is stored; `expires_at` null is
 *   「永久有效」; `revoked_at` set is revoked.
 * - `template_search_grams`: the search index. Every distinct 1- and 2-character piece of the
 *   normalized title and tags, with a B-tree on (gram, template_id) on both databases (the module
 *   README says why not FTS5 trigram / pg_trgm).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('templates'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  // A team's library newest first / most used first; one designer's own templates.
  await db.schema.createIndex('templates_team_idx').on('templates').columns(['team_id', 'status', 'featured', 'id']).execute();
  await db.schema.createIndex('templates_team_use_idx').on('templates').columns(['team_id', 'use_count', 'id']).execute();
  await db.schema.createIndex('templates_owner_idx').on('templates').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('template_products')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('template_products_pk', ['template_id', 'product_id'])
    .execute();
  await db.schema.createIndex('template_products_product_idx').on('template_products').columns(['product_id', 'template_id']).execute();

  await db.schema
    .createTable('template_tags')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_tags_pk', ['template_id', 'tag'])
    .execute();
  await db.schema.createIndex('template_tags_tag_idx').on('template_tags').columns(['tag', 'template_id']).execute();

  await withId(db, db.schema.createTable('template_files'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .execute();
  await db.schema.createIndex('template_files_template_idx').on('template_files').columns(['template_id', 'kind', 'position']).execute();
  await db.schema.createIndex('template_files_ext_idx').on('template_files').columns(['ext', 'kind', 'template_id']).execute();

  await db.schema
    .createTable('template_favourites')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_favourites_pk', ['designer_id', 'template_id'])
    .execute();
  await db.schema.createIndex('template_favourites_template_idx').on('template_favourites').columns(['template_id']).execute();

  await withId(db, db.schema.createTable('template_shares'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text')
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('template_shares_template_idx').on('template_shares').columns(['template_id', 'id']).execute();

  await db.schema
    .createTable('template_search_grams')
    .addColumn('gram', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('template_search_grams_pk', ['gram', 'template_id'])
    .execute();
  await db.schema.createIndex('template_search_grams_template_idx').on('template_search_grams').columns(['template_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['template_search_grams', 'template_shares', 'template_favourites', 'template_files', 'template_tags', 'template_products', 'templates']) {
    await db.schema.dropTable(table).execute();
  }
}
