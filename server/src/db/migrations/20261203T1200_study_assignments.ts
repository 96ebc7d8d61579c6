import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Assignments of courses and exams (issue #16): a lead gives a designer of the team a course or an
 * exam (`item_type` `course | exam`, `item_id`) to finish by `due_at`. One row per item and
 * designer: assigning again moves the due date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('study_assignments'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('study_assignments_item_designer_idx').on('study_assignments').columns(['item_type', 'item_id', 'designer_id']).unique().execute();
  await db.schema.createIndex('study_assignments_designer_idx').on('study_assignments').columns(['designer_id', 'item_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_assignments').execute();
}
