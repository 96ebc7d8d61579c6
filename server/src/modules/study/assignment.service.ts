/**
 * Assignments and the lead's results (issue #16): a lead gives designers of the team a published
 * course or exam to finish by a due date (each newly assigned designer, or one whose due date
 * moved, gets message 40 or 41 in the same unit of work); the lead reads per designer the
 * progress, attempts, best score, passed and overdue, and downloads it as Excel or CSV. Rules only:
 * the statements are assignment.repository.ts.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { designerCode, displayName, maskPhone, parseDesignerCode } from '../../domain/designers.js';
import { type Column, instant, type Table, tableOf } from '../../lib/tabular-export.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { activeTeamMembers, courseResults, examResults, type ItemType, itemAssignments, upsertAssignments } from './assignment.repository.js';
import type { AssignmentInput, Results } from './assignment.schemas.js';
import { courseLessons, findCourse } from './course.repository.js';
import { examCandidateAttempts, findExam, questionTotals } from './exam.repository.js';

export type AssignmentService = ReturnType<typeof createAssignmentService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Assignments of courses and exams, and the lead's results (issue #16). */
    studyAssignments: AssignmentService;
  }
}

export const ASSIGN_LEAD_ONLY = '只有团队负责人可以指派学习任务';
const NOT_FOUND: Record<ItemType, string> = { course: '课程不存在', exam: '考试不存在' };

/** An instant as the Shanghai wall clock `MM-DD HH:mm` (UTC+8, no daylight saving), for a message title. */
function shanghaiShort(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');
}

