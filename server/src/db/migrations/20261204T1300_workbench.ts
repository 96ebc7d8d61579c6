import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The workbench (issue #18): saved views of the lists, the default view per list and person, and
 * each person's workbench preferences (colour scheme, pinned shortcuts).
 *
 * - `saved_views`: a named set of a list's filters (the list endpoint's own query values, JSON
 *   object of strings), its sort (JSON `{by, order}` or null), visible columns (JSON list), owned by
 *   `designer_id`; `shared` 1 = every member of `team_id` (the owner's team when shared) sees it.
 *   A name is unique per owner and list.
 * - `saved_view_defaults`: one row per person and list: the view that list opens with.
 * - `workbench_preferences`: one row per person; `shortcuts` null = the menu's top entries.
 * - `tickets_team_open_idx`: a lead's work card counts and picks the team's open tickets by status,
 *   stage and due time from the index alone (a team of the bench holds ~20,000 tickets; reading
 *   their rows took ~140 ms a request), as `tickets_designer_open_idx` does for a designer's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('saved_views'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('sort', 'text')
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner_name_uq').on('saved_views').columns(['designer_id', 'list', 'name']).unique().execute();
  await db.schema.createIndex('saved_views_team_idx').on('saved_views').columns(['team_id', 'list', 'shared']).execute();

  await db.schema
    .createTable('saved_view_defaults')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('view_id', 'integer', (c) => c.notNull().references('saved_views.id'))
    .addPrimaryKeyConstraint('saved_view_defaults_pk', ['designer_id', 'list'])
    .execute();
  await db.schema.createIndex('saved_view_defaults_view_idx').on('saved_view_defaults').column('view_id').execute();

  await db.schema
    .createTable('workbench_preferences')
    .addColumn('designer_id', 'integer', (c) => c.primaryKey().references('designers.id'))
    .addColumn('color_scheme', 'text', (c) => c.notNull())
    .addColumn('shortcuts', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('tickets_team_open_idx').on('tickets').columns(['team_id', 'status', 'stage', 'due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tickets_team_open_idx').execute();
  for (const t of ['workbench_preferences', 'saved_view_defaults', 'saved_views']) await db.schema.dropTable(t).execute();
}
