/**
 * Online exams (issue #16): a lead authors a team's exams (settings, questions with their answers,
 * publish); a designer starts an attempt (its deadline fixed on the server's clock), saves answers
 * one at a time, submits once; the server submits an attempt whose deadline passed with what was
 * saved (the sweep, and any read of it), finishing it at the deadline. Scoring is here only, and no
 * answer or explanation leaves before the attempt is submitted. A pass of an exam linked to a
 * product qualifies the designer for it. Rules only: the statements are exam.repository.ts.
 *
 * Over ~400 lines on purpose: authoring and taking share the exam's access rules, the settings
 * view and the one `finish` every submit goes through; split them when a second kind of taker
 * (the public exam's phone-verified candidate) arrives.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import {
  type AttemptRow,
  attemptAnswers,
  attemptCount,
  claimSubmit,
  deleteQuestion,
  designerAttempts,
  dueAttemptIds,
  type ExamRow,
  type ExamValues,
  examQuestions,
  findAttempt,
  findExam,
  findQuestion,
  insertAttempt,
  insertExam,
  insertQuestions,
  lockExam,
  lockOpenAttempt,
  productName,
  productNames,
  qualify,
  type QuestionRow,
  type QuestionValues,
  questionTotals,
  recordScore,
  setExamStatus,
  teamExams,
  updateExam,
  updateQuestion,
  upsertAnswer,
} from './exam.repository.js';
import { courseLessons, designerProgress, findCourse } from './course.repository.js';
import { assignedFirst, progressPercent } from './course.service.js';
import { designerAssignments } from './assignment.repository.js';
import { type AttemptView, type ExamInput, MAX_QUESTIONS, OPTION_KEYS, type QuestionInput } from './exam.schemas.js';
import { importQuestions } from './question-import.js';
import { type Answer, hasPassed, type QuestionKind, type ScoredQuestion, scoreAttempt, shuffled } from './scoring.js';

export const EXAM_NOT_FOUND = '考试不存在';
export const ATTEMPT_NOT_FOUND = '答卷不存在';
export const LEAD_ONLY = '只有团队负责人可以管理考试';
export const ALREADY_SUBMITTED = '答卷已提交，不能再修改或重复提交';
export const TIME_UP = '考试时间已到，答卷已按截止时间自动提交，不能再作答或提交';
export const QUESTIONS_LOCKED = '考试已有人作答，不能再修改题目';

/** How many overdue attempts one sweep submits at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

export interface ExamServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  random?: () => number;
}

export type ExamService = ReturnType<typeof createExamService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Exams, their questions and attempts (issue #16). */
    exams: ExamService;
  }
}

type Option = { key: string; text: string };

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const isLeadOf = (me: Designer, teamId: number) => me.designer_type === 0 && me.team_id === teamId;

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

const scored = (q: QuestionRow): ScoredQuestion => ({ id: q.id, kind: q.kind as QuestionKind, answer: parseJson<Answer>(q.answer, ''), points: q.points });

/** The given answer, checked against the question's kind and options (422 `answer` otherwise). */
function checkAnswer(q: QuestionRow, given: Answer): Answer {
  const keys = parseJson<Option[]>(q.options, []).map((o) => o.key);
  switch (q.kind as QuestionKind) {
    case 'single':
      if (typeof given !== 'string' || !keys.includes(given)) throw invalid('answer', '答案必须是该题的一个选项');
      return given;
    case 'multiple':
      if (!Array.isArray(given) || !given.every((k) => keys.includes(k))) throw invalid('answer', '答案必须是该题的选项');
      if (new Set(given).size !== given.length) throw invalid('answer', '选项重复');
      return [...given].sort();
    case 'true_false':
      if (typeof given !== 'boolean') throw invalid('answer', '判断题答案只能是true或false');
      return given;
    case 'fill':
      if (typeof given !== 'string') throw invalid('answer', '填空题答案必须是文字');
      return given.trim();
  }
}

