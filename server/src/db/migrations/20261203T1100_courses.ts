import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Courses (issue #16):
 *
 * - `courses`: one course of a team; `required` and `is_public` are 0/1, `status` `draft | published`.
 * - `course_lessons`: ordered by `position`; `kind` `text | video | document`. A text lesson keeps
 *   its Markdown in `body` (stored as written, rendered by the SPA without raw HTML); a video or a
 *   document names its object in `object_key` (uploaded by a lead), a video its `duration_seconds`.
 * - `lesson_progress`: per designer per lesson: the last video position, the furthest one reached,
 *   and `done_at` (a video at 90% of its duration reached, a text or document read to the end).
 * - `exams.required_course_id`: a course to finish before starting the exam.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('courses'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_team_idx').on('courses').columns(['team_id', 'id']).execute();

  await withId(db, db.schema.createTable('course_lessons'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_key', 'text')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('course_lessons_course_idx').on('course_lessons').columns(['course_id', 'position']).execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('course_lessons.id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('position_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('furthest_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['designer_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('lesson_progress_course_idx').on('lesson_progress').columns(['course_id', 'designer_id']).execute();

  await db.schema
    .alterTable('exams')
    .addColumn('required_course_id', 'integer', (c) => c.references('courses.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exams').dropColumn('required_course_id').execute();
  for (const t of ['lesson_progress', 'course_lessons', 'courses']) await db.schema.dropTable(t).execute();
}