export function createAssignmentService({ db, unitOfWork }: { db: Db; unitOfWork: UnitOfWork }) {
  /** The item if `me` leads its team: 404 for another team's, 403 for a member. */
  async function item(me: Designer, type: ItemType, id: number): Promise<{ teamId: number; title: string; status: string }> {
    const row = type === 'course' ? await findCourse(db, id) : await findExam(db, id);
    if (!row || row.team_id !== me.team_id) throw notFound(NOT_FOUND[type]);
    if (me.designer_type !== 0) throw forbidden(ASSIGN_LEAD_ONLY);
    return { teamId: row.team_id, title: row.title, status: row.status };
  }

  /**
   * Assigns a published course or exam of the lead's team to active members of the team, due in
   * the future; the newly assigned (or re-dated) are told: 40 for a course, 41 for an exam.
   */
  async function assign(me: Designer, input: AssignmentInput) {
    const it = await item(me, input.item_type, input.item_id);
    if (it.status !== 'published') throw conflict('请先发布再指派');
    const dueAt = new Date(input.due_at).toISOString();
    if (dueAt <= nowIso()) throw invalid('due_at', '截止时间必须晚于现在');
    const members = new Set((await activeTeamMembers(db, it.teamId)).map((m) => m.id));
    const ids = input.designer_ids.map((code, i) => {
      const id = parseDesignerCode(code);
      if (id === undefined || !members.has(id)) throw invalid(`designer_ids.${i}`, '只能指派给本团队的设计师');
      return id;
    });
    const unique = [...new Set(ids)];
    const now = nowIso();
    const notified = await unitOfWork(async (trx, { send }) => {
      const changed = await upsertAssignments(trx, { teamId: it.teamId, itemType: input.item_type, itemId: input.item_id, designerIds: unique, dueAt, by: me.id, now });
      const what = input.item_type === 'course' ? '课程' : '考试';
      send(
        changed.filter((d) => d !== me.id),
        {
          type: input.item_type === 'course' ? MESSAGE_TYPE.COURSE_ASSIGNED : MESSAGE_TYPE.EXAM_ASSIGNED,
          title: `${displayName(me)} 给你指派了${what}《${it.title}》，请在 ${shanghaiShort(dueAt)} 前完成`,
          info: { [input.item_type === 'course' ? 'course_id' : 'exam_id']: input.item_id, due_at: dueAt },
        },
      );
      return changed;
    });
    return { assigned: unique.map(designerCode), notified: notified.filter((d) => d !== me.id).map(designerCode), due_at: dueAt };
  }

  /**
   * Per member of the team (the lead included only when assigned): assigned or not, due date,
   * overdue, the course's progress or the exam's attempts, best score and passed. Assigned first
   * by due date, then the others by id.
   */
  async function results(me: Designer, type: ItemType, id: number): Promise<Results> {
    const it = await item(me, type, id);
    const [members, assignments] = await Promise.all([activeTeamMembers(db, it.teamId), itemAssignments(db, type, id)]);
    const due = new Map(assignments.map((a) => [a.designer_id, a.due_at]));
    const now = nowIso();
    let totalPoints: number | null = null;
    let state: (designerId: number) => Pick<Results['rows'][number], 'progress_percent' | 'done' | 'attempts' | 'best_score' | 'passed'>;
    if (type === 'course') {
      const lessons = (await courseLessons(db, [id])).length;
      const done = await courseResults(db, id);
      state = (d) => {
        const percent = lessons ? Math.floor(((done.get(d) ?? 0) * 100) / lessons) : 0;
        return { progress_percent: percent, done: lessons > 0 && percent === 100, attempts: null, best_score: null, passed: null };
      };
    } else {
      totalPoints = (await questionTotals(db, [id])).get(id)?.points ?? 0;
      const byDesigner = await examResults(db, id);
      state = (d) => {
        const r = byDesigner.get(d);
        return { progress_percent: null, done: r?.passed ?? false, attempts: r?.attempts ?? 0, best_score: r?.best ?? null, passed: r?.passed ?? false };
      };
    }
    const rows = members
      .filter((m) => due.has(m.id) || m.designer_type !== 0)
      .map((m) => {
        const s = state(m.id);
        const dueAt = due.get(m.id) ?? null;
        return { designer_id: designerCode(m.id), name: displayName(m), assigned: dueAt !== null, due_at: dueAt, overdue: dueAt !== null && dueAt < now && !s.done, ...s };
      })
      .sort((a, b) => (a.due_at ?? '\uffff').localeCompare(b.due_at ?? '\uffff') || a.designer_id.localeCompare(b.designer_id));
    return { item_type: type, item_id: id, title: it.title, total_points: totalPoints, rows, candidates: type === 'exam' ? await candidates(id) : [] };
  }

  /** A public exam's candidates, one row per phone (masked), with the account it joined if any. */
  async function candidates(examId: number): Promise<Results['candidates']> {
    const byPhone = new Map<string, Results['candidates'][number]>();
    for (const a of await examCandidateAttempts(db, examId)) {
      const phone = a.candidate_phone!;
      const row = byPhone.get(phone) ?? { phone_masked: maskPhone(phone), attempts: 0, best_score: null, passed: false, last_started_at: a.started_at, designer_id: null, name: null };
      row.attempts += 1;
      if (a.score !== null) row.best_score = Math.max(row.best_score ?? 0, a.score);
      row.passed ||= a.passed === 1;
      row.last_started_at = a.started_at;
      if (a.designer_id !== null) {
        row.designer_id = designerCode(a.designer_id);
        row.name = displayName({ id: a.designer_id, real_name: a.real_name ?? '', nickname: a.nickname ?? '' });
      }
      byPhone.set(phone, row);
    }
    return [...byPhone.values()];
  }

  /**
   * The results as a table for the export. An exam's table also lists its public candidates after
   * the members (来源 公开考生, the phone masked as on the page; the account it joined, if any).
   */
  async function resultsTable(me: Designer, type: ItemType, id: number): Promise<{ name: string; table: Table }> {
    const r = await results(me, type, id);
    const what = type === 'course' ? '课程' : '考试';
    const name = `${what}结果-${r.title}`.replace(/[\\/:*?"<>|]/g, '_');
    type Row = Results['rows'][number];
    const yesNo = (v: boolean | null) => (v === null ? null : v ? '是' : '否');
    if (type === 'course') {
      const columns: Column<Row>[] = [
        { header: '设计师编号', value: (x) => x.designer_id },
        { header: '姓名', value: (x) => x.name },
        { header: '是否指派', value: (x) => yesNo(x.assigned) },
        { header: '截止时间', value: (x) => instant(x.due_at) },
        { header: '是否逾期', value: (x) => yesNo(x.overdue) },
        { header: '学习进度(%)', value: (x) => x.progress_percent },
        { header: '是否完成', value: (x) => yesNo(x.done) },
      ];
      return { name, table: tableOf(`${what}结果`, columns, r.rows) };
    }
    type Candidate = Results['candidates'][number];
    type ExamRow = { member: Row; candidate?: undefined } | { member?: undefined; candidate: Candidate };
    const columns: Column<ExamRow>[] = [
      { header: '来源', value: (x) => (x.member ? '团队成员' : '公开考生') },
      { header: '设计师编号', value: (x) => x.member?.designer_id ?? x.candidate?.designer_id ?? null },
      { header: '姓名', value: (x) => x.member?.name ?? x.candidate?.name ?? null },
      { header: '手机号', value: (x) => x.candidate?.phone_masked ?? null },
      { header: '是否指派', value: (x) => (x.member ? yesNo(x.member.assigned) : null) },
      { header: '截止时间', value: (x) => (x.member ? instant(x.member.due_at) : null) },
      { header: '是否逾期', value: (x) => (x.member ? yesNo(x.member.overdue) : null) },
      { header: '考试次数', value: (x) => x.member?.attempts ?? x.candidate?.attempts ?? null },
      { header: '最高分', value: (x) => (x.member ? x.member.best_score : (x.candidate?.best_score ?? null)) },
      { header: '是否通过', value: (x) => yesNo(x.member ? x.member.passed : (x.candidate?.passed ?? null)) },
    ];
    const rows: ExamRow[] = [...r.rows.map((member) => ({ member })), ...r.candidates.map((candidate) => ({ candidate }))];
    return { name, table: tableOf(`${what}结果`, columns, rows) };
  }

  return { assign, results, resultsTable };
}
