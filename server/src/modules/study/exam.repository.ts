/**
 * Every statement of the exams: `exams`, `exam_questions`, `exam_attempts`, `exam_answers`,
 * `exam_qualifications` and the `designer_products` row a pass adds. Each function takes `db` or a
 * transaction first. About 400 lines: one table family, kept together so the attempt's conditional
 * updates (lock, claim, join) sit side by side.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

const EXAM_COLUMNS = [
  'id',
  'team_id',
  'title',
  'description',
  'pass_mark',
  'time_limit_minutes',
  'attempts_allowed',
  'shuffle_questions',
  'shuffle_options',
  'product_id',
  'required_course_id',
  'is_public',
  'review_enabled',
  'status',
  'created_by',
  'created_at',
  'updated_at',
] as const;

export interface ExamRow {
  id: number;
  team_id: number;
  title: string;
  description: string;
  pass_mark: number;
  time_limit_minutes: number;
  attempts_allowed: number;
  shuffle_questions: number;
  shuffle_options: number;
  product_id: number | null;
  required_course_id: number | null;
  is_public: number;
  review_enabled: number;
  status: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface QuestionRow {
  id: number;
  exam_id: number;
  kind: string;
  stem: string;
  options: string;
  answer: string;
  explanation: string;
  points: number;
  position: number;
}

export interface AttemptRow {
  id: number;
  exam_id: number;
  /** Null for a candidate's attempt until an account holds its phone. */
  designer_id: number | null;
  started_at: string;
  deadline: string;
  submitted_at: string | null;
  submitted_by: string | null;
  score: number | null;
  total_points: number;
  passed: number | null;
  question_order: string;
  option_order: string;
  /** The verified phone of a public exam's candidate; null for a member's attempt. */
  candidate_phone: string | null;
}

export interface ExamValues {
  title: string;
  description: string;
  pass_mark: number;
  time_limit_minutes: number;
  attempts_allowed: number;
  shuffle_questions: number;
  shuffle_options: number;
  product_id: number | null;
  required_course_id: number | null;
  is_public: number;
  review_enabled: number;
}

