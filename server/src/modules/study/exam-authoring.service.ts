/**
 * Authoring of online exams (issue #16): a lead of the exam's team edits its settings and its
 * questions (with their answers), imports questions from Excel and publishes. Questions change only
 * while nobody has started the exam. Taking an exam is exam.service.ts; the statements are
 * exam.repository.ts.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { findCourse } from './course.repository.js';
import {
  attemptCount,
  deleteQuestion,
  type ExamRow,
  type ExamValues,
  examQuestions,
  findExam,
  findQuestion,
  insertExam,
  insertQuestions,
  productName,
  productNames,
  type QuestionRow,
  type QuestionValues,
  questionTotals,
  setExamStatus,
  teamExams,
  updateExam,
  updateQuestion,
} from './exam.repository.js';
import { type ExamInput, MAX_QUESTIONS, OPTION_KEYS, type QuestionInput } from './exam.schemas.js';
import { importQuestions } from './question-import.js';
import type { Answer, QuestionKind } from './scoring.js';

export const EXAM_NOT_FOUND = '考试不存在';
export const LEAD_ONLY = '只有团队负责人可以管理考试';
export const QUESTIONS_LOCKED = '考试已有人作答，不能再修改题目';

export type Option = { key: string; text: string };

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const isLeadOf = (me: Designer, teamId: number) => me.designer_type === 0 && me.team_id === teamId;

function examValues(input: ExamInput): ExamValues {
  return {
    title: input.title,
    description: input.description,
    pass_mark: input.pass_mark,
    time_limit_minutes: input.time_limit_minutes,
    attempts_allowed: input.attempts_allowed,
    shuffle_questions: input.shuffle_questions ? 1 : 0,
    shuffle_options: input.shuffle_options ? 1 : 0,
    product_id: input.product_id,
    required_course_id: input.required_course_id,
    is_public: input.is_public ? 1 : 0,
    review_enabled: input.review_enabled ? 1 : 0,
  };
}

/** A question as stored: options keyed A, B, C… and the answer as JSON. */
export function questionValues(q: QuestionInput): QuestionValues {
  const options: Option[] = 'options' in q ? q.options.map((text, i) => ({ key: OPTION_KEYS[i]!, text })) : [];
  return { kind: q.kind, stem: q.stem, options: JSON.stringify(options), answer: JSON.stringify(q.answer), explanation: q.explanation, points: q.points };
}

/** Exams' settings as every view shows them: totals, the product's and the required course's names. */
export async function examSettings(db: Db, exams: ExamRow[]) {
  const totals = await questionTotals(
    db,
    exams.map((e) => e.id),
  );
  const names = new Map((await productNames(db, [...new Set(exams.flatMap((e) => (e.product_id ? [e.product_id] : [])))])).map((p) => [p.id, p.name]));
  const courses = new Map<number, string>();
  for (const id of new Set(exams.flatMap((e) => (e.required_course_id ? [e.required_course_id] : [])))) courses.set(id, (await findCourse(db, id))?.title ?? '');
  return exams.map((e) => ({
    exam_id: e.id,
    title: e.title,
    description: e.description,
    pass_mark: e.pass_mark,
    time_limit_minutes: e.time_limit_minutes,
    attempts_allowed: e.attempts_allowed,
    shuffle_questions: e.shuffle_questions === 1,
    shuffle_options: e.shuffle_options === 1,
    product_id: e.product_id,
    product_name: e.product_id ? (names.get(e.product_id) ?? null) : null,
    required_course_id: e.required_course_id,
    required_course_title: e.required_course_id ? (courses.get(e.required_course_id) ?? null) : null,
    is_public: e.is_public === 1,
    review_enabled: e.review_enabled === 1,
    status: e.status as 'draft' | 'published',
    question_count: totals.get(e.id)?.count ?? 0,
    total_points: totals.get(e.id)?.points ?? 0,
  }));
}


