/**
 * Taking online exams (issue #16). Two kinds of taker go through the same rules: a member of the
 * exam's team (signed in), and a candidate who verified a phone by SMS for one public exam (a
 * recruitment test, without an account). A taker starts an attempt (its deadline fixed on the
 * server's clock), saves answers one at a time, submits once; the server submits an attempt whose
 * deadline passed with what was saved (the sweep, and any read of it), finishing it at the
 * deadline. Scoring is here only, and no answer or explanation leaves before the attempt is
 * submitted. A pass of an exam linked to a product qualifies the designer for it. Authoring is
 * exam-authoring.service.ts; the statements are exam.repository.ts; `app.exams` is both.
 *
 * Over ~400 lines on purpose: every rule of an attempt is here once for both kinds of taker (the
 * point of issue #16's "same rules"); what differs (ownership, the count, the required course) is
 * a few lines on `Taker`. The candidate's credential is candidate.service.ts.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { displayName, designerCode, maskPhone } from '../../domain/designers.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { findDesignerByPhone } from '../user/index.js';
import { activeTeamMembers, designerAssignments } from './assignment.repository.js';
import { extendCandidateToken } from './candidate.repository.js';
import { courseLessons, designerProgress, findCourse } from './course.repository.js';
import { assignedFirst, progressPercent } from './course.service.js';
import { createExamAuthoring, EXAM_NOT_FOUND, examSettings, isLeadOf, type Option, parseJson } from './exam-authoring.service.js';
import {
  type AttemptRow,
  attemptAnswers,
  candidateAttempts,
  claimSubmit,
  designerAttempts,
  dueAttemptIds,
  type ExamRow,
  examQuestions,
  findAttempt,
  findExam,
  findQuestion,
  insertAttempt,
  lockExam,
  lockOpenAttemptFor,
  qualify,
  type QuestionRow,
  recordScore,
  teamExams,
  upsertAnswer,
} from './exam.repository.js';
import type { AttemptView } from './exam.schemas.js';
import { type Answer, hasPassed, type QuestionKind, type ScoredQuestion, scoreAttempt, shuffled } from './scoring.js';

export { EXAM_NOT_FOUND, LEAD_ONLY, QUESTIONS_LOCKED, questionValues } from './exam-authoring.service.js';
export const ATTEMPT_NOT_FOUND = '答卷不存在';
export const ALREADY_SUBMITTED = '答卷已提交，不能再修改或重复提交';
export const TIME_UP = '考试时间已到，答卷已按截止时间自动提交，不能再作答或提交';
export const CANDIDATE_COURSE_BLOCK = '该考试需要先完成指定课程，请注册登录后参加';

/** How many overdue attempts one sweep submits at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;
/** A candidate's credential outlives the attempt's deadline by this much (to read the result). */
export const CANDIDATE_MARGIN_MS = 30 * 60_000;

/** A candidate verified by SMS for one public exam (the credential's phone and exam). */
export interface Candidate {
  phone: string;
  examId: number;
  tokenHash: string;
}

/** Who takes an attempt: a signed-in member of the exam's team, or a public exam's candidate. */
export type Taker = { designer: Designer } | { candidate: Candidate };

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

const scored = (q: QuestionRow): ScoredQuestion => ({ id: q.id, kind: q.kind as QuestionKind, answer: parseJson<Answer>(q.answer, ''), points: q.points });

/** Whether the attempt is the taker's: a member's by account, a candidate's by the verified phone and exam. */
function owns(t: Taker, a: Pick<AttemptRow, 'exam_id' | 'designer_id' | 'candidate_phone'>): boolean {
  return 'designer' in t ? a.designer_id === t.designer.id : a.candidate_phone === t.candidate.phone && a.exam_id === t.candidate.examId;
}

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

const summary = (a: AttemptRow) => ({
  attempt_id: a.id,
  started_at: a.started_at,
  deadline: a.deadline,
  submitted_at: a.submitted_at,
  status: a.submitted_at !== null ? ('submitted' as const) : ('in_progress' as const),
  score: a.score,
  passed: a.passed === null ? null : a.passed === 1,
});