export function findExam(db: Conn, id: number): Promise<ExamRow | undefined> {
  return db.selectFrom('exams').select(EXAM_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A team's exams, newest first; only the published ones unless `all`. */
export function teamExams(db: Conn, teamId: number, all: boolean): Promise<ExamRow[]> {
  let q = db.selectFrom('exams').select(EXAM_COLUMNS).where('team_id', '=', teamId);
  if (!all) q = q.where('status', '=', 'published');
  return q.orderBy('id', 'desc').execute();
}

export async function insertExam(trx: Conn, e: ExamValues & { team_id: number; created_by: number; now: string }): Promise<number> {
  const { now, ...values } = e;
  const row = await trx
    .insertInto('exams')
    .values({ ...values, status: 'draft', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateExam(trx: Conn, id: number, e: ExamValues, now: string): Promise<void> {
  await trx
    .updateTable('exams')
    .set({ ...e, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setExamStatus(trx: Conn, id: number, status: 'draft' | 'published', now: string): Promise<void> {
  await trx.updateTable('exams').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export function productName(db: Conn, id: number): Promise<string | undefined> {
  return db
    .selectFrom('products')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((r) => r?.name);
}

export function productNames(db: Conn, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'name']).where('id', 'in', [...ids]).execute();
}

const QUESTION_COLUMNS = ['id', 'exam_id', 'kind', 'stem', 'options', 'answer', 'explanation', 'points', 'position'] as const;

export function examQuestions(db: Conn, examId: number): Promise<QuestionRow[]> {
  return db.selectFrom('exam_questions').select(QUESTION_COLUMNS).where('exam_id', '=', examId).orderBy('position').orderBy('id').execute();
}

/** Question count and total points per exam. */
export async function questionTotals(db: Conn, examIds: readonly number[]): Promise<Map<number, { count: number; points: number }>> {
  if (!examIds.length) return new Map();
  const rows = await db
    .selectFrom('exam_questions')
    .select(['exam_id', (eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.sum<number | string>('points').as('points')])
    .where('exam_id', 'in', [...examIds])
    .groupBy('exam_id')
    .execute();
  return new Map(rows.map((r) => [r.exam_id, { count: Number(r.n), points: Number(r.points ?? 0) }]));
}

export function findQuestion(db: Conn, id: number): Promise<QuestionRow | undefined> {
  return db.selectFrom('exam_questions').select(QUESTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export interface QuestionValues {
  kind: string;
  stem: string;
  options: string;
  answer: string;
  explanation: string;
  points: number;
}

/** Appends questions at the end of the exam; their ids in order. */
export async function insertQuestions(trx: Conn, examId: number, qs: readonly QuestionValues[]): Promise<number[]> {
  if (!qs.length) return [];
  const last = await trx
    .selectFrom('exam_questions')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  const start = Number(last?.p ?? 0) + 1;
  const ids: number[] = [];
  for (const [i, q] of qs.entries()) {
    const row = await trx
      .insertInto('exam_questions')
      .values({ exam_id: examId, ...q, position: start + i })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export async function updateQuestion(trx: Conn, id: number, q: QuestionValues): Promise<void> {
  await trx.updateTable('exam_questions').set(q).where('id', '=', id).execute();
}

export async function deleteQuestion(trx: Conn, id: number): Promise<void> {
  await trx.deleteFrom('exam_questions').where('id', '=', id).execute();
}

export async function attemptCount(db: Conn, examId: number): Promise<number> {
  const r = await db
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const ATTEMPT_COLUMNS = [
  'id',
  'exam_id',
  'designer_id',
  'started_at',
  'deadline',
  'submitted_at',
  'submitted_by',
  'score',
  'total_points',
  'passed',
  'question_order',
  'option_order',
  'candidate_phone',
] as const;

export function findAttempt(db: Conn, id: number): Promise<AttemptRow | undefined> {
  return db.selectFrom('exam_attempts').select(ATTEMPT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A designer's attempts at these exams, newest first. */
export function designerAttempts(db: Conn, designerId: number, examIds: readonly number[]): Promise<AttemptRow[]> {
  if (!examIds.length) return Promise.resolve([]);
  return db
    .selectFrom('exam_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('designer_id', '=', designerId)
    .where('exam_id', 'in', [...examIds])
    .orderBy('id', 'desc')
    .execute();
}

/** A candidate's attempts at an exam (by the verified phone), newest first. */
export function candidateAttempts(db: Conn, phone: string, examId: number): Promise<AttemptRow[]> {
  return db.selectFrom('exam_attempts').select(ATTEMPT_COLUMNS).where('candidate_phone', '=', phone).where('exam_id', '=', examId).orderBy('id', 'desc').execute();
}

export async function insertAttempt(
  trx: Conn,
  a: {
    exam_id: number;
    designer_id: number | null;
    candidate_phone: string | null;
    started_at: string;
    deadline: string;
    total_points: number;
    question_order: number[];
    option_order: Record<number, string[]>;
  },
): Promise<number> {
  const row = await trx
    .insertInto('exam_attempts')
    .values({ ...a, question_order: JSON.stringify(a.question_order), option_order: JSON.stringify(a.option_order) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the attempt's row lock while it is still open (not submitted, deadline ahead), so a save
 * and a submit of one attempt run one after the other, and answers what a save checks (whose it
 * is, its questions): the save's one statement before its upsert. Undefined when it is not open.
 */
export function lockOpenAttemptFor(trx: Conn, id: number, now: string): Promise<Pick<AttemptRow, 'exam_id' | 'designer_id' | 'candidate_phone' | 'question_order'> | undefined> {
  return trx
    .updateTable('exam_attempts')
    .set({ deadline: sql<string>`deadline` })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .where('deadline', '>', now)
    .returning(['exam_id', 'designer_id', 'candidate_phone', 'question_order'])
    .executeTakeFirst();
}

/** Saves one answer: one row per (attempt, question), the last save wins. */
export async function upsertAnswer(trx: Conn, attemptId: number, questionId: number, answer: string, now: string): Promise<void> {
  await trx
    .insertInto('exam_answers')
    .values({ attempt_id: attemptId, question_id: questionId, answer, saved_at: now })
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet({ answer: (eb) => eb.ref('excluded.answer'), saved_at: (eb) => eb.ref('excluded.saved_at') }))
    .execute();
}

export function attemptAnswers(db: Conn, attemptId: number): Promise<{ question_id: number; answer: string; saved_at: string }[]> {
  return db.selectFrom('exam_answers').select(['question_id', 'answer', 'saved_at']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();
}

/**
 * Marks the attempt submitted if nobody did yet: the one conditional update that makes a submit
 * happen once, whoever tries (the designer, the sweep of any instance, a read past the deadline).
 * The designer's submit needs the deadline ahead and finishes now; the server's needs it passed
 * and finishes at the deadline.
 */
export async function claimSubmit(trx: Conn, id: number, by: 'designer' | 'deadline', now: string): Promise<boolean> {
  const open = trx.updateTable('exam_attempts').where('id', '=', id).where('submitted_at', 'is', null);
  const r =
    by === 'designer'
      ? await open.set({ submitted_at: now, submitted_by: 'designer' }).where('deadline', '>', now).executeTakeFirst()
      : await open.set((eb) => ({ submitted_at: eb.ref('deadline'), submitted_by: 'deadline' })).where('deadline', '<=', now).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes the exam's row lock: starts of one exam run one after the other (the attempts-allowed count). */
export async function lockExam(trx: Conn, id: number): Promise<void> {
  await trx.updateTable('exams').set({ updated_at: sql<string>`updated_at` }).where('id', '=', id).execute();
}

export async function recordScore(trx: Conn, id: number, score: number, passed: boolean): Promise<void> {
  await trx
    .updateTable('exam_attempts')
    .set({ score, passed: passed ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Open attempts whose deadline has passed (the sweep's batch). */
export function dueAttemptIds(db: Conn, now: string, limit: number): Promise<number[]> {
  return db
    .selectFrom('exam_attempts')
    .select('id')
    .where('submitted_at', 'is', null)
    .where('deadline', '<=', now)
    .orderBy('deadline')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Adds the product to the designer's products and records the qualification (once per product). */
export async function qualify(trx: Conn, q: { designerId: number; productId: number; examId: number; attemptId: number; now: string }): Promise<void> {
  await trx
    .insertInto('designer_products')
    .values({ designer_id: q.designerId, product_id: q.productId })
    .onConflict((oc) => oc.columns(['designer_id', 'product_id']).doNothing())
    .execute();
  await trx
    .insertInto('exam_qualifications')
    .values({ designer_id: q.designerId, product_id: q.productId, exam_id: q.examId, attempt_id: q.attemptId, qualified_at: q.now })
    .onConflict((oc) => oc.columns(['designer_id', 'product_id']).doNothing())
    .execute();
}

/**
 * Joins a phone's candidate attempts that belong to no account yet to the designer now holding the
 * phone, in the caller's transaction (registration's unit of work). A joined pass of an exam linked
 * to a product qualifies the designer, as the pass would have for a member. The number joined.
 */
export async function joinCandidateAttempts(trx: Conn, q: { designerId: number; phone: string; now: string }): Promise<number> {
  const joined = await trx
    .updateTable('exam_attempts')
    .set({ designer_id: q.designerId })
    .where('candidate_phone', '=', q.phone)
    .where('designer_id', 'is', null)
    .returning(['id', 'exam_id', 'passed'])
    .execute();
  const passes = joined.filter((a) => a.passed === 1);
  if (passes.length) {
    const products = await trx
      .selectFrom('exams')
      .select(['id', 'product_id'])
      .where('id', 'in', [...new Set(passes.map((a) => a.exam_id))])
      .execute();
    const productOf = new Map(products.map((e) => [e.id, e.product_id]));
    for (const a of passes) {
      const productId = productOf.get(a.exam_id);
      if (productId) await qualify(trx, { designerId: q.designerId, productId, examId: a.exam_id, attemptId: a.id, now: q.now });
    }
  }
  return joined.length;
}

/** The candidates' attempts at an exam (the lead's results), oldest first. */
export function examCandidateAttempts(db: Conn, examId: number) {
  return db
    .selectFrom('exam_attempts as a')
    .leftJoin('designers as d', 'd.id', 'a.designer_id')
    .select(['a.candidate_phone', 'a.designer_id', 'd.nickname', 'd.real_name', 'a.started_at', 'a.submitted_at', 'a.score', 'a.passed'])
    .where('a.exam_id', '=', examId)
    .where('a.candidate_phone', 'is not', null)
    .orderBy('a.id')
    .execute();
}

/** The products a designer was qualified for by an exam, with the exam and the time. */
export function designerQualifications(db: Conn, designerId: number) {
  return db
    .selectFrom('exam_qualifications as q')
    .innerJoin('exams as e', 'e.id', 'q.exam_id')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .select(['q.product_id', 'p.name as product_name', 'q.exam_id', 'e.title as exam_title', 'q.attempt_id', 'q.qualified_at'])
    .where('q.designer_id', '=', designerId)
    .orderBy('q.qualified_at')
    .execute();
}
