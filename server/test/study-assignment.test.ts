/**
 * Assignments and the lead's results (issue #16): a lead assigns a published course or exam to the
 * team's designers with a due date (message 40 / 41 through the unit of work; again with the same
 * date tells nobody), the designer's lists put assigned items first with the due date and overdue,
 * and the lead reads and downloads per designer progress, attempts, best score, passed, overdue; a
 * submitted attempt tells the leads (42).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, nowMs } from '../src/lib/time.js';
import { MESSAGE_TYPE } from '../src/modules/messages/index.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createTeam, type Person, useTicketApp } from './support/tickets.js';

interface Row {
  designer_id: string;
  assigned: boolean;
  due_at: string | null;
  overdue: boolean;
  progress_percent: number | null;
  done: boolean;
  attempts: number | null;
  best_score: number | null;
  passed: boolean | null;
}

const inDays = (n: number) => new Date(nowMs() + n * 86_400_000).toISOString();

describe.each(dialects)('study assignments (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let lead: Person;
  let designer: Person;
  let mate: Person;
  let outsider: Person;
  let examId: number;
  let courseId: number;
  let lessonId: number;

  beforeAll(async () => {
    const teamId = await createTeam(t);
    const otherTeam = await createTeam(t);
    [lead, designer, mate, outsider] = await Promise.all([
      createPerson(t, { type: 0, teamId, online: 0 }),
      createPerson(t, { type: 1, teamId }),
      createPerson(t, { type: 1, teamId }),
      createPerson(t, { type: 1, teamId: otherTeam }),
    ]);
    examId = expectEnvelope<{ exam_id: number }>(await lead.client.post('/api/study/manage/exams', { title: '指派考试', pass_mark: 50, time_limit_minutes: 20, attempts_allowed: 0 }), 200).data.exam_id;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${examId}/questions`, { questions: [{ kind: 'true_false', stem: '对吗', answer: true, points: 10 }] }), 200);
    const c = expectEnvelope<{ course_id: number }>(await lead.client.post('/api/study/manage/courses', { title: '指派课程', required: true }), 200).data;
    courseId = c.course_id;
    const withLesson = expectEnvelope<{ lessons: { lesson_id: number }[] }>(await lead.client.post(`/api/study/manage/courses/${courseId}/lessons`, { kind: 'text', title: '第一课', body: '内容' }), 200).data;
    lessonId = withLesson.lessons[0]!.lesson_id;
  });

  const assign = (who: Person, body: Record<string, unknown>) => who.client.post('/api/study/manage/assignments', body);
  const messagesOf = async (id: number) =>
    (await t.db.selectFrom('messages').select(['message_type', 'ext_json']).where('designer_id', '=', id).orderBy('id').execute()).map((m) => ({
      type: m.message_type,
      ...(JSON.parse(m.ext_json) as { title: string; info: Record<string, unknown> }),
    }));

  it('assigns only published items to the team’s active members, due in the future; members get 403', async () => {
    expect(expectEnvelope(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code], due_at: inDays(3) }), 409).message).toBe('请先发布再指派');
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${examId}/publish`, {}), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/courses/${courseId}/publish`, {}), 200);
    expectFieldErrors(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code, outsider.code], due_at: inDays(3) }), [['designer_ids.1', '只能指派给本团队的设计师']]);
    expectFieldErrors(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code], due_at: inDays(-1) }), [['due_at', '截止时间必须晚于现在']]);
    expectFieldErrors(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [], due_at: 'tomorrow' }), [['designer_ids', '请选择设计师'], ['due_at', '截止时间格式不正确']]);
    expect(expectEnvelope(await assign(designer, { item_type: 'exam', item_id: examId, designer_ids: [mate.code], due_at: inDays(3) }), 403).message).toBe('只有团队负责人可以指派学习任务');
    expect(await t.db.selectFrom('study_assignments').selectAll().where('item_id', '=', examId).execute()).toEqual([]);
  });

  it('tells the assigned with 41 (exam) / 40 (course); again with the same date tells nobody, a new date tells again', async () => {
    const due = inDays(2);
    const r = expectEnvelope<{ assigned: string[]; notified: string[] }>(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code, mate.code], due_at: due }), 200).data;
    expect(r.notified.sort()).toEqual([designer.code, mate.code].sort());
    let mine = (await messagesOf(designer.id)).filter((m) => m.type === MESSAGE_TYPE.EXAM_ASSIGNED);
    expect(mine).toEqual([expect.objectContaining({ info: { exam_id: examId, due_at: due }, title: expect.stringContaining('《指派考试》') })]);
    const again = expectEnvelope<{ notified: string[] }>(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code], due_at: due }), 200).data;
    expect(again.notified).toEqual([]);
    const later = inDays(4);
    expectEnvelope(await assign(lead, { item_type: 'exam', item_id: examId, designer_ids: [designer.code], due_at: later }), 200);
    mine = (await messagesOf(designer.id)).filter((m) => m.type === MESSAGE_TYPE.EXAM_ASSIGNED);
    expect(mine.map((m) => m.info.due_at)).toEqual([due, later]);
    expect(await t.db.selectFrom('study_assignments').select('designer_id').where('item_type', '=', 'exam').where('item_id', '=', examId).execute()).toHaveLength(2);
    expectEnvelope(await assign(lead, { item_type: 'course', item_id: courseId, designer_ids: [designer.code], due_at: inDays(1) }), 200);
    expect((await messagesOf(designer.id)).filter((m) => m.type === MESSAGE_TYPE.COURSE_ASSIGNED).map((m) => m.info.course_id)).toEqual([courseId]);
  });

  it('lists put assigned items first with the due date, overdue once past it unfinished', async () => {
    // Another published exam, not assigned, newer (so it would come first otherwise).
    const other = expectEnvelope<{ exam_id: number }>(await lead.client.post('/api/study/manage/exams', { title: '未指派', pass_mark: 50, time_limit_minutes: 20 }), 200).data.exam_id;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${other}/questions`, { questions: [{ kind: 'true_false', stem: '对吗', answer: true, points: 10 }] }), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${other}/publish`, {}), 200);
    const exams = expectEnvelope<{ exam_id: number; assignment: { due_at: string; overdue: boolean } | null }[]>(await designer.client.get('/api/study/exams'), 200).data;
    expect(exams[0]).toMatchObject({ exam_id: examId, assignment: { overdue: false } });
    expect(exams.find((e) => e.exam_id === other)!.assignment).toBeNull();
    const courses = expectEnvelope<{ course_id: number; assignment: { overdue: boolean } | null }[]>(await designer.client.get('/api/study/courses'), 200).data;
    expect(courses[0]).toMatchObject({ course_id: courseId, assignment: { overdue: false } });
    advanceClock(5 * 86_400_000);
    const late = expectEnvelope<{ exam_id: number; assignment: { overdue: boolean } | null }[]>(await designer.client.get('/api/study/exams'), 200).data;
    expect(late[0]).toMatchObject({ exam_id: examId, assignment: { overdue: true } });
    // Finishing the course clears its overdue.
    expectEnvelope(await designer.client.put(`/api/study/lessons/${lessonId}/progress`, { completed: true }), 200);
    const done = expectEnvelope<{ course_id: number; assignment: { overdue: boolean } | null }[]>(await designer.client.get('/api/study/courses'), 200).data;
    expect(done[0]).toMatchObject({ course_id: courseId, assignment: { overdue: false } });
  });

  it('the lead’s results per designer, and their Excel export', async () => {
    const a = expectEnvelope<{ attempt_id: number; questions: { question_id: number }[] }>(await mate.client.post(`/api/study/exams/${examId}/attempts`, {}), 200).data;
    expectEnvelope(await mate.client.put(`/api/study/attempts/${a.attempt_id}/answers/${a.questions[0]!.question_id}`, { answer: true }), 200);
    expectEnvelope(await mate.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 200);
    // The submit tells the team's leads (42), not the taker nor the other members.
    expect((await messagesOf(lead.id)).filter((m) => m.type === MESSAGE_TYPE.EXAM_SUBMITTED)).toEqual([
      { type: MESSAGE_TYPE.EXAM_SUBMITTED, title: expect.stringMatching(/^[^考].* 已交卷：《指派考试》10分，通过$/), info: { exam_id: examId, attempt_id: a.attempt_id } },
    ]);
    for (const p of [mate, designer]) expect((await messagesOf(p.id)).some((m) => m.type === MESSAGE_TYPE.EXAM_SUBMITTED)).toBe(false);
    expect(expectEnvelope(await designer.client.get(`/api/study/manage/results?item_type=exam&item_id=${examId}`), 403).message).toBe('只有团队负责人可以指派学习任务');
    expect(expectEnvelope(await outsider.client.get(`/api/study/manage/results?item_type=exam&item_id=${examId}`), 404).message).toBe('考试不存在');
    // The clock goes back after each test: past the due dates again.
    advanceClock(5 * 86_400_000);
    const r = expectEnvelope<{ rows: Row[]; total_points: number }>(await lead.client.get(`/api/study/manage/results?item_type=exam&item_id=${examId}`), 200).data;
    expect(r.total_points).toBe(10);
    const byCode = new Map(r.rows.map((x) => [x.designer_id, x]));
    expect(byCode.get(mate.code)).toMatchObject({ assigned: true, attempts: 1, best_score: 10, passed: true, overdue: false, done: true });
    expect(byCode.get(designer.code)).toMatchObject({ assigned: true, attempts: 0, best_score: null, passed: false, overdue: true });
    expect(byCode.has(lead.code)).toBe(false);
    const course = expectEnvelope<{ rows: Row[] }>(await lead.client.get(`/api/study/manage/results?item_type=course&item_id=${courseId}`), 200).data;
    expect(course.rows.find((x) => x.designer_id === designer.code)).toMatchObject({ progress_percent: 100, done: true, overdue: false, attempts: null });
    expect(course.rows.find((x) => x.designer_id === mate.code)).toMatchObject({ progress_percent: 0, assigned: false, overdue: false });

    const res = await lead.client.get(`/api/study/manage/results/export?item_type=exam&item_id=${examId}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push(Array.from({ length: ws.columnCount }, (_, k) => row.getCell(k + 1).text)));
    expect(rows[0]).toEqual(['来源', '设计师编号', '姓名', '手机号', '是否指派', '截止时间', '是否逾期', '考试次数', '最高分', '是否通过']);
    expect(rows.find((x) => x[1] === mate.code)).toEqual(['团队成员', mate.code, expect.any(String), '', '是', expect.any(String), '否', '1', '10', '是']);
    const csv = await lead.client.get(`/api/study/manage/results/export?item_type=course&item_id=${courseId}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('学习进度(%)');
  });
});
