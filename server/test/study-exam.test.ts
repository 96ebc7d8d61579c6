/**
 * Online exams (issue #16): authoring by the team's leads, attempts with a server deadline, saves
 * (last wins, one row), submit once, the server's submit at the deadline (the app's clock), no
 * answer or explanation in any response before submitting, scoring (a property test), attempts
 * allowed, shuffles kept per attempt, and the product a pass qualifies for.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { hasPassed, isCorrect, scoreAttempt, type Answer, type ScoredQuestion } from '../src/modules/study/scoring.js';
import { dialects, expectEnvelope, expectFieldErrors, type Res } from './support/harness.js';
import { createPerson, createProduct, createTeam, type Person, useTicketApp } from './support/tickets.js';

interface AttemptWire {
  attempt_id: number;
  exam_id: number;
  status: 'in_progress' | 'submitted';
  deadline: string;
  server_now: string;
  submitted_at: string | null;
  submitted_by: string | null;
  questions: { question_id: number; kind: string; stem: string; options: { key: string; text: string }[]; points: number }[];
  answers: { question_id: number; answer: Answer; saved_at: string }[];
  result: null | {
    score: number;
    total_points: number;
    passed: boolean;
    review: null | { question_id: number; correct: boolean; correct_answer: Answer; explanation: string; points_awarded: number }[];
  };
}
interface ManageWire {
  exam_id: number;
  status: string;
  questions: { question_id: number; kind: string; answer: Answer; explanation: string; points: number }[];
}

// Distinctive texts that only the answer keys and explanations carry: no response before a submit may contain them.
const SECRET_FILL = '秘钥答案甲乙丙';
const SECRET_EXPLAIN = '解析只在交卷后可见';

const QUESTIONS = [
  { kind: 'single', stem: '印刷常用的色彩模式是？', options: ['RGB', 'CMYK', 'LAB'], answer: 'B', explanation: `${SECRET_EXPLAIN}1`, points: 10 },
  { kind: 'multiple', stem: '下列哪些是矢量格式？', options: ['AI', 'JPG', 'SVG', 'PNG'], answer: ['A', 'C'], explanation: `${SECRET_EXPLAIN}2`, points: 20 },
  { kind: 'true_false', stem: '出血一般为3毫米。', answer: true, explanation: `${SECRET_EXPLAIN}3`, points: 10 },
  { kind: 'fill', stem: '请写出暗号', answer: [SECRET_FILL, 'ABC Ｄ'], explanation: `${SECRET_EXPLAIN}4`, points: 10 },
];
const RIGHT: Record<string, Answer> = { single: 'B', multiple: ['C', 'A'], true_false: true, fill: '  abc d ' };
const WRONG: Record<string, Answer> = { single: 'A', multiple: ['A'], true_false: false, fill: '不知道' };

describe.each(dialects)('exams (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let teamId: number;
  let product: number;
  let lead: Person;
  let designer: Person;
  let mate: Person;
  let outsider: Person;

  beforeAll(async () => {
    teamId = await createTeam(t);
    product = await createProduct(t);
    const otherTeam = await createTeam(t);
    [lead, designer, mate, outsider] = await Promise.all([
      createPerson(t, { type: 0, teamId, online: 0 }),
      createPerson(t, { type: 1, teamId, products: [] }),
      createPerson(t, { type: 1, teamId, products: [] }),
      createPerson(t, { type: 1, teamId: otherTeam }),
    ]);
  });

  /** A published exam of the team with the four questions. */
  async function exam(settings: Record<string, unknown> = {}): Promise<ManageWire> {
    const created = expectEnvelope<ManageWire>(
      await lead.client.post('/api/study/manage/exams', { title: '印前基础考试', pass_mark: 60, time_limit_minutes: 30, attempts_allowed: 2, ...settings }),
      200,
    ).data;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/questions`, { questions: QUESTIONS }), 200);
    return expectEnvelope<ManageWire>(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/publish`, {}), 200).data;
  }
  const start = async (who: Person, examId: number) => expectEnvelope<AttemptWire>(await who.client.post(`/api/study/exams/${examId}/attempts`, {}), 200).data;
  const save = (who: Person, a: number, q: number, answer: Answer) => who.client.put(`/api/study/attempts/${a}/answers/${q}`, { answer });
  const read = async (who: Person, a: number) => expectEnvelope<AttemptWire>(await who.client.get(`/api/study/attempts/${a}`), 200).data;
  const byKind = (a: AttemptWire, kind: string) => a.questions.find((q) => q.kind === kind)!.question_id;
  const attemptRow = (id: number) => t.db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('leads author and publish; members get 403, other teams 404; bad input is 422 in Chinese', async () => {
    expect(expectEnvelope(await designer.client.post('/api/study/manage/exams', { title: 'x', pass_mark: 60, time_limit_minutes: 10 }), 403).message).toBe('只有团队负责人可以管理考试');
    expectFieldErrors(await lead.client.post('/api/study/manage/exams', { title: ' ', pass_mark: 160, time_limit_minutes: 0 }), [
      ['title', '请填写考试名称'],
      ['pass_mark', '及格线必须是0-100的整数'],
      ['time_limit_minutes', '考试时长必须是1-600分钟'],
    ]);
    expectFieldErrors(await lead.client.post('/api/study/manage/exams', { title: 'x', pass_mark: 60, time_limit_minutes: 10, product_id: 2147483647 }), [['product_id', '产品不存在']]);
    const draft = expectEnvelope<ManageWire>(await lead.client.post('/api/study/manage/exams', { title: '草稿', pass_mark: 60, time_limit_minutes: 10 }), 200).data;
    expect(draft.status).toBe('draft');
    expect(expectEnvelope(await lead.client.post(`/api/study/manage/exams/${draft.exam_id}/publish`, {}), 409).message).toBe('请先添加题目再发布');
    expectFieldErrors(
      await lead.client.post(`/api/study/manage/exams/${draft.exam_id}/questions`, {
        questions: [{ kind: 'single', stem: '题', options: ['甲', '乙'], answer: 'C', points: 5 }],
      }),
      [['questions.0.answer', '正确答案不在选项中']],
    );
    // A draft is invisible to members; the manage view to a member is 403, to another team 404.
    expect(expectEnvelope(await designer.client.get(`/api/study/exams/${draft.exam_id}`), 404).message).toBe('考试不存在');
    expect(expectEnvelope(await designer.client.get(`/api/study/manage/exams/${draft.exam_id}`), 403).message).toBe('只有团队负责人可以管理考试');
    expect(expectEnvelope(await outsider.client.get(`/api/study/manage/exams/${draft.exam_id}`), 404).message).toBe('考试不存在');
    const e = await exam();
    expect(e.status).toBe('published');
    expect(e.questions.map((q) => q.answer)).toEqual(QUESTIONS.map((q) => q.answer));
    expect(expectEnvelope(await outsider.client.get(`/api/study/exams/${e.exam_id}`), 404).message).toBe('考试不存在');
  });

  it('no response before the submit carries an answer key or an explanation', async () => {
    const e = await exam({ shuffle_questions: true, shuffle_options: true });
    const responses: Res[] = [];
    const keep = (res: Res) => {
      responses.push(res);
      return res;
    };
    keep(await designer.client.get('/api/study/exams'));
    keep(await designer.client.get(`/api/study/exams/${e.exam_id}`));
    const a = expectEnvelope<AttemptWire>(keep(await designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {})), 200).data;
    for (const q of a.questions) keep(await save(designer, a.attempt_id, q.question_id, WRONG[q.kind]!));
    keep(await designer.client.get(`/api/study/attempts/${a.attempt_id}`));
    keep(await designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {}));
    keep(await designer.client.get('/api/study/exams'));
    keep(await save(designer, a.attempt_id, 2147483647, 'A'));
    keep(await designer.client.get(`/api/study/manage/exams/${e.exam_id}`));
    expect(responses).toHaveLength(a.questions.length + 8);
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(500);
      for (const secret of [SECRET_FILL, 'ABC Ｄ', SECRET_EXPLAIN, '"explanation"', '"correct_answer"', '"review"']) expect(res.body).not.toContain(secret);
    }
    // The question views carry exactly id, kind, stem, options and points.
    for (const q of a.questions) expect(Object.keys(q).sort()).toEqual(['kind', 'options', 'points', 'question_id', 'stem']);
    // After the submit, the review shows them.
    const done = expectEnvelope<AttemptWire>(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 200).data;
    expect(done.result!.review!.map((r) => r.explanation).sort()).toEqual(QUESTIONS.map((q) => q.explanation).sort());
  });

  it('scores on the server, answers the review, submits once; saves after the submit are refused', async () => {
    const e = await exam();
    const a = await start(designer, e.exam_id);
    expect(Date.parse(a.deadline) - Date.parse(a.server_now)).toBeGreaterThan(29 * 60_000);
    for (const q of a.questions) expectEnvelope(await save(designer, a.attempt_id, q.question_id, q.kind === 'fill' ? WRONG.fill! : RIGHT[q.kind]!), 200);
    const done = expectEnvelope<AttemptWire>(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 200).data;
    expect(done.status).toBe('submitted');
    expect(done.submitted_by).toBe('designer');
    expect(done.result).toMatchObject({ score: 40, total_points: 50, passed: true });
    expect(done.result!.review!.find((r) => r.question_id === byKind(a, 'fill'))).toMatchObject({ correct: false, points_awarded: 0, correct_answer: [SECRET_FILL, 'ABC Ｄ'] });
    expect(expectEnvelope(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 409).message).toBe('答卷已提交，不能再修改或重复提交');
    const before = await t.db.selectFrom('exam_answers').selectAll().where('attempt_id', '=', a.attempt_id).orderBy('question_id').execute();
    expect(expectEnvelope(await save(designer, a.attempt_id, byKind(a, 'fill'), RIGHT.fill!), 409).message).toBe('答卷已提交，不能再修改或重复提交');
    expect(await t.db.selectFrom('exam_answers').selectAll().where('attempt_id', '=', a.attempt_id).orderBy('question_id').execute()).toEqual(before);
    expect((await attemptRow(a.attempt_id)).score).toBe(40);
  });

  it('refuses answers of the wrong shape, questions not in the attempt and another designer’s attempt', async () => {
    const e = await exam();
    const a = await start(designer, e.exam_id);
    expectFieldErrors(await save(designer, a.attempt_id, byKind(a, 'single'), 'Z'), [['answer', '答案必须是该题的一个选项']]);
    expectFieldErrors(await save(designer, a.attempt_id, byKind(a, 'multiple'), ['A', 'A']), [['answer', '选项重复']]);
    expectFieldErrors(await save(designer, a.attempt_id, byKind(a, 'true_false'), 'true'), [['answer', '判断题答案只能是true或false']]);
    expectFieldErrors(await designer.client.put(`/api/study/attempts/${a.attempt_id}/answers/${byKind(a, 'single')}`, {}), [['answer']]);
    const other = await exam();
    expect(expectEnvelope(await save(designer, a.attempt_id, other.questions[0]!.question_id, 'A'), 404).message).toBe('该题不在本次答卷中');
    expect(expectEnvelope(await save(mate, a.attempt_id, byKind(a, 'single'), 'A'), 404).message).toBe('答卷不存在');
    expect(expectEnvelope(await mate.client.get(`/api/study/attempts/${a.attempt_id}`), 404).message).toBe('答卷不存在');
    expect(expectEnvelope(await mate.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 404).message).toBe('答卷不存在');
    const rows = await t.db.selectFrom('exam_answers').selectAll().where('attempt_id', '=', a.attempt_id).execute();
    expect(rows).toEqual([]);
  });

  it('resumes the same attempt with the answers in place; the last save wins and two concurrent saves leave one row', async () => {
    const e = await exam();
    const a = await start(designer, e.exam_id);
    const single = byKind(a, 'single');
    expectEnvelope(await save(designer, a.attempt_id, single, 'A'), 200);
    expectEnvelope(await save(designer, a.attempt_id, single, 'C'), 200);
    const again = await start(designer, e.exam_id);
    expect(again.attempt_id).toBe(a.attempt_id);
    expect(again.deadline).toBe(a.deadline);
    expect(again.answers).toEqual([{ question_id: single, answer: 'C', saved_at: expect.any(String) }]);
    // Two tabs at once.
    const [r1, r2] = await Promise.all([save(designer, a.attempt_id, single, 'A'), save(designer, a.attempt_id, single, 'B')]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const rows = await t.db.selectFrom('exam_answers').selectAll().where('attempt_id', '=', a.attempt_id).where('question_id', '=', single).execute();
    expect(rows).toHaveLength(1);
    expect(['"A"', '"B"']).toContain(rows[0]!.answer);
    // Saving the same again is idempotent.
    expectEnvelope(await save(designer, a.attempt_id, single, 'B'), 200);
    expectEnvelope(await save(designer, a.attempt_id, single, 'B'), 200);
    expect((await read(designer, a.attempt_id)).answers).toEqual([{ question_id: single, answer: 'B', saved_at: expect.any(String) }]);
  });

  it('at the deadline the server submits what was saved, finishing at the deadline; later saves and submits get 410', async () => {
    const e = await exam({ time_limit_minutes: 10 });
    const a = await start(designer, e.exam_id);
    expectEnvelope(await save(designer, a.attempt_id, byKind(a, 'single'), 'B'), 200);
    expectEnvelope(await save(designer, a.attempt_id, byKind(a, 'true_false'), true), 200);
    advanceClock(10 * 60_000 + 1000);
    // Nobody reads it: the sweep submits it (this call, or the plugin's own timer if it came first).
    await t.app.exams.submitDue();
    const row = await attemptRow(a.attempt_id);
    expect(row).toMatchObject({ submitted_at: a.deadline, submitted_by: 'deadline', score: 20, passed: 0 });
    expect(expectEnvelope(await save(designer, a.attempt_id, byKind(a, 'fill'), RIGHT.fill!), 410).message).toBe('考试时间已到，答卷已按截止时间自动提交，不能再作答或提交');
    expect(expectEnvelope(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 410).message).toContain('考试时间已到');
    expect(await attemptRow(a.attempt_id)).toEqual(row);
    expect(await t.db.selectFrom('exam_answers').select('question_id').where('attempt_id', '=', a.attempt_id).execute()).toHaveLength(2);
    // A second sweep (another instance) finds nothing to do.
    expect(await t.app.exams.submitDue()).toBe(0);
  });

  it('a read past the deadline submits it too (no sweep needed), and a late save submits and is refused', async () => {
    const e = await exam({ time_limit_minutes: 5, attempts_allowed: 0 });
    const a = await start(designer, e.exam_id);
    expectEnvelope(await save(designer, a.attempt_id, byKind(a, 'single'), 'B'), 200);
    advanceClock(5 * 60_000);
    const seen = await read(designer, a.attempt_id);
    expect(seen).toMatchObject({ status: 'submitted', submitted_by: 'deadline', submitted_at: a.deadline });
    expect(seen.result!.score).toBe(10);
    const b = await start(designer, e.exam_id);
    expect(b.attempt_id).not.toBe(a.attempt_id);
    advanceClock(5 * 60_000 + 1);
    expect(expectEnvelope(await save(designer, b.attempt_id, byKind(b, 'single'), 'B'), 410).message).toContain('考试时间已到');
    expect(await attemptRow(b.attempt_id)).toMatchObject({ submitted_by: 'deadline', submitted_at: b.deadline, score: 0 });
    expect(await t.db.selectFrom('exam_answers').select('question_id').where('attempt_id', '=', b.attempt_id).execute()).toEqual([]);
  });

  it('two tabs at once: concurrent starts make one attempt, concurrent submits one submit', async () => {
    const e = await exam({ attempts_allowed: 1 });
    const [r1, r2] = await Promise.all([designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {}), designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {})]);
    const [a1, a2] = [expectEnvelope<AttemptWire>(r1, 200).data, expectEnvelope<AttemptWire>(r2, 200).data];
    expect(a1.attempt_id).toBe(a2.attempt_id);
    expect(await t.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', e.exam_id).execute()).toHaveLength(1);
    expectEnvelope(await save(designer, a1.attempt_id, byKind(a1, 'single'), 'B'), 200);
    const submits = await Promise.all([designer.client.post(`/api/study/attempts/${a1.attempt_id}/submit`, {}), designer.client.post(`/api/study/attempts/${a1.attempt_id}/submit`, {})]);
    expect(submits.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await attemptRow(a1.attempt_id)).toMatchObject({ submitted_by: 'designer', score: 10 });
  });

  it('allows only the attempts the exam allows', async () => {
    const e = await exam({ attempts_allowed: 1 });
    const a = await start(designer, e.exam_id);
    expectEnvelope(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 200);
    expect(expectEnvelope(await designer.client.post(`/api/study/exams/${e.exam_id}/attempts`, {}), 409).message).toBe('已用完全部1次考试机会');
    const card = expectEnvelope<{ can_start: boolean; cannot_start_reason: string; attempts: unknown[]; best_score: number }>(await designer.client.get(`/api/study/exams/${e.exam_id}`), 200).data;
    expect(card).toMatchObject({ can_start: false, cannot_start_reason: '已用完全部1次考试机会', best_score: 0 });
    expect(card.attempts).toHaveLength(1);
    // Questions are frozen once someone has started.
    expect(expectEnvelope(await lead.client.post(`/api/study/manage/exams/${e.exam_id}/questions`, { questions: [QUESTIONS[0]] }), 409).message).toBe('考试已有人作答，不能再修改题目');
  });

  it('a shuffled exam keeps each attempt’s order: resuming shows the same order', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ kind: 'single', stem: `第${i + 1}题`, options: ['甲', '乙', '丙', '丁'], answer: 'A', points: 1 }));
    const created = expectEnvelope<ManageWire>(
      await lead.client.post('/api/study/manage/exams', { title: '乱序', pass_mark: 60, time_limit_minutes: 30, attempts_allowed: 0, shuffle_questions: true, shuffle_options: true }),
      200,
    ).data;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/questions`, { questions: many }), 200);
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/publish`, {}), 200);
    const a = await start(mate, created.exam_id);
    const order = a.questions.map((q) => [q.question_id, q.options.map((o) => o.key).join('')]);
    expect(order.map(([id]) => id)).not.toEqual([...order.map(([id]) => id as number)].sort((x, y) => x - y));
    expect((await start(mate, created.exam_id)).questions.map((q) => [q.question_id, q.options.map((o) => o.key).join('')])).toEqual(order);
    expect((await read(mate, a.attempt_id)).questions.map((q) => [q.question_id, q.options.map((o) => o.key).join('')])).toEqual(order);
  });

  it('passing an exam linked to a product qualifies the designer for it; failing changes nothing', async () => {
    const e = await exam({ product_id: product, attempts_allowed: 0 });
    const available = async () =>
      expectEnvelope<{ items: { id?: number; product_id?: number }[] }>(await mate.client.get('/api/designer-product/available-products?pageSize=100'), 200).data.items.map(
        (p) => p.product_id ?? p.id,
      );
    const failed = await start(mate, e.exam_id);
    for (const q of failed.questions) expectEnvelope(await save(mate, failed.attempt_id, q.question_id, WRONG[q.kind]!), 200);
    expect(expectEnvelope<AttemptWire>(await mate.client.post(`/api/study/attempts/${failed.attempt_id}/submit`, {}), 200).data.result!.passed).toBe(false);
    expect(await available()).not.toContain(product);
    const passed = await start(mate, e.exam_id);
    for (const q of passed.questions) expectEnvelope(await save(mate, passed.attempt_id, q.question_id, RIGHT[q.kind]!), 200);
    const done = expectEnvelope<AttemptWire>(await mate.client.post(`/api/study/attempts/${passed.attempt_id}/submit`, {}), 200).data;
    expect(done.result).toMatchObject({ score: 50, passed: true });
    expect(await available()).toContain(product);
    const q = await t.db.selectFrom('exam_qualifications').selectAll().where('designer_id', '=', mate.id).execute();
    expect(q).toEqual([expect.objectContaining({ product_id: product, exam_id: e.exam_id, attempt_id: passed.attempt_id })]);
    // The lead reads it on the designer's detail.
    const detail = expectEnvelope<{ qualifications: { product_id: number; exam_id: number; exam_title: string; qualified_at: string }[] }>(await lead.client.get(`/api/team/designers/${mate.code}`), 200).data;
    expect(detail.qualifications).toEqual([expect.objectContaining({ product_id: product, exam_id: e.exam_id, exam_title: '印前基础考试', qualified_at: done.submitted_at })]);
  });

  it('imports questions from Excel: the template round-trips; a bad sheet is a 422 naming each row and column, importing nothing', async () => {
    const created = expectEnvelope<ManageWire>(await lead.client.post('/api/study/manage/exams', { title: '导入', pass_mark: 60, time_limit_minutes: 30 }), 200).data;
    const url = `/api/study/manage/exams/${created.exam_id}/questions/import`;
    const template = await lead.client.get('/api/study/manage/questions/import-template');
    expect(template.statusCode).toBe(200);
    const sheet = async (rows: (string | number | null)[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('题目');
      ws.addRow(['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '分值', '解析']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    };
    const bad = await sheet([
      ['单选', '题一', '甲', '乙', null, null, null, null, 'C', 5, null],
      ['问答', '题二', null, null, null, null, null, null, 'x', 5, null],
      ['判断', '题三', null, null, null, null, null, null, '也许', 5, null],
      ['多选', '', '甲', null, '丙', null, null, null, 'A', 5, null],
      ['填空', '题五', null, null, null, null, null, null, 'ok', 0, null],
    ]);
    const refused = expectEnvelope(await lead.client.post(url, { file: bad }), 422);
    expect(refused.error_fields).toEqual([
      { field: 'row.2.I', message: '第2行I列（正确答案）：正确答案不在选项中' },
      { field: 'row.3.A', message: '第3行A列（题型）：题型只能是单选、多选、判断或填空' },
      { field: 'row.4.I', message: '第4行I列（正确答案）：判断题答案只能是对或错' },
      { field: 'row.5.D', message: '第5行D列（选项B）：选项需从A列起连续填写' },
      { field: 'row.6.J', message: '第6行J列（分值）：分值必须是1-100的整数' },
    ]);
    expect(refused.message).toBe('第2行I列（正确答案）：正确答案不在选项中');
    expectFieldErrors(await lead.client.post(url, { file: Buffer.from('not a workbook').toString('base64') }), [['file', '无法读取该文件，请上传按模板填写的Excel（.xlsx）文件']]);
    expect(expectEnvelope(await designer.client.post(url, { file: bad }), 403).message).toBe('只有团队负责人可以管理考试');
    expect(await t.db.selectFrom('exam_questions').select('id').where('exam_id', '=', created.exam_id).execute()).toEqual([]);
    // The template itself imports: one question of each kind.
    const imported = expectEnvelope<ManageWire>(await lead.client.post(url, { file: template.rawPayload.toString('base64') }), 200);
    expect(imported.message).toBe('已导入4道题');
    expect(imported.data.questions.map((q) => [q.kind, q.answer, q.points])).toEqual([
      ['single', 'B', 10],
      ['multiple', ['A', 'C'], 10],
      ['true_false', true, 5],
      ['fill', ['Pantone', 'PANTONE'], 5],
    ]);
  });

  it('a review turned off answers the score without the answers', async () => {
    const e = await exam({ review_enabled: false });
    const a = await start(designer, e.exam_id);
    const done = expectEnvelope<AttemptWire>(await designer.client.post(`/api/study/attempts/${a.attempt_id}/submit`, {}), 200).data;
    expect(done.result).toMatchObject({ score: 0, passed: false, review: null });
    expect(JSON.stringify(done)).not.toContain(SECRET_EXPLAIN);
  });
});

describe('exam scoring (property)', () => {
  const keys = ['A', 'B', 'C', 'D'];
  const question = fc.oneof(
    fc.record({ kind: fc.constant('single' as const), answer: fc.constantFrom(...keys), points: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('multiple' as const), answer: fc.subarray(keys, { minLength: 1 }), points: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('true_false' as const), answer: fc.boolean(), points: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('fill' as const), answer: fc.array(fc.constantFrom('CMYK', '出血', 'Pantone 186 C'), { minLength: 1, maxLength: 2 }), points: fc.integer({ min: 1, max: 100 }) }),
  );
  const given = fc.oneof(fc.constantFrom(...keys), fc.subarray(keys), fc.boolean(), fc.constantFrom('cmyk', ' 出血 ', 'pantone  186 c', '其他', ''), fc.constant(undefined));

  it('score = the sum of the points of the questions answered right, whatever the answers', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(question, given, fc.boolean()), { maxLength: 30 }), fc.integer({ min: 0, max: 100 }), (items, passMark) => {
        const questions: ScoredQuestion[] = items.map(([q], i) => ({ id: i + 1, ...q }));
        const answers = new Map<number, Answer>();
        // Half the time the right answer itself (reordered for multiple), otherwise a random one.
        for (const [i, [q, g, useRight]] of items.entries()) {
          const value = useRight ? (Array.isArray(q.answer) && q.kind === 'multiple' ? [...q.answer].reverse() : Array.isArray(q.answer) ? q.answer[0]! : q.answer) : g;
          if (value !== undefined) answers.set(i + 1, value);
        }
        const s = scoreAttempt(questions, answers);
        const expected = questions.reduce((sum, q) => sum + (isCorrect(q, answers.get(q.id)) ? q.points : 0), 0);
        expect(s.score).toBe(expected);
        expect(s.total).toBe(questions.reduce((sum, q) => sum + q.points, 0));
        for (const [i, [, , useRight]] of items.entries()) if (useRight) expect(s.correct.get(i + 1)).toBe(true);
        expect(hasPassed(s.score, s.total, passMark)).toBe(s.total > 0 && s.score / s.total >= passMark / 100 - 1e-12);
      }),
      { numRuns: 300 },
    );
  });
});
