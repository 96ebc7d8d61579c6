import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Online exams (issue #16):
 *
 * - `exams`: one exam of a team. `pass_mark` is a percentage of the exam's total points;
 *   `time_limit_minutes` fixes each attempt's deadline at its start; `attempts_allowed` 0 is
 *   unlimited. Flags are 0/1. `product_id`: passing qualifies the designer for that product.
 *   `status` is `draft | published`.
 * - `exam_questions`: `kind` is `single | multiple | true_false | fill`; `options` JSON
 *   `[{key, text}]`; `answer` JSON (the key, the keys, true/false, the accepted texts) and
 *   `explanation` never leave the server before an attempt is submitted; `position` orders them.
 * - `exam_attempts`: one sitting. `deadline` is fixed at the start; `submitted_at` is set once, by
 *   a conditional update (`submitted_by` `designer | deadline`: the server submits an attempt
 *   whose deadline passed, with the deadline as its finish time). `question_order` and
 *   `option_order` (JSON) are this attempt's shuffle.
 * - `exam_answers`: the saved answer of a question in an attempt, one row per (attempt,
 *   question): a save is an upsert, the last one wins.
 * - `exam_qualifications`: the product a pass qualified a designer for, with the attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('exams'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pass_mark', 'integer', (c) => c.notNull())
    .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
    .addColumn('attempts_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exams_team_idx').on('exams').columns(['team_id', 'id']).execute();

  await withId(db, db.schema.createTable('exam_questions'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_questions_exam_idx').on('exam_questions').columns(['exam_id', 'position']).execute();

  await withId(db, db.schema.createTable('exam_attempts'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('submitted_by', 'text')
    .addColumn('score', 'integer')
    .addColumn('total_points', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer')
    .addColumn('question_order', 'text', (c) => c.notNull())
    .addColumn('option_order', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_attempts_exam_designer_idx').on('exam_attempts').columns(['exam_id', 'designer_id']).execute();
  // The sweep: open attempts by deadline.
  await db.schema.createIndex('exam_attempts_open_idx').on('exam_attempts').columns(['submitted_at', 'deadline']).execute();

  await db.schema
    .createTable('exam_answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('exam_questions.id'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('exam_qualifications')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id'))
    .addColumn('qualified_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_qualifications_pk', ['designer_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['exam_qualifications', 'exam_answers', 'exam_attempts', 'exam_questions', 'exams']) await db.schema.dropTable(t).execute();
}