export function createExamService({ db, unitOfWork, random = Math.random }: ExamServiceDeps) {
  // ---- authoring (the team's leads) ----

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

  /** Whether the designer has done every lesson of the course (a course without lessons is never done). */
  async function courseDone(designerId: number, courseId: number): Promise<boolean> {
    const lessons = await courseLessons(db, [courseId]);
    return lessons.length > 0 && progressPercent(lessons, await designerProgress(db, designerId, [courseId])) === 100;
  }

  /** Why the required course blocks a start (null: it does not). */
  async function courseBlock(designerId: number, e: ExamRow): Promise<string | null> {
    if (e.required_course_id === null || (await courseDone(designerId, e.required_course_id))) return null;
    const c = await findCourse(db, e.required_course_id);
    return `请先完成课程《${c?.title ?? ''}》再参加考试`;
  }

  async function manageView(e: ExamRow) {
    const questions = await examQuestions(db, e.id);
    return {
      ...(await settings([e]))[0]!,
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

  async function settings(exams: ExamRow[]) {
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
    return settings(await teamExams(db, me.team_id, true));
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

  // ---- taking (the team's members) ----

  /** A published exam of `me`'s team (the leads also see drafts, to preview): 404 otherwise. */
  async function takeable(me: Designer, id: number): Promise<ExamRow> {
    const e = await findExam(db, id);
    if (!e || e.team_id !== me.team_id || (e.status !== 'published' && !isLeadOf(me, e.team_id))) throw notFound(EXAM_NOT_FOUND);
    return e;
  }

  /** Submits by the deadline what was saved, when the deadline has passed and nobody submitted yet. */
  async function submitIfDue(a: AttemptRow): Promise<boolean> {
    if (a.submitted_at !== null || a.deadline > nowIso()) return false;
    return finish(a.id, 'deadline');
  }

  /**
   * Finishes an attempt once: the conditional update claims it, the saved answers are scored in
   * the same transaction, a pass of a product's exam qualifies the designer. False when it was
   * already submitted (or, for the designer's submit, when the deadline has passed).
   */
  async function finish(attemptId: number, by: 'designer' | 'deadline'): Promise<boolean> {
    return unitOfWork(async (trx) => {
      const now = nowIso();
      if (!(await claimSubmit(trx, attemptId, by, now))) return false;
      const a = (await findAttempt(trx, attemptId))!;
      const e = (await findExam(trx, a.exam_id))!;
      const order = parseJson<number[]>(a.question_order, []);
      const questions = (await examQuestions(trx, e.id)).filter((q) => order.includes(q.id));
      const answers = new Map((await attemptAnswers(trx, a.id)).map((r) => [r.question_id, parseJson<Answer>(r.answer, '')]));
      const s = scoreAttempt(questions.map(scored), answers);
      const passed = hasPassed(s.score, s.total, e.pass_mark);
      await recordScore(trx, a.id, s.score, passed);
      if (passed && e.product_id !== null) await qualify(trx, { designerId: a.designer_id, productId: e.product_id, examId: e.id, attemptId: a.id, now });
      return true;
    });
  }

  /** Every open attempt past its deadline, submitted by the server (the plugin's periodic sweep). */
  async function submitDue(): Promise<number> {
    let done = 0;
    for (const id of await dueAttemptIds(db, nowIso(), SWEEP_BATCH)) if (await finish(id, 'deadline')) done++;
    return done;
  }

  /** The caller's own attempt, submitted first if its deadline passed: 404 for anyone else's. */
  async function ownAttempt(me: Designer, id: number): Promise<AttemptRow> {
    const a = await findAttempt(db, id);
    if (!a || a.designer_id !== me.id) throw notFound(ATTEMPT_NOT_FOUND);
    if (await submitIfDue(a)) return (await findAttempt(db, id))!;
    return a;
  }

  async function attemptView(a: AttemptRow, e?: ExamRow): Promise<AttemptView> {
    const exam = e ?? (await findExam(db, a.exam_id))!;
    const order = parseJson<number[]>(a.question_order, []);
    const optionOrder = parseJson<Record<string, string[]>>(a.option_order, {});
    const byId = new Map((await examQuestions(db, a.exam_id)).map((q) => [q.id, q]));
    const questions = order.flatMap((id) => {
      const q = byId.get(id);
      return q ? [q] : [];
    });
    const saved = await attemptAnswers(db, a.id);
    const submitted = a.submitted_at !== null;
    const answers = new Map(saved.map((r) => [r.question_id, parseJson<Answer>(r.answer, '')]));
    let result: AttemptView['result'] = null;
    if (submitted) {
      const s = scoreAttempt(questions.map(scored), answers);
      result = {
        score: a.score ?? s.score,
        total_points: s.total,
        pass_mark: exam.pass_mark,
        passed: a.passed === 1,
        review:
          exam.review_enabled === 1
            ? questions.map((q) => {
                const right = s.correct.get(q.id) ?? false;
                return {
                  question_id: q.id,
                  correct: right,
                  your_answer: answers.get(q.id) ?? null,
                  correct_answer: parseJson<Answer>(q.answer, ''),
                  explanation: q.explanation,
                  points: q.points,
                  points_awarded: right ? q.points : 0,
                };
              })
            : null,
      };
    }
    return {
      attempt_id: a.id,
      exam_id: a.exam_id,
      exam_title: exam.title,
      status: submitted ? 'submitted' : 'in_progress',
      started_at: a.started_at,
      deadline: a.deadline,
      server_now: nowIso(),
      submitted_at: a.submitted_at,
      submitted_by: (a.submitted_by as 'designer' | 'deadline' | null) ?? null,
      // Only what a taker may see: the stem, the options in this attempt's order, the points.
      questions: questions.map((q) => {
        const options = parseJson<Option[]>(q.options, []);
        const keys = optionOrder[String(q.id)] ?? options.map((o) => o.key);
        const byKey = new Map(options.map((o) => [o.key, o]));
        return {
          question_id: q.id,
          kind: q.kind as QuestionKind,
          stem: q.stem,
          options: keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : [])),
          points: q.points,
        };
      }),
      answers: saved.map((r) => ({ question_id: r.question_id, answer: parseJson<Answer>(r.answer, ''), saved_at: r.saved_at })),
      result,
    };
  }

  /** Why `me` may not start a new attempt now (null: may). An attempt in progress is resumed instead. */
  function startRefusal(e: ExamRow, attempts: AttemptRow[], block: string | null): string | null {
    if (e.status !== 'published') return '考试尚未发布';
    if (e.attempts_allowed > 0 && attempts.length >= e.attempts_allowed) return `已用完全部${e.attempts_allowed}次考试机会`;
    return block;
  }

  async function cards(me: Designer, exams: ExamRow[]) {
    const all = await designerAttempts(
      db,
      me.id,
      exams.map((e) => e.id),
    );
    // Anything past its deadline is submitted before it is shown.
    let changed = false;
    for (const a of all) if (await submitIfDue(a)) changed = true;
    const attempts = changed
      ? await designerAttempts(
          db,
          me.id,
          exams.map((e) => e.id),
        )
      : all;
    const base = await settings(exams);
    const blocks = new Map<number, string | null>();
    for (const e of exams) blocks.set(e.id, await courseBlock(me.id, e));
    const due = new Map((await designerAssignments(db, me.id, 'exam')).map((a) => [a.item_id, a.due_at]));
    const now = nowIso();
    return exams.map((e, i) => {
      const mine = attempts.filter((a) => a.exam_id === e.id);
      const open = mine.find((a) => a.submitted_at === null);
      const scores = mine.flatMap((a) => (a.score !== null ? [a.score] : []));
      const refusal = open ? null : startRefusal(e, mine, blocks.get(e.id) ?? null);
      const { status: _status, ...card } = base[i]!;
      return {
        ...card,
        attempts: mine.map((a) => ({
          attempt_id: a.id,
          started_at: a.started_at,
          deadline: a.deadline,
          submitted_at: a.submitted_at,
          status: a.submitted_at !== null ? ('submitted' as const) : ('in_progress' as const),
          score: a.score,
          passed: a.passed === null ? null : a.passed === 1,
        })),
        best_score: scores.length ? Math.max(...scores) : null,
        passed: mine.some((a) => a.passed === 1),
        open_attempt_id: open?.id ?? null,
        can_start: refusal === null,
        cannot_start_reason: refusal,
        assignment: due.has(e.id) ? { due_at: due.get(e.id)!, overdue: due.get(e.id)! < now && !mine.some((a) => a.passed === 1) } : null,
      };
    });
  }

  /** The published exams of `me`'s team with `me`'s attempts. */
  async function list(me: Designer) {
    if (me.team_id === null) return [];
    return assignedFirst(await cards(me, await teamExams(db, me.team_id, false)));
  }

  async function card(me: Designer, id: number) {
    return (await cards(me, [await takeable(me, id)]))[0]!;
  }

  /**
   * Starts an attempt, or resumes the one in progress: its deadline is now + the time limit on the
   * server's clock; the question and option order of a shuffled exam is drawn and kept.
   */
  async function start(me: Designer, examId: number): Promise<AttemptView> {
    const e = await takeable(me, examId);
    const questions = await examQuestions(db, e.id);
    if (!questions.length) throw conflict('考试还没有题目');
    // An open attempt whose deadline passed is submitted by its deadline (and counts), not resumed.
    for (const a of await designerAttempts(db, me.id, [e.id])) await submitIfDue(a);
    const block = await courseBlock(me.id, e);
    const id = await unitOfWork(async (trx) => {
      await lockExam(trx, e.id);
      const mine = await designerAttempts(trx, me.id, [e.id]);
      const now = nowIso();
      const open = mine.find((a) => a.submitted_at === null);
      if (open) return open.id;
      const refusal = startRefusal(e, mine, block);
      if (refusal) throw conflict(refusal);
      const ids = questions.map((q) => q.id);
      const optionOrder: Record<number, string[]> = {};
      for (const q of questions) {
        const keys = parseJson<Option[]>(q.options, []).map((o) => o.key);
        if (keys.length) optionOrder[q.id] = e.shuffle_options === 1 ? shuffled(keys, random) : keys;
      }
      return insertAttempt(trx, {
        exam_id: e.id,
        designer_id: me.id,
        started_at: now,
        deadline: isoAfter(e.time_limit_minutes * 60_000, Date.parse(now)),
        total_points: questions.reduce((sum, q) => sum + q.points, 0),
        question_order: e.shuffle_questions === 1 ? shuffled(ids, random) : ids,
        option_order: optionOrder,
      });
    });
    return attemptView((await findAttempt(db, id))!, e);
  }

  async function attempt(me: Designer, id: number): Promise<AttemptView> {
    return attemptView(await ownAttempt(me, id));
  }

  /** 409 when submitted by the designer; 410 when the deadline passed (the server then submits it by the deadline). */
  async function refuseClosed(a: AttemptRow): Promise<never> {
    const fresh = (await findAttempt(db, a.id))!;
    if (fresh.submitted_at === null && fresh.deadline <= nowIso()) await finish(a.id, 'deadline');
    const after = (await findAttempt(db, a.id))!;
    if (after.submitted_by === 'deadline') throw new AppError(410, TIME_UP);
    throw conflict(ALREADY_SUBMITTED);
  }

  /** Saves one answer (the last save wins); refused and nothing changed once submitted or past the deadline. */
  async function saveAnswer(me: Designer, attemptId: number, questionId: number, given: Answer) {
    const a = await findAttempt(db, attemptId);
    if (!a || a.designer_id !== me.id) throw notFound(ATTEMPT_NOT_FOUND);
    if (!parseJson<number[]>(a.question_order, []).includes(questionId)) throw notFound('该题不在本次答卷中');
    const q = (await findQuestion(db, questionId))!;
    const answer = checkAnswer(q, given);
    const now = nowIso();
    const saved = await unitOfWork(async (trx) => {
      if (!(await lockOpenAttempt(trx, a.id, now))) return false;
      await upsertAnswer(trx, a.id, q.id, JSON.stringify(answer), now);
      return true;
    });
    if (!saved) return refuseClosed(a);
    return { question_id: q.id, answer, saved_at: now };
  }

  async function submit(me: Designer, attemptId: number): Promise<AttemptView> {
    const a = await findAttempt(db, attemptId);
    if (!a || a.designer_id !== me.id) throw notFound(ATTEMPT_NOT_FOUND);
    if (!(await finish(a.id, 'designer'))) return refuseClosed(a);
    return attemptView((await findAttempt(db, a.id))!);
  }

  return {
    create,
    update,
    manage,
    manageList,
    addQuestions,
    importFile,
    editQuestion,
    removeQuestion,
    setPublished,
    list,
    card,
    start,
    attempt,
    saveAnswer,
    submit,
    submitDue,
  };
}