export function createExamService({ db, unitOfWork, random = Math.random }: ExamServiceDeps) {
  const attemptsOf = (conn: Db | Transaction<Database>, t: Taker, examId: number) =>
    'designer' in t ? designerAttempts(conn, t.designer.id, [examId]) : candidateAttempts(conn, t.candidate.phone, examId);

  /** Whether the designer has done every lesson of the course (a course without lessons is never done). */
  async function courseDone(designerId: number, courseId: number): Promise<boolean> {
    const lessons = await courseLessons(db, [courseId]);
    return lessons.length > 0 && progressPercent(lessons, await designerProgress(db, designerId, [courseId])) === 100;
  }

  /** Why the required course blocks a start (null: it does not). A candidate has no progress to show. */
  async function courseBlock(t: Taker, e: ExamRow): Promise<string | null> {
    if (e.required_course_id === null) return null;
    if (!('designer' in t)) return CANDIDATE_COURSE_BLOCK;
    if (await courseDone(t.designer.id, e.required_course_id)) return null;
    const c = await findCourse(db, e.required_course_id);
    return `请先完成课程《${c?.title ?? ''}》再参加考试`;
  }

  /** A published exam of `me`'s team (the leads also see drafts, to preview): 404 otherwise. */
  async function takeable(me: Designer, id: number): Promise<ExamRow> {
    const e = await findExam(db, id);
    if (!e || e.team_id !== me.team_id || (e.status !== 'published' && !isLeadOf(me, e.team_id))) throw notFound(EXAM_NOT_FOUND);
    return e;
  }

  /** A published exam its lead marked public: 404 for any other (a candidate's only way in). */
  async function publicExam(id: number): Promise<ExamRow> {
    const e = await findExam(db, id);
    if (!e || e.is_public !== 1 || e.status !== 'published') throw notFound(EXAM_NOT_FOUND);
    return e;
  }

  /** Submits by the deadline what was saved, when the deadline has passed and nobody submitted yet. */
  async function submitIfDue(a: AttemptRow): Promise<boolean> {
    if (a.submitted_at !== null || a.deadline > nowIso()) return false;
    return finish(a.id, 'deadline');
  }

  /**
   * Finishes an attempt once: the conditional update claims it, the saved answers are scored in
   * the same transaction, a pass of a product's exam qualifies the designer (a candidate without
   * an account is qualified when the phone registers). False when it was already submitted (or,
   * for the taker's submit, when the deadline has passed).
   */
  async function finish(attemptId: number, by: 'designer' | 'deadline'): Promise<boolean> {
    return unitOfWork(async (trx, { send }) => {
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
      if (passed && e.product_id !== null && a.designer_id !== null) await qualify(trx, { designerId: a.designer_id, productId: e.product_id, examId: e.id, attemptId: a.id, now });
      // The team's leads follow the results live (their results table refreshes on 42).
      const members = await activeTeamMembers(trx, e.team_id);
      const leads = members.filter((m) => m.designer_type === 0 && m.id !== a.designer_id).map((m) => m.id);
      const taker = members.find((m) => m.id === a.designer_id);
      const who = a.designer_id === null ? `考生 ${maskPhone(a.candidate_phone ?? '')}` : taker ? displayName(taker) : designerCode(a.designer_id);
      send(leads, {
        type: MESSAGE_TYPE.EXAM_SUBMITTED,
        title: `${who} ${by === 'deadline' ? '的答卷已按截止时间自动提交' : '已交卷'}：《${e.title}》${s.score}分，${passed ? '通过' : '未通过'}`,
        info: { exam_id: e.id, attempt_id: a.id },
      });
      return true;
    });
  }

  /** Every open attempt past its deadline, submitted by the server (the plugin's periodic sweep). */
  async function submitDue(): Promise<number> {
    let done = 0;
    for (const id of await dueAttemptIds(db, nowIso(), SWEEP_BATCH)) if (await finish(id, 'deadline')) done++;
    return done;
  }

  /** The taker's own attempt, submitted first if its deadline passed: 404 for anyone else's. */
  async function ownAttempt(t: Taker, id: number): Promise<AttemptRow> {
    const a = await findAttempt(db, id);
    if (!a || !owns(t, a)) throw notFound(ATTEMPT_NOT_FOUND);
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

  /** Why the taker may not start a new attempt now (null: may). An attempt in progress is resumed instead. */
  function startRefusal(e: ExamRow, attempts: AttemptRow[], block: string | null): string | null {
    if (e.status !== 'published') return '考试尚未发布';
    if (e.attempts_allowed > 0 && attempts.length >= e.attempts_allowed) return `已用完全部${e.attempts_allowed}次考试机会`;
    return block;
  }

  /** The taker's attempts at the exam (past-deadline ones submitted first) and what a new start would meet. */
  async function takerState(t: Taker, e: ExamRow) {
    const first = await attemptsOf(db, t, e.id);
    let changed = false;
    for (const a of first) if (await submitIfDue(a)) changed = true;
    const mine = changed ? await attemptsOf(db, t, e.id) : first;
    const open = mine.find((a) => a.submitted_at === null);
    const scores = mine.flatMap((a) => (a.score !== null ? [a.score] : []));
    const refusal = open ? null : startRefusal(e, mine, await courseBlock(t, e));
    return {
      attempts: mine.map(summary),
      best_score: scores.length ? Math.max(...scores) : null,
      passed: mine.some((a) => a.passed === 1),
      open_attempt_id: open?.id ?? null,
      can_start: refusal === null,
      cannot_start_reason: refusal,
    };
  }

  async function cards(me: Designer, exams: ExamRow[]) {
    const base = await examSettings(db, exams);
    const due = new Map((await designerAssignments(db, me.id, 'exam')).map((a) => [a.item_id, a.due_at]));
    const now = nowIso();
    const out = [];
    for (const [i, e] of exams.entries()) {
      const state = await takerState({ designer: me }, e);
      const { status: _status, ...card } = base[i]!;
      out.push({ ...card, ...state, assignment: due.has(e.id) ? { due_at: due.get(e.id)!, overdue: due.get(e.id)! < now && !state.passed } : null });
    }
    return out;
  }

  /** The published exams of `me`'s team with `me`'s attempts. */
  async function list(me: Designer) {
    if (me.team_id === null) return [];
    return assignedFirst(await cards(me, await teamExams(db, me.team_id, false)));
  }

  async function card(me: Designer, id: number) {
    return (await cards(me, [await takeable(me, id)]))[0]!;
  }

  /** What anyone may read of a public exam before verifying a phone: settings, no question. */
  async function publicInfo(id: number) {
    const e = await publicExam(id);
    const s = (await examSettings(db, [e]))[0]!;
    return {
      exam_id: e.id,
      title: s.title,
      description: s.description,
      pass_mark: s.pass_mark,
      time_limit_minutes: s.time_limit_minutes,
      attempts_allowed: s.attempts_allowed,
      question_count: s.question_count,
      total_points: s.total_points,
      review_enabled: s.review_enabled,
      candidates_can_take: e.required_course_id === null,
    };
  }

  /** A verified candidate's view of the public exam: the exam, the phone's attempts, whether a start is possible. */
  async function candidateState(c: Candidate) {
    const e = await publicExam(c.examId);
    return { exam: await publicInfo(e.id), ...(await takerState({ candidate: c }, e)) };
  }

  /**
   * Starts an attempt, or resumes the one in progress: its deadline is now + the time limit on the
   * server's clock; the question and option order of a shuffled exam is drawn and kept. A
   * candidate's attempt is bound to the phone (and to the account already holding it, if any), and
   * the candidate's credential is kept alive to the deadline + CANDIDATE_MARGIN_MS.
   */
  async function begin(t: Taker, e: ExamRow): Promise<AttemptView> {
    const questions = await examQuestions(db, e.id);
    if (!questions.length) throw conflict('考试还没有题目');
    // An open attempt whose deadline passed is submitted by its deadline (and counts), not resumed.
    for (const a of await attemptsOf(db, t, e.id)) await submitIfDue(a);
    const block = await courseBlock(t, e);
    const account = 'designer' in t ? t.designer.id : ((await findDesignerByPhone(db, t.candidate.phone))?.id ?? null);
    const id = await unitOfWork(async (trx) => {
      await lockExam(trx, e.id);
      const mine = await attemptsOf(trx, t, e.id);
      const now = nowIso();
      const open = mine.find((a) => a.submitted_at === null);
      let attempt: { id: number; deadline: string };
      if (open) attempt = open;
      else {
        const refusal = startRefusal(e, mine, block);
        if (refusal) throw conflict(refusal);
        const ids = questions.map((q) => q.id);
        const optionOrder: Record<number, string[]> = {};
        for (const q of questions) {
          const keys = parseJson<Option[]>(q.options, []).map((o) => o.key);
          if (keys.length) optionOrder[q.id] = e.shuffle_options === 1 ? shuffled(keys, random) : keys;
        }
        const deadline = isoAfter(e.time_limit_minutes * 60_000, Date.parse(now));
        const newId = await insertAttempt(trx, {
          exam_id: e.id,
          designer_id: account,
          candidate_phone: 'candidate' in t ? t.candidate.phone : null,
          started_at: now,
          deadline,
          total_points: questions.reduce((sum, q) => sum + q.points, 0),
          question_order: e.shuffle_questions === 1 ? shuffled(ids, random) : ids,
          option_order: optionOrder,
        });
        attempt = { id: newId, deadline };
      }
      if ('candidate' in t) await extendCandidateToken(trx, t.candidate.tokenHash, isoAfter(CANDIDATE_MARGIN_MS, Date.parse(attempt.deadline)));
      return attempt.id;
    });
    return attemptView((await findAttempt(db, id))!, e);
  }

  /** 409 when submitted by the taker; 410 when the deadline passed (the server then submits it by the deadline). */
  async function refuseClosed(a: AttemptRow): Promise<never> {
    const fresh = (await findAttempt(db, a.id))!;
    if (fresh.submitted_at === null && fresh.deadline <= nowIso()) await finish(a.id, 'deadline');
    const after = (await findAttempt(db, a.id))!;
    if (after.submitted_by === 'deadline') throw new AppError(410, TIME_UP);
    throw conflict(ALREADY_SUBMITTED);
  }

  /**
   * A question of an exam that has attempts, from memory: questions cannot change once anyone has
   * started the exam (QUESTIONS_LOCKED), so a save does not read them again. Bounded: the oldest
   * entries go first.
   */
  const lockedQuestions = new Map<number, QuestionRow>();
  async function lockedQuestion(conn: Db | Transaction<Database>, id: number): Promise<QuestionRow | undefined> {
    const hit = lockedQuestions.get(id);
    if (hit) return hit;
    const q = await findQuestion(conn, id);
    if (q) {
      if (lockedQuestions.size >= 10_000) lockedQuestions.delete(lockedQuestions.keys().next().value!);
      lockedQuestions.set(id, q);
    }
    return q;
  }

  /**
   * Saves one answer (the last save wins); refused and nothing changed once submitted or past the
   * deadline. The hot path is one transaction of two statements: the attempt's row lock, which
   * also answers whose it is and its questions, and the upsert. A refusal reads again to say why.
   */
  async function save(t: Taker, attemptId: number, questionId: number, given: Answer) {
    const now = nowIso();
    const saved = await unitOfWork(async (trx) => {
      const a = await lockOpenAttemptFor(trx, attemptId, now);
      if (!a) return null;
      if (!owns(t, a)) throw notFound(ATTEMPT_NOT_FOUND);
      if (!parseJson<number[]>(a.question_order, []).includes(questionId)) throw notFound('该题不在本次答卷中');
      const answer = checkAnswer((await lockedQuestion(trx, questionId))!, given);
      await upsertAnswer(trx, attemptId, questionId, JSON.stringify(answer), now);
      return { question_id: questionId, answer, saved_at: now };
    });
    if (saved) return saved;
    const a = await findAttempt(db, attemptId);
    if (!a || !owns(t, a)) throw notFound(ATTEMPT_NOT_FOUND);
    if (!parseJson<number[]>(a.question_order, []).includes(questionId)) throw notFound('该题不在本次答卷中');
    checkAnswer((await lockedQuestion(db, questionId))!, given);
    return refuseClosed(a);
  }

  async function submitAs(t: Taker, attemptId: number): Promise<AttemptView> {
    const a = await findAttempt(db, attemptId);
    if (!a || !owns(t, a)) throw notFound(ATTEMPT_NOT_FOUND);
    if (!(await finish(a.id, 'designer'))) return refuseClosed(a);
    return attemptView((await findAttempt(db, a.id))!);
  }

  return {
    ...createExamAuthoring({ db, unitOfWork }),
    list,
    card,
    start: async (me: Designer, examId: number) => begin({ designer: me }, await takeable(me, examId)),
    attempt: async (me: Designer, id: number) => attemptView(await ownAttempt({ designer: me }, id)),
    saveAnswer: (me: Designer, attemptId: number, questionId: number, given: Answer) => save({ designer: me }, attemptId, questionId, given),
    submit: (me: Designer, attemptId: number) => submitAs({ designer: me }, attemptId),
    submitDue,
    // A public exam's candidate (the credential's phone and exam; candidate.service.ts resolves it).
    publicInfo,
    candidateState,
    candidateStart: async (c: Candidate) => begin({ candidate: c }, await publicExam(c.examId)),
    candidateAttempt: async (c: Candidate, id: number) => attemptView(await ownAttempt({ candidate: c }, id)),
    candidateSave: (c: Candidate, attemptId: number, questionId: number, given: Answer) => save({ candidate: c }, attemptId, questionId, given),
    candidateSubmit: (c: Candidate, attemptId: number) => submitAs({ candidate: c }, attemptId),
  };
}
