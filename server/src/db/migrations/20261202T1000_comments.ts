import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The conversation on a ticket or an appeal (issue #24):
 *
 * - `comments`: one comment of a thread. `subject_type` is `ticket | appeal`, `subject_id` that
 *   row's id; `team_id` is the subject's team when the comment was written. `attachments` and
 *   `mentions` are JSON (object keys with their names; mentioned designers' ids). A deleted
 *   comment is removed.
 * - `comment_reads`: how far a designer has read a thread: the newest comment id they have seen.
 *   The unread count of a thread is the others' comments with a larger id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('comments'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  // A thread in order, and the unread count of a page of tickets (subject ids, then ids above a mark).
  await db.schema.createIndex('comments_subject_idx').on('comments').columns(['subject_type', 'subject_id', 'id']).execute();

  await db.schema
    .createTable('comment_reads')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reads_pk', ['designer_id', 'subject_type', 'subject_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comment_reads').execute();
  await db.schema.dropTable('comments').execute();
}
