import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Public exams taken by candidates without an account (issue #16):
 *
 * - `exam_attempts.designer_id` may be null: a candidate's attempt belongs to the phone verified by
 *   SMS (`candidate_phone`) until an account holds that phone (registration sets `designer_id` in
 *   its unit of work). A member's attempt keeps `candidate_phone` null.
 * - `exam_candidate_tokens`: the credential a verified candidate gets for one public exam. Only
 *   `sha256(token)` is kept; `expires_at` is pushed to the attempt's deadline + a margin when an
 *   attempt starts.
 *
 * - `lesson_progress.watch_clock`: the wall-clock instant a video's furthest point is paid up to
 *   (course.service.ts bounds how far one report may move it); null for other lessons.
 *
 * SQLite cannot drop a NOT NULL, so there the table is rebuilt (SQLite's documented way: a new
 * table, the rows copied, the old one dropped, the new one renamed, with foreign keys off while
 * `exam_answers` and `exam_qualifications` point at a name that is briefly gone). Kysely runs
 * SQLite migrations outside a transaction, which the foreign_keys pragma needs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table exam_attempts alter column designer_id drop not null`.execute(db);
    await db.schema.alterTable('exam_attempts').addColumn('candidate_phone', 'text').execute();
  } else {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await withId(db, db.schema.createTable('exam_attempts_new'))
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
        .addColumn('designer_id', 'integer', (c) => c.references('designers.id'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('deadline', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text')
        .addColumn('submitted_by', 'text')
        .addColumn('score', 'integer')
        .addColumn('total_points', 'integer', (c) => c.notNull())
        .addColumn('passed', 'integer')
        .addColumn('question_order', 'text', (c) => c.notNull())
        .addColumn('option_order', 'text', (c) => c.notNull())
        .addColumn('candidate_phone', 'text')
        .execute();
      const columns = sql.raw('id, exam_id, designer_id, started_at, deadline, submitted_at, submitted_by, score, total_points, passed, question_order, option_order');
      await sql`insert into exam_attempts_new (${columns}) select ${columns} from exam_attempts`.execute(db);
      await sql`drop table exam_attempts`.execute(db);
      await sql`alter table exam_attempts_new rename to exam_attempts`.execute(db);
      await db.schema.createIndex('exam_attempts_exam_designer_idx').on('exam_attempts').columns(['exam_id', 'designer_id']).execute();
      await db.schema.createIndex('exam_attempts_open_idx').on('exam_attempts').columns(['submitted_at', 'deadline']).execute();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`exam_attempts rebuild left ${broken.rows.length} broken foreign keys`);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  await db.schema.createIndex('exam_attempts_candidate_idx').on('exam_attempts').columns(['candidate_phone', 'exam_id']).execute();

  await db.schema
    .createTable('exam_candidate_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('lesson_progress').addColumn('watch_clock', 'text').execute();
  await db.schema.createIndex('exam_candidate_tokens_expiry_idx').on('exam_candidate_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lesson_progress').dropColumn('watch_clock').execute();
  await db.schema.dropTable('exam_candidate_tokens').execute();
  await db.schema.dropIndex('exam_attempts_candidate_idx').execute();
  await db.schema.alterTable('exam_attempts').dropColumn('candidate_phone').execute();
}