export function createExamAuthoring({ db, unitOfWork }: { db: Db; unitOfWork: UnitOfWork }) {
  /** The exam if `me` leads its team: 404 for another team's (and unknown), 403 for a member. */
  async function managed(me: Designer, id: number): Promise<ExamRow> {
    const e = await findExam(db, id);
    if (!e || me.team_id !== e.team_id) throw notFound(EXAM_NOT_FOUND);
    if (!isLeadOf(me, e.team_id)) throw forbidden(LEAD_ONLY);
    return e;
  }

  async function checkLinks(teamId: number, input: ExamInput): Promise<void> {
    if (input.product_id !== null && (await productName(db, input.product_id)) === undefined) throw invalid('product_id', '产品不存在');
    if (input.required_course_id !== null && (await findCourse(db, input.required_course_id))?.team_id !== teamId) throw invalid('required_course_id', '课程不存在');
  }

  async function manageView(e: ExamRow) {
    const questions = await examQuestions(db, e.id);
    return {
      ...(await examSettings(db, [e]))[0]!,
      status: e.status as 'draft' | 'published',
      attempt_count: await attemptCount(db, e.id),
      questions: questions.map((q) => ({
        question_id: q.id,
        kind: q.kind as QuestionKind,
        stem: q.stem,
        options: parseJson<Option[]>(q.options, []),
        answer: parseJson<Answer>(q.answer, ''),
        explanation: q.explanation,
        points: q.points,
        position: q.position,
      })),
    };
  }

  async function create(me: Designer, input: ExamInput) {
    if (me.designer_type !== 0 || me.team_id === null) throw forbidden(LEAD_ONLY);
    const teamId = me.team_id;
    await checkLinks(teamId, input);
    const id = await unitOfWork((trx) => insertExam(trx, { ...examValues(input), team_id: teamId, created_by: me.id, now: nowIso() }));
    return manageView((await findExam(db, id))!);
  }

  async function update(me: Designer, id: number, input: ExamInput) {
    const e = await managed(me, id);
    await checkLinks(e.team_id, input);
    await unitOfWork((trx) => updateExam(trx, id, examValues(input), nowIso()));
    return manageView((await findExam(db, id))!);
  }

  async function manage(me: Designer, id: number) {
    return manageView(await managed(me, id));
  }

  /** The team's exams for its leads: drafts included, with their settings. */
  async function manageList(me: Designer) {
    if (me.designer_type !== 0 || me.team_id === null) throw forbidden(LEAD_ONLY);
    return examSettings(db, await teamExams(db, me.team_id, true));
  }

  /** Questions change only while nobody has started the exam: an attempt is scored against what it was shown. */
  async function unlocked(me: Designer, examId: number): Promise<ExamRow> {
    const e = await managed(me, examId);
    if ((await attemptCount(db, examId)) > 0) throw conflict(QUESTIONS_LOCKED);
    return e;
  }

  async function addQuestions(me: Designer, examId: number, input: readonly QuestionInput[]) {
    const e = await unlocked(me, examId);
    const existing = (await questionTotals(db, [examId])).get(examId)?.count ?? 0;
    if (existing + input.length > MAX_QUESTIONS) throw conflict(`每场考试最多${MAX_QUESTIONS}道题`);
    await unitOfWork((trx) => insertQuestions(trx, examId, input.map(questionValues)));
    return manageView(e);
  }

  /** Imports questions from an Excel file (question-import.ts): the lead's rights first, then the file. */
  async function importFile(me: Designer, examId: number, file: Buffer) {
    await unlocked(me, examId);
    const questions = await importQuestions(file);
    return { exam: await addQuestions(me, examId, questions), count: questions.length };
  }

  async function questionOf(me: Designer, questionId: number): Promise<QuestionRow> {
    const q = await findQuestion(db, questionId);
    if (!q) throw notFound('题目不存在');
    await unlocked(me, q.exam_id).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound('题目不存在') : err;
    });
    return q;
  }

  async function editQuestion(me: Designer, questionId: number, input: QuestionInput) {
    const q = await questionOf(me, questionId);
    await unitOfWork((trx) => updateQuestion(trx, q.id, questionValues(input)));
    return manageView((await findExam(db, q.exam_id))!);
  }

  async function removeQuestion(me: Designer, questionId: number) {
    const q = await questionOf(me, questionId);
    await unitOfWork((trx) => deleteQuestion(trx, q.id));
    return manageView((await findExam(db, q.exam_id))!);
  }

  async function setPublished(me: Designer, id: number, published: boolean) {
    await managed(me, id);
    if (published && ((await questionTotals(db, [id])).get(id)?.count ?? 0) === 0) throw conflict('请先添加题目再发布');
    await unitOfWork((trx) => setExamStatus(trx, id, published ? 'published' : 'draft', nowIso()));
    return manageView((await findExam(db, id))!);
  }

  return { create, update, manage, manageList, addQuestions, importFile, editQuestion, removeQuestion, setPublished };
}
