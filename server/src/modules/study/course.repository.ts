/**
 * Every statement of the courses: `courses`, `course_lessons` and `lesson_progress`. Each function
 * takes `db` or a transaction first.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

const COURSE_COLUMNS = ['id', 'team_id', 'title', 'description', 'required', 'is_public', 'status', 'created_by', 'created_at', 'updated_at'] as const;

export interface CourseRow {
  id: number;
  team_id: number;
  title: string;
  description: string;
  required: number;
  is_public: number;
  status: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface LessonRow {
  id: number;
  course_id: number;
  position: number;
  kind: string;
  title: string;
  body: string;
  object_key: string | null;
  duration_seconds: number;
}

export interface ProgressRow {
  lesson_id: number;
  course_id: number;
  position_seconds: number;
  furthest_seconds: number;
  done_at: string | null;
  updated_at: string;
  watch_clock: string | null;
}

export interface CourseValues {
  title: string;
  description: string;
  required: number;
  is_public: number;
}

export interface LessonValues {
  kind: string;
  title: string;
  body: string;
  object_key: string | null;
  duration_seconds: number;
}

export function findCourse(db: Conn, id: number): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(COURSE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A team's courses: required first, then newest; only the published ones unless `all`. */
export function teamCourses(db: Conn, teamId: number, all: boolean): Promise<CourseRow[]> {
  let q = db.selectFrom('courses').select(COURSE_COLUMNS).where('team_id', '=', teamId);
  if (!all) q = q.where('status', '=', 'published');
  return q.orderBy('required', 'desc').orderBy('id', 'desc').execute();
}

export async function insertCourse(trx: Conn, c: CourseValues & { team_id: number; created_by: number; now: string }): Promise<number> {
  const { now, ...values } = c;
  const row = await trx
    .insertInto('courses')
    .values({ ...values, status: 'draft', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCourse(trx: Conn, id: number, c: CourseValues, now: string): Promise<void> {
  await trx
    .updateTable('courses')
    .set({ ...c, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setCourseStatus(trx: Conn, id: number, status: 'draft' | 'published', now: string): Promise<void> {
  await trx.updateTable('courses').set({ status, updated_at: now }).where('id', '=', id).execute();
}

const LESSON_COLUMNS = ['id', 'course_id', 'position', 'kind', 'title', 'body', 'object_key', 'duration_seconds'] as const;

export function courseLessons(db: Conn, courseIds: readonly number[]): Promise<LessonRow[]> {
  if (!courseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('course_lessons')
    .select(LESSON_COLUMNS)
    .where('course_id', 'in', [...courseIds])
    .orderBy('course_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findLesson(db: Conn, id: number): Promise<LessonRow | undefined> {
  return db.selectFrom('course_lessons').select(LESSON_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Appends a lesson at the end of the course. */
export async function insertLesson(trx: Conn, courseId: number, l: LessonValues): Promise<number> {
  const last = await trx
    .selectFrom('course_lessons')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  const row = await trx
    .insertInto('course_lessons')
    .values({ course_id: courseId, ...l, position: Number(last?.p ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLesson(trx: Conn, id: number, l: LessonValues): Promise<void> {
  await trx.updateTable('course_lessons').set(l).where('id', '=', id).execute();
}

/** Removes a lesson and everyone's progress in it. */
export async function deleteLesson(trx: Conn, id: number): Promise<void> {
  await trx.deleteFrom('lesson_progress').where('lesson_id', '=', id).execute();
  await trx.deleteFrom('course_lessons').where('id', '=', id).execute();
}

/** Sets the lessons' order: `ids` are all the course's lessons, first to last. */
export async function reorderLessons(trx: Conn, courseId: number, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) await trx.updateTable('course_lessons').set({ position: i + 1 }).where('id', '=', id).where('course_id', '=', courseId).execute();
}

const PROGRESS_COLUMNS = ['lesson_id', 'course_id', 'position_seconds', 'furthest_seconds', 'done_at', 'updated_at', 'watch_clock'] as const;

/** A designer's progress in the lessons of these courses. */
export function designerProgress(db: Conn, designerId: number, courseIds: readonly number[]): Promise<ProgressRow[]> {
  if (!courseIds.length) return Promise.resolve([]);
  return db.selectFrom('lesson_progress').select(PROGRESS_COLUMNS).where('designer_id', '=', designerId).where('course_id', 'in', [...courseIds]).execute();
}

/**
 * Records a designer's progress in a lesson: the last position, the furthest one (it only moves
 * up), a video's watch clock, and `done_at` once set stays (the first time it was done).
 */
export async function upsertProgress(
  trx: Conn,
  p: { designerId: number; lessonId: number; courseId: number; position: number; furthest: number; watchClock: string | null; done: boolean; now: string },
): Promise<void> {
  await trx
    .insertInto('lesson_progress')
    .values({
      designer_id: p.designerId,
      lesson_id: p.lessonId,
      course_id: p.courseId,
      position_seconds: p.position,
      furthest_seconds: p.furthest,
      done_at: p.done ? p.now : null,
      updated_at: p.now,
      watch_clock: p.watchClock,
    })
    .onConflict((oc) =>
      oc.columns(['designer_id', 'lesson_id']).doUpdateSet({
        position_seconds: (eb) => eb.ref('excluded.position_seconds'),
        furthest_seconds: sql<number>`case when ${sql.ref('excluded.furthest_seconds')} > ${sql.ref('lesson_progress.furthest_seconds')} then ${sql.ref('excluded.furthest_seconds')} else ${sql.ref('lesson_progress.furthest_seconds')} end`,
        done_at: sql<string | null>`coalesce(${sql.ref('lesson_progress.done_at')}, ${sql.ref('excluded.done_at')})`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        watch_clock: (eb) => eb.ref('excluded.watch_clock'),
      }),
    )
    .execute();
}

export function findProgress(db: Conn, designerId: number, lessonId: number): Promise<ProgressRow | undefined> {
  return db.selectFrom('lesson_progress').select(PROGRESS_COLUMNS).where('designer_id', '=', designerId).where('lesson_id', '=', lessonId).executeTakeFirst();
}
