/**
 * Courses (issue #16): authoring by the team's leads, lessons of text, video and document (files
 * only under the lead's own upload prefix), progress per lesson (a video's resume position, done at
 * 90%; a text read to the end), the course's progress %, public courses without a login, and the
 * course an exam requires before its start.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createTeam, type Person, useTicketApp } from './support/tickets.js';

interface LessonWire {
  lesson_id: number;
  kind: string;
  url: string | null;
  progress: null | { position_seconds: number; furthest_seconds: number; done: boolean };
}
interface CourseWire {
  course_id: number;
  status?: string;
  progress_percent: number | null;
  lessons: LessonWire[];
}

const key = (code: string, name: string) => `default/${code}/20261126/${randomBytes(6).toString('hex')}/${name}`;

describe.each(dialects)('courses (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let lead: Person;
  let designer: Person;
  let outsider: Person;

  beforeAll(async () => {
    const teamId = await createTeam(t);
    const otherTeam = await createTeam(t);
    [lead, designer, outsider] = await Promise.all([
      createPerson(t, { type: 0, teamId, online: 0 }),
      createPerson(t, { type: 1, teamId }),
      createPerson(t, { type: 1, teamId: otherTeam }),
    ]);
  });

  /** A published course: a text lesson, a 100-second video and a PDF. */
  async function course(settings: Record<string, unknown> = {}): Promise<CourseWire> {
    const c = expectEnvelope<CourseWire>(await lead.client.post('/api/study/manage/courses', { title: '印前检查入门', required: true, ...settings }), 200).data;
    expectEnvelope(await lead.client.post(`/api/study/manage/courses/${c.course_id}/lessons`, { kind: 'text', title: '出血与安全区', body: '# 出血\n\n每边留 **3mm**。' }), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/courses/${c.course_id}/lessons`, { kind: 'video', title: '演示', object_key: key(lead.code, 'demo.mp4'), duration_seconds: 100 }), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/courses/${c.course_id}/lessons`, { kind: 'document', title: '规范', object_key: key(lead.code, 'spec.pdf') }), 200);
    return expectEnvelope<CourseWire>(await lead.client.post(`/api/study/manage/courses/${c.course_id}/publish`, {}), 200).data;
  }
  const progress = (who: Person, lessonId: number, body: Record<string, unknown>) => who.client.put(`/api/study/lessons/${lessonId}/progress`, body);

  it('leads author; members get 403, other teams 404; lesson files must be the lead’s own uploads of the right type', async () => {
    expect(expectEnvelope(await designer.client.post('/api/study/manage/courses', { title: '课程' }), 403).message).toBe('只有团队负责人可以管理课程');
    expectFieldErrors(await lead.client.post('/api/study/manage/courses', { title: '' }), [['title', '请填写课程名称']]);
    const draft = expectEnvelope<CourseWire>(await lead.client.post('/api/study/manage/courses', { title: '草稿课程' }), 200).data;
    expect(expectEnvelope(await lead.client.post(`/api/study/manage/courses/${draft.course_id}/publish`, {}), 409).message).toBe('请先添加课时再发布');
    const add = (body: Record<string, unknown>) => lead.client.post(`/api/study/manage/courses/${draft.course_id}/lessons`, body);
    expectFieldErrors(await add({ kind: 'video', title: 'v', object_key: key(designer.code, 'a.mp4'), duration_seconds: 10 }), [['object_key', '只能使用自己上传的文件']]);
    expectFieldErrors(await add({ kind: 'video', title: 'v', object_key: key(lead.code, 'a.exe'), duration_seconds: 10 }), [['object_key', '视频必须是MP4或WebM文件']]);
    expectFieldErrors(await add({ kind: 'document', title: 'd', object_key: key(lead.code, 'a.docx') }), [['object_key', '文档必须是PDF文件']]);
    expectFieldErrors(await add({ kind: 'document', title: 'd', object_key: 'default/../../etc/passwd.pdf' }), [['object_key', '文件路径不正确']]);
    expectFieldErrors(await add({ kind: 'video', title: 'v', object_key: key(lead.code, 'a.mp4'), duration_seconds: 0 }), [['duration_seconds', '视频时长必须是1-36000秒']]);
    expect(expectEnvelope(await designer.client.get(`/api/study/courses/${draft.course_id}`), 404).message).toBe('课程不存在');
    expect(expectEnvelope(await outsider.client.get(`/api/study/manage/courses/${draft.course_id}`), 404).message).toBe('课程不存在');
    expect(expectEnvelope(await designer.client.get(`/api/study/manage/courses/${draft.course_id}`), 403).message).toBe('只有团队负责人可以管理课程');
    const c = await course();
    expect(c.status).toBe('published');
    expect(c.lessons.map((l) => l.kind)).toEqual(['text', 'video', 'document']);
    expect(expectEnvelope(await outsider.client.get(`/api/study/courses/${c.course_id}`), 404).message).toBe('课程不存在');
    // Reordering needs every lesson once.
    const ids = c.lessons.map((l) => l.lesson_id);
    expectFieldErrors(await lead.client.put(`/api/study/manage/courses/${c.course_id}/lesson-order`, { lesson_ids: ids.slice(1) }), [['lesson_ids']]);
    const reordered = expectEnvelope<CourseWire>(await lead.client.put(`/api/study/manage/courses/${c.course_id}/lesson-order`, { lesson_ids: [...ids].reverse() }), 200).data;
    expect(reordered.lessons.map((l) => l.lesson_id)).toEqual([...ids].reverse());
  });

  it('keeps progress per lesson: a video resumes where it was and is done at 90%; a text when read to the end; the course’s %', async () => {
    const c = await course();
    const [text, video, pdf] = c.lessons;
    const list = async () =>
      expectEnvelope<{ course_id: number; progress_percent: number; done: boolean }[]>(await designer.client.get('/api/study/courses'), 200).data.find((x) => x.course_id === c.course_id)!;
    expect(await list()).toMatchObject({ progress_percent: 0, done: false });
    expectFieldErrors(await progress(designer, video!.lesson_id, {}), [['position_seconds', '请提供播放位置']]);
    expectFieldErrors(await progress(designer, text!.lesson_id, {}), [['completed', '请提供完成标记']]);
    // The player starts, plays 40 s of wall clock (1.5× allowed, plus the 5 s tolerance once), reports 50.
    expectEnvelope(await progress(designer, video!.lesson_id, { position_seconds: 0 }), 200);
    advanceClock(40_000);
    let r = expectEnvelope<{ lesson: LessonWire; course_progress_percent: number }>(await progress(designer, video!.lesson_id, { position_seconds: 50 }), 200).data;
    expect(r.lesson.progress).toMatchObject({ position_seconds: 50, furthest_seconds: 50, done: false });
    // Reload: the detail resumes at 50.
    let detail = expectEnvelope<CourseWire>(await designer.client.get(`/api/study/courses/${c.course_id}`), 200).data;
    expect(detail.lessons.find((l) => l.lesson_id === video!.lesson_id)!.progress).toMatchObject({ position_seconds: 50, done: false });
    advanceClock(30_000);
    r = expectEnvelope(await progress(designer, video!.lesson_id, { position_seconds: 90 }), 200).data;
    expect(r.lesson.progress).toMatchObject({ furthest_seconds: 90, done: true });
    expect(r.course_progress_percent).toBe(33);
    // Seeking back keeps it done and remembers the position.
    r = expectEnvelope(await progress(designer, video!.lesson_id, { position_seconds: 10 }), 200).data;
    expect(r.lesson.progress).toMatchObject({ position_seconds: 10, furthest_seconds: 90, done: true });
    expectEnvelope(await progress(designer, text!.lesson_id, { completed: true }), 200);
    r = expectEnvelope(await progress(designer, pdf!.lesson_id, { completed: true }), 200).data;
    expect(r.course_progress_percent).toBe(100);
    expect(await list()).toMatchObject({ progress_percent: 100, done: true });
    detail = expectEnvelope<CourseWire>(await designer.client.get(`/api/study/courses/${c.course_id}`), 200).data;
    expect(detail.progress_percent).toBe(100);
    expect(detail.lessons.find((l) => l.kind === 'video')!.url).toContain('demo.mp4');
    expect(expectEnvelope(await progress(outsider, text!.lesson_id, { completed: true }), 404).message).toBe('课时不存在');
    const rows = await t.db.selectFrom('lesson_progress').selectAll().where('designer_id', '=', designer.id).where('course_id', '=', c.course_id).execute();
    expect(rows).toHaveLength(3);
  });

  it('a video’s furthest point advances at most at 1.5× the wall clock (+5 s once): no jump to 90%, no tolerances added up by quick calls; the resume point is free', async () => {
    const c = await course();
    const video = c.lessons.find((l) => l.kind === 'video')!;
    const report = async (position: number) => expectEnvelope<{ lesson: LessonWire }>(await progress(designer, video.lesson_id, { position_seconds: position }), 200).data.lesson.progress!;
    // The test's own run time is wall clock too: the bounds allow for it (1.5 s per second that really passed).
    const began = Date.now();
    const ran = () => Math.ceil(((Date.now() - began) / 1000) * 1.5);
    // One call claiming 95% at once: the resume point is kept, the furthest point only gets the tolerance.
    let p = await report(95);
    expect(p).toMatchObject({ position_seconds: 95, done: false });
    expect(p.furthest_seconds).toBeGreaterThanOrEqual(5);
    expect(p.furthest_seconds).toBeLessThanOrEqual(5 + ran());
    // Twenty quick calls add no tolerances up.
    for (let i = 0; i < 20; i++) await report(95);
    p = await report(95);
    expect(p.furthest_seconds).toBeLessThanOrEqual(5 + ran());
    // 10 s of wall clock: 15 s more.
    advanceClock(10_000);
    p = await report(95);
    expect(p.furthest_seconds).toBeGreaterThanOrEqual(20);
    expect(p.furthest_seconds).toBeLessThanOrEqual(20 + ran());
    // Paused for 10 minutes, the player reporting its position: the pause earns nothing beyond the tolerance.
    const paused = p.furthest_seconds;
    for (let i = 0; i < 10; i++) {
      advanceClock(60_000);
      await report(paused);
    }
    p = await report(95);
    expect(p).toMatchObject({ position_seconds: 95, done: false });
    expect(p.furthest_seconds).toBeLessThanOrEqual(paused + 5 + ran());
    // Watching on at the normal speed (a report every 10 s) reaches 90% and is done.
    while (p.furthest_seconds < 90) {
      const at = Math.min(p.furthest_seconds + 10, 100);
      advanceClock(10_000);
      p = await report(at);
      expect(p.furthest_seconds).toBe(at);
    }
    expect(p.done).toBe(true);
    // Seeking anywhere within the duration stays possible (the resume point), beyond it is cut.
    expect(await report(3)).toMatchObject({ position_seconds: 3, furthest_seconds: p.furthest_seconds, done: true });
    advanceClock(60_000);
    expect(await report(36_000)).toMatchObject({ position_seconds: 100 });
    expectFieldErrors(await progress(designer, video.lesson_id, { position_seconds: -1 }), [['position_seconds', '播放位置必须是0-36000秒']]);
  });

  it('a public course reads without a login and without progress; any other course is 404 there', async () => {
    const pub = await course({ is_public: true });
    const priv = await course();
    const seen = expectEnvelope<CourseWire>(await t.anon.get(`/api/study/public/courses/${pub.course_id}`), 200).data;
    expect(seen.progress_percent).toBeNull();
    expect(seen.lessons.every((l) => l.progress === null)).toBe(true);
    expect(expectEnvelope(await t.anon.get(`/api/study/public/courses/${priv.course_id}`), 404).message).toBe('课程不存在');
    expect((await t.anon.get(`/api/study/courses/${pub.course_id}`)).statusCode).toBe(401);
  });

  it('an exam that requires a course cannot start until every lesson of it is done', async () => {
    const c = await course();
    expectFieldErrors(await lead.client.post('/api/study/manage/exams', { title: '考', pass_mark: 60, time_limit_minutes: 10, required_course_id: 2147483647 }), [['required_course_id', '课程不存在']]);
    const e = expectEnvelope<{ exam_id: number }>(await lead.client.post('/api/study/manage/exams', { title: '结业考试', pass_mark: 60, time_limit_minutes: 10, required_course_id: c.course_id }), 200).data;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${e.exam_id}/questions`, { questions: [{ kind: 'true_false', stem: '对吗', answer: true, points: 1 }] }), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${e.exam_id}/publish`, {}), 200);
    const card = expectEnvelope<{ can_start: boolean; cannot_start_reason: string; required_course_title: string }>(await designer.client.get(`/api/study/exams/${e.exam_id}`), 200).data;
    expect(card).toMatchObject({ can_start: false, cannot_start_reason: '请先完成课程《印前检查入门》再参加考试', required_course_title: '印前检查入门' });
    expect(expectEnvelope(await designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {}), 409).message).toBe('请先完成课程《印前检查入门》再参加考试');
    const video = c.lessons.find((l) => l.kind === 'video')!;
    expectEnvelope(await progress(designer, video.lesson_id, { position_seconds: 0 }), 200);
    advanceClock(100_000);
    for (const l of c.lessons) expectEnvelope(await progress(designer, l.lesson_id, l.kind === 'video' ? { position_seconds: 100 } : { completed: true }), 200);
    expectEnvelope(await designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {}), 200);
  });
});
