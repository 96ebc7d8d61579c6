import type { Kysely } from 'kysely';

/**
 * Indexes in the template list's order (issue #17's bench, 20,000 templates): a team's published or
 * private templates by `featured, use_count, id` (sort most used) and by `category, featured, id`
 * (the category filter), so a page reads its rows from the index in order and stops, and the total
 * of a category is an index range. `templates_team_idx (team_id, status, featured, id)` already
 * serves newest first. `templates_team_use_idx (team_id, use_count, id)` lacked status and featured,
 * which the list orders by first: the new index replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('templates_team_used_idx').on('templates').columns(['team_id', 'status', 'featured', 'use_count', 'id']).execute();
  await db.schema.createIndex('templates_team_category_idx').on('templates').columns(['team_id', 'status', 'category', 'featured', 'id']).execute();
  await db.schema.dropIndex('templates_team_use_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('templates_team_use_idx').on('templates').columns(['team_id', 'use_count', 'id']).execute();
  await db.schema.dropIndex('templates_team_category_idx').execute();
  await db.schema.dropIndex('templates_team_used_idx').execute();
}
