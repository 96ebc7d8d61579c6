/**
 * Courses (issue #16): a lead authors a team's courses (settings, ordered lessons of text, video or
 * document, publish); the team's members read them and their progress is kept per lesson (a video's
 * last position and the furthest point reached, done at 90% of its duration; a text or a document
 * done when reported read to the end); a public course is readable without a login, without
 * progress. Rules only: the statements are course.repository.ts.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { designerCode } from '../../domain/designers.js';
import type { UnitOfWork } from '../messages/index.js';
import { designerAssignments } from './assignment.repository.js';
import {
  type CourseRow,
  type CourseValues,
  courseLessons,
  deleteLesson,
  designerProgress,
  findCourse,
  findLesson,
  findProgress,
  insertCourse,
  insertLesson,
  type LessonRow,
  type LessonValues,
  type ProgressRow,
  reorderLessons,
  setCourseStatus,
  teamCourses,
  updateCourse,
  updateLesson,
  upsertProgress,
} from './course.repository.js';
import { type CourseDetail, type CourseInput, type LessonInput, type LessonKind, MAX_LESSONS, type ProgressInput, VIDEO_DONE_SHARE } from './course.schemas.js';

export const COURSE_NOT_FOUND = '课程不存在';
export const COURSE_LEAD_ONLY = '只有团队负责人可以管理课程';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const hasControlChar = (value: string) => /[\u0000-\u001f\u007f]/.test(value);
const LESSON_KEY = /^default\/(D\d{6,})\/\d{8}\/[a-z0-9]{8,32}\/[^/\\]{1,200}$/;
const EXTENSIONS: Record<Exclude<LessonKind, 'text'>, { pattern: RegExp; message: string }> = {
  video: { pattern: /\.(mp4|webm)$/i, message: '视频必须是MP4或WebM文件' },
  document: { pattern: /\.pdf$/i, message: '文档必须是PDF文件' },
};

export interface CourseServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  /** The URL a browser reads an object at. */
  readUrl: (key: string) => string;
}

export type CourseService = ReturnType<typeof createCourseService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Courses, their lessons and the designers' progress (issue #16). */
    courses: CourseService;
  }
}

const isLeadOf = (me: Designer, teamId: number) => me.designer_type === 0 && me.team_id === teamId;

/** Lessons done out of all, 0–100 (a course without lessons is at 0). */
/** How much faster than the wall clock a video's furthest point may advance, and the slack in seconds. */
export const WATCH_RATE = 1.5;
export const WATCH_TOLERANCE_SECONDS = 5;

/**
 * The furthest point a video report may reach, and the lesson's new watch clock (course.service's
 * `report` says why). A lesson without a clock yet (first report, or a row older than the clock)
 * starts from its last report, or from now, with the tolerance.
 */
export function watchClock(before: Pick<ProgressRow, 'furthest_seconds' | 'watch_clock' | 'updated_at'> | undefined, position: number, nowMs: number): { furthest: number; clock: string } {
  const slackMs = (WATCH_TOLERANCE_SECONDS / WATCH_RATE) * 1000;
  const floor = nowMs - slackMs;
  const start = !before ? floor : before.watch_clock ? Date.parse(before.watch_clock) : Date.parse(before.updated_at) - slackMs;
  const w = Math.min(start, nowMs);
  // (+0.001: 3333.33 ms × 1.5 is 5 s, not 4.99…)
  const credit = Math.floor(((nowMs - w) * WATCH_RATE) / 1000 + 0.001);
  const from = before?.furthest_seconds ?? 0;
  const advance = Math.max(0, Math.min(position - from, credit));
  return { furthest: from + advance, clock: new Date(Math.max(w + (advance / WATCH_RATE) * 1000, floor)).toISOString() };
}

export function progressPercent(lessons: readonly Pick<LessonRow, 'id'>[], progress: readonly Pick<ProgressRow, 'lesson_id' | 'done_at'>[]): number {
  if (!lessons.length) return 0;
  const done = new Set(progress.filter((p) => p.done_at !== null).map((p) => p.lesson_id));
  return Math.floor((lessons.filter((l) => done.has(l.id)).length * 100) / lessons.length);
}

/** Assigned rows first, by due date; the others keep their order. */
export function assignedFirst<T extends { assignment: { due_at: string } | null }>(rows: T[]): T[] {
  const assigned = rows.filter((r) => r.assignment !== null).sort((a, b) => a.assignment!.due_at.localeCompare(b.assignment!.due_at));
  return [...assigned, ...rows.filter((r) => r.assignment === null)];
}

function courseValues(input: CourseInput): CourseValues {
  return { title: input.title, description: input.description, required: input.required ? 1 : 0, is_public: input.is_public ? 1 : 0 };
}

export function createCourseService({ db, unitOfWork, readUrl }: CourseServiceDeps) {
  /** The lesson as stored: a file only under the lead's own upload prefix, of the kind's type. */
  function lessonValues(me: Designer, input: LessonInput): LessonValues {
    if (input.kind === 'text') return { kind: 'text', title: input.title, body: input.body, object_key: null, duration_seconds: 0 };
    const key = input.object_key;
    const m = LESSON_KEY.exec(key);
    if (!m || key.includes('..') || hasControlChar(key)) throw invalid('object_key', '文件路径不正确');
    if (m[1] !== designerCode(me.id)) throw invalid('object_key', '只能使用自己上传的文件');
    const ext = EXTENSIONS[input.kind];
    if (!ext.pattern.test(key)) throw invalid('object_key', ext.message);
    return { kind: input.kind, title: input.title, body: '', object_key: key, duration_seconds: input.kind === 'video' ? input.duration_seconds : 0 };
  }

  function lessonView(l: LessonRow, p: ProgressRow | undefined | null) {
    return {
      lesson_id: l.id,
      position: l.position,
      kind: l.kind as LessonKind,
      title: l.title,
      body: l.body,
      object_key: l.object_key,
      url: l.object_key ? readUrl(l.object_key) : null,
      duration_seconds: l.duration_seconds,
      progress:
        p === null
          ? null
          : { position_seconds: p?.position_seconds ?? 0, furthest_seconds: p?.furthest_seconds ?? 0, done: (p?.done_at ?? null) !== null, done_at: p?.done_at ?? null },
    };
  }

  function base(c: CourseRow, lessons: readonly LessonRow[]) {
    return { course_id: c.id, title: c.title, description: c.description, required: c.required === 1, is_public: c.is_public === 1, lesson_count: lessons.length };
  }

  // ---- authoring (the team's leads) ----

  async function managed(me: Designer, id: number): Promise<CourseRow> {
    const c = await findCourse(db, id);
    if (!c || me.team_id !== c.team_id) throw notFound(COURSE_NOT_FOUND);
    if (!isLeadOf(me, c.team_id)) throw forbidden(COURSE_LEAD_ONLY);
    return c;
  }

  async function manageView(id: number) {
    const c = (await findCourse(db, id))!;
    const lessons = await courseLessons(db, [c.id]);
    return { ...base(c, lessons), status: c.status as 'draft' | 'published', lessons: lessons.map((l) => lessonView(l, null)) };
  }

  async function manageList(me: Designer) {
    if (me.designer_type !== 0 || me.team_id === null) throw forbidden(COURSE_LEAD_ONLY);
    const courses = await teamCourses(db, me.team_id, true);
    const lessons = await courseLessons(
      db,
      courses.map((c) => c.id),
    );
    return courses.map((c) => ({ ...base(c, lessons.filter((l) => l.course_id === c.id)), status: c.status as 'draft' | 'published' }));
  }

  async function create(me: Designer, input: CourseInput) {
    if (me.designer_type !== 0 || me.team_id === null) throw forbidden(COURSE_LEAD_ONLY);
    const teamId = me.team_id;
    const id = await unitOfWork((trx) => insertCourse(trx, { ...courseValues(input), team_id: teamId, created_by: me.id, now: nowIso() }));
    return manageView(id);
  }

  async function update(me: Designer, id: number, input: CourseInput) {
    await managed(me, id);
    await unitOfWork((trx) => updateCourse(trx, id, courseValues(input), nowIso()));
    return manageView(id);
  }

  async function manage(me: Designer, id: number) {
    await managed(me, id);
    return manageView(id);
  }

  async function setPublished(me: Designer, id: number, published: boolean) {
    await managed(me, id);
    if (published && !(await courseLessons(db, [id])).length) throw conflict('请先添加课时再发布');
    await unitOfWork((trx) => setCourseStatus(trx, id, published ? 'published' : 'draft', nowIso()));
    return manageView(id);
  }

  async function addLesson(me: Designer, courseId: number, input: LessonInput) {
    await managed(me, courseId);
    const values = lessonValues(me, input);
    if ((await courseLessons(db, [courseId])).length >= MAX_LESSONS) throw conflict(`每门课程最多${MAX_LESSONS}个课时`);
    await unitOfWork((trx) => insertLesson(trx, courseId, values));
    return manageView(courseId);
  }

  async function lessonOf(me: Designer, lessonId: number): Promise<LessonRow> {
    const l = await findLesson(db, lessonId);
    const c = l ? await findCourse(db, l.course_id) : undefined;
    if (!l || !c || me.team_id !== c.team_id) throw notFound('课时不存在');
    if (!isLeadOf(me, c.team_id)) throw forbidden(COURSE_LEAD_ONLY);
    return l;
  }

  async function editLesson(me: Designer, lessonId: number, input: LessonInput) {
    const l = await lessonOf(me, lessonId);
    const values = lessonValues(me, input);
    await unitOfWork((trx) => updateLesson(trx, l.id, values));
    return manageView(l.course_id);
  }

  async function removeLesson(me: Designer, lessonId: number) {
    const l = await lessonOf(me, lessonId);
    await unitOfWork((trx) => deleteLesson(trx, l.id));
    return manageView(l.course_id);
  }

  async function reorder(me: Designer, courseId: number, ids: readonly number[]) {
    await managed(me, courseId);
    const current = (await courseLessons(db, [courseId])).map((l) => l.id);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
      throw invalid('lesson_ids', '课时顺序必须包含该课程的全部课时且不重复');
    }
    await unitOfWork((trx) => reorderLessons(trx, courseId, ids));
    return manageView(courseId);
  }

  // ---- learning (the team's members) ----

  /** A published course of `me`'s team (its leads also read drafts): 404 otherwise. */
  async function readable(me: Designer, id: number): Promise<CourseRow> {
    const c = await findCourse(db, id);
    if (!c || c.team_id !== me.team_id || (c.status !== 'published' && !isLeadOf(me, c.team_id))) throw notFound(COURSE_NOT_FOUND);
    return c;
  }

  /** The published courses of `me`'s team with `me`'s progress: required first. */
  async function list(me: Designer) {
    if (me.team_id === null) return [];
    const courses = await teamCourses(db, me.team_id, false);
    const ids = courses.map((c) => c.id);
    const [lessons, progress, assigned] = await Promise.all([courseLessons(db, ids), designerProgress(db, me.id, ids), designerAssignments(db, me.id, 'course')]);
    const due = new Map(assigned.map((a) => [a.item_id, a.due_at]));
    const now = nowIso();
    const rows = courses.map((c) => {
      const mine = lessons.filter((l) => l.course_id === c.id);
      const percent = progressPercent(mine, progress);
      const done = mine.length > 0 && percent === 100;
      const dueAt = due.get(c.id);
      return { ...base(c, mine), progress_percent: percent, done, assignment: dueAt ? { due_at: dueAt, overdue: dueAt < now && !done } : null };
    });
    return assignedFirst(rows);
  }

  async function detail(me: Designer, id: number): Promise<CourseDetail> {
    const c = await readable(me, id);
    const [lessons, progress] = await Promise.all([courseLessons(db, [c.id]), designerProgress(db, me.id, [c.id])]);
    const byLesson = new Map(progress.map((p) => [p.lesson_id, p]));
    return { ...base(c, lessons), progress_percent: progressPercent(lessons, progress), lessons: lessons.map((l) => lessonView(l, byLesson.get(l.id))) };
  }

  /** A public, published course for anyone, without progress: 404 for any other. */
  async function publicDetail(id: number): Promise<CourseDetail> {
    const c = await findCourse(db, id);
    if (!c || c.is_public !== 1 || c.status !== 'published') throw notFound(COURSE_NOT_FOUND);
    const lessons = await courseLessons(db, [c.id]);
    return { ...base(c, lessons), progress_percent: null, lessons: lessons.map((l) => lessonView(l, null)) };
  }

  /**
   * Records progress in a lesson: a video's position (done once the furthest point reached is 90%
   * of its duration); a text or a document `completed` (read to the end). Done stays done.
   *
   * The browser's position is trusted as a resume point (anything within the duration), not as
   * proof of watching: the furthest point advances at most at 1.5× the wall clock (`watchClock`).
   * The lesson's watch clock W is the instant the furthest point is paid up to; a report may move
   * the furthest point by up to (now − W) × 1.5 s, W then moves by the advance / 1.5, and unused
   * time is kept only up to the tolerance (5 s): W ≥ now − 5 s / 1.5. So one call cannot claim 90%
   * at once, many quick calls cannot add up tolerances, and time spent paused earns nothing.
   */
  async function report(me: Designer, lessonId: number, input: ProgressInput) {
    const l = await findLesson(db, lessonId);
    if (!l) throw notFound('课时不存在');
    await readable(me, l.course_id).catch(() => {
      throw notFound('课时不存在');
    });
    let position = 0;
    let done = false;
    if (l.kind === 'video') {
      if (input.position_seconds === undefined) throw invalid('position_seconds', '请提供播放位置');
      position = Math.min(input.position_seconds, l.duration_seconds);
    } else if (input.completed === undefined) {
      throw invalid('completed', '请提供完成标记');
    } else {
      done = input.completed;
    }
    const now = nowIso();
    await unitOfWork(async (trx) => {
      const before = await findProgress(trx, me.id, l.id);
      let furthest = before?.furthest_seconds ?? 0;
      let clock: string | null = null;
      if (l.kind === 'video') {
        const watched = watchClock(before, position, Date.parse(now));
        furthest = watched.furthest;
        clock = watched.clock;
        done = furthest >= VIDEO_DONE_SHARE * l.duration_seconds;
      }
      await upsertProgress(trx, { designerId: me.id, lessonId: l.id, courseId: l.course_id, position, furthest, watchClock: clock, done, now });
    });
    const p = (await findProgress(db, me.id, l.id))!;
    const progress = await designerProgress(db, me.id, [l.course_id]);
    return {
      lesson: lessonView(l, p),
      course_progress_percent: progressPercent(await courseLessons(db, [l.course_id]), progress),
    };
  }

  return { manageList, create, update, manage, setPublished, addLesson, editLesson, removeLesson, reorder, list, detail, publicDetail, report };
}
