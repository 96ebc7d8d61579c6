/**
 * Public exams taken by candidates without an account (issue #16): the public read (no question),
 * phone verification by an SMS code of scene exam_candidate, the credential bound to (phone, exam)
 * (missing, forged, expired, another exam's), the members' attempt rules (resume, last save wins,
 * no answer before the submit, submit once, the deadline, attempts per phone), the join of the
 * attempts to the account on registration (and at once for a phone that has one), and the
 * candidates in the lead's results with the phone masked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import type { Answer } from '../src/modules/study/scoring.js';
import { dialects, expect401, expectEnvelope, expectFieldErrors, freshPhone, type Res } from './support/harness.js';
import { createPerson, createProduct, createTeam, type Person, useTicketApp } from './support/tickets.js';

interface AttemptWire {
  attempt_id: number;
  exam_id: number;
  status: 'in_progress' | 'submitted';
  deadline: string;
  submitted_by: string | null;
  questions: { question_id: number; kind: string; options: { key: string; text: string }[] }[];
  answers: { question_id: number; answer: Answer }[];
  result: null | { score: number; total_points: number; passed: boolean; review: null | { question_id: number; correct_answer: Answer; explanation: string }[] };
}
interface StateWire {
  expires_at: string;
  phone_masked: string;
  exam: { exam_id: number; title: string; candidates_can_take: boolean };
  attempts: { attempt_id: number; status: string; score: number | null }[];
  open_attempt_id: number | null;
  can_start: boolean;
  cannot_start_reason: string | null;
  passed: boolean;
}

const SECRET_FILL = '候选人秘钥答案';
const SECRET_EXPLAIN = '候选人解析交卷后可见';
const QUESTIONS = [
  { kind: 'single', stem: '印刷常用的色彩模式是？', options: ['RGB', 'CMYK'], answer: 'B', explanation: `${SECRET_EXPLAIN}1`, points: 50 },
  { kind: 'fill', stem: '请写出暗号', answer: [SECRET_FILL], explanation: `${SECRET_EXPLAIN}2`, points: 50 },
];
const RIGHT: Record<string, Answer> = { single: 'B', fill: SECRET_FILL };

describe.each(dialects)('public exams for candidates (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let teamId: number;
  let lead: Person;
  let member: Person;

  beforeAll(async () => {
    teamId = await createTeam(t);
    [lead, member] = await Promise.all([createPerson(t, { type: 0, teamId, online: 0 }), createPerson(t, { type: 1, teamId })]);
  });

  async function exam(settings: Record<string, unknown> = {}, publish = true): Promise<number> {
    const created = expectEnvelope<{ exam_id: number }>(
      await lead.client.post('/api/study/manage/exams', { title: '设计师招聘笔试', description: '限时作答，提交后不可修改', pass_mark: 60, time_limit_minutes: 20, attempts_allowed: 2, is_public: true, ...settings }),
      200,
    ).data;
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/questions`, { questions: QUESTIONS }), 200);
    if (publish) expectEnvelope(await lead.client.post(`/api/study/manage/exams/${created.exam_id}/publish`, {}), 200);
    return created.exam_id;
  }

  /** A verified candidate: the code of scene exam_candidate, then the credential. */
  async function verify(examId: number, phone = freshPhone()) {
    const code = await t.sendCode(phone, 'exam_candidate');
    const body = expectEnvelope<StateWire & { token: string }>(await t.anon.post(`/api/study/public/exams/${examId}/candidate`, { phone, code }), 200).data;
    const c = t.client({ headers: { 'x-candidate-token': body.token } });
    return { phone, token: body.token, state: body, client: c };
  }
  const start = async (c: { client: ReturnType<typeof t.client> }) => expectEnvelope<AttemptWire>(await c.client.post('/api/study/public/candidate/attempts', {}), 200).data;
  const byKind = (a: AttemptWire, kind: string) => a.questions.find((q) => q.kind === kind)!.question_id;
  const attemptRow = (id: number) => t.db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('reads a public exam without a login (settings, no question); any other exam is 404', async () => {
    const id = await exam();
    const res = await t.anon.get(`/api/study/public/exams/${id}`);
    const info = expectEnvelope(res, 200).data;
    expect(info).toMatchObject({ exam_id: id, title: '设计师招聘笔试', description: '限时作答，提交后不可修改', pass_mark: 60, time_limit_minutes: 20, attempts_allowed: 2, question_count: 2, total_points: 100, candidates_can_take: true });
    expect(res.body).not.toContain('印刷常用的色彩模式');
    expect(res.body).not.toContain(SECRET_FILL);
    const closed = await exam({ is_public: false });
    const draft = await exam({}, false);
    for (const other of [closed, draft, 2147483647]) expect(expectEnvelope(await t.anon.get(`/api/study/public/exams/${other}`), 404).message).toBe('考试不存在');
    expectFieldErrors(await t.anon.get('/api/study/public/exams/abc'), [['id', '考试编号不正确']]);
  });

  it('verifies a phone by an exam_candidate code; a non-public exam is 404 before the code is spent; bad input is 422', async () => {
    const id = await exam();
    const closed = await exam({ is_public: false });
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'exam_candidate');
    expect(expectEnvelope(await t.anon.post(`/api/study/public/exams/${closed}/candidate`, { phone, code }), 404).message).toBe('考试不存在');
    expectFieldErrors(await t.anon.post(`/api/study/public/exams/${id}/candidate`, { phone: '123', code: 'abc' }), [
      ['phone', undefined],
      ['code', '验证码为6位数字'],
    ]);
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldErrors(await t.anon.post(`/api/study/public/exams/${id}/candidate`, { phone, code: wrong }), [['code', '验证码错误']]);
    // A code of another scene does not verify a candidate.
    const other = freshPhone();
    const registerCode = await t.sendCode(other, 'register');
    expectFieldErrors(await t.anon.post(`/api/study/public/exams/${id}/candidate`, { phone: other, code: registerCode }), [['code', '请先获取验证码']]);
    const before = await t.db.selectFrom('exam_candidate_tokens').select('token_hash').execute();
    const ok = expectEnvelope<StateWire & { token: string }>(await t.anon.post(`/api/study/public/exams/${id}/candidate`, { phone, code }), 200).data;
    expect(ok.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.phone_masked).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(ok).toMatchObject({ can_start: true, open_attempt_id: null, attempts: [] });
    // Only the hash is stored; the code is used up.
    const rows = await t.db.selectFrom('exam_candidate_tokens').selectAll().execute();
    expect(rows.length).toBe(before.length + 1);
    expect(JSON.stringify(rows)).not.toContain(ok.token);
    expectFieldErrors(await t.anon.post(`/api/study/public/exams/${id}/candidate`, { phone, code }), [['code', /请先获取验证码|验证码已使用/]]);
  });

  it('the credential: missing or forged is 401, it opens only its exam’s candidate calls, and it expires', async () => {
    const id = await exam({ time_limit_minutes: 10 });
    const otherExam = await exam();
    const c = await verify(id);
    expect(expect401(await t.anon.get('/api/study/public/candidate')).message).toBe('请先验证手机号');
    // The real credential with its last two characters changed (one in ~1,000 already ends in AA).
    const forgedToken = `${c.token.slice(0, -2)}${c.token.endsWith('AA') ? 'BA' : 'AA'}`;
    const forged = t.client({ headers: { 'x-candidate-token': forgedToken } });
    expect(expect401(await forged.get('/api/study/public/candidate')).message).toBe('手机验证已失效，请重新验证');
    expect(expect401(await forged.post('/api/study/public/candidate/attempts', {})).message).toBe('手机验证已失效，请重新验证');
    // Not a session: the members' calls refuse it, and a session does not open the candidate calls.
    expect401(await t.authed(c.token).get('/api/study/exams'));
    expect(expect401(await member.client.get('/api/study/public/candidate')).message).toBe('请先验证手机号');
    const state = expectEnvelope<StateWire>(await c.client.get('/api/study/public/candidate'), 200).data;
    expect(state.exam.exam_id).toBe(id);
    // Another exam's attempt (of another candidate) is not reachable with this credential.
    const other = await verify(otherExam);
    const theirs = await start(other);
    expect(expectEnvelope(await c.client.get(`/api/study/public/candidate/attempts/${theirs.attempt_id}`), 404).message).toBe('答卷不存在');
    expect(expectEnvelope(await c.client.put(`/api/study/public/candidate/attempts/${theirs.attempt_id}/answers/${byKind(theirs, 'single')}`, { answer: 'A' }), 404).message).toBe('答卷不存在');
    expect(expectEnvelope(await c.client.post(`/api/study/public/candidate/attempts/${theirs.attempt_id}/submit`, {}), 404).message).toBe('答卷不存在');
    // A member's attempt is not a candidate's either.
    const mine = expectEnvelope<AttemptWire>(await member.client.post(`/api/study/exams/${id}/attempts`, {}), 200).data;
    expect(expectEnvelope(await c.client.get(`/api/study/public/candidate/attempts/${mine.attempt_id}`), 404).message).toBe('答卷不存在');
    // Never started: valid for the time limit + 30 minutes, then 401.
    expect(Date.parse(state.expires_at) - Date.now()).toBeGreaterThan(39 * 60_000);
    advanceClock(41 * 60_000);
    expect(expect401(await c.client.get('/api/study/public/candidate')).message).toBe('手机验证已失效，请重新验证');
    expect(expect401(await c.client.post('/api/study/public/candidate/attempts', {})).message).toBe('手机验证已失效，请重新验证');
  });

  it('takes the exam with a member’s rules: resume with answers in place, last save wins, no answer before the submit, submit once', async () => {
    const id = await exam({ shuffle_questions: true, shuffle_options: true });
    const c = await verify(id);
    const responses: Res[] = [];
    const keep = (res: Res) => (responses.push(res), res);
    const a = expectEnvelope<AttemptWire>(keep(await c.client.post('/api/study/public/candidate/attempts', {})), 200).data;
    expect(a.status).toBe('in_progress');
    const row = await attemptRow(a.attempt_id);
    expect(row).toMatchObject({ designer_id: null, candidate_phone: c.phone });
    const single = byKind(a, 'single');
    const fill = byKind(a, 'fill');
    expectEnvelope(keep(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${single}`, { answer: 'A' })), 200);
    expectEnvelope(keep(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${single}`, { answer: 'B' })), 200);
    expectFieldErrors(keep(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${single}`, { answer: 'Z' })), [['answer', '答案必须是该题的一个选项']]);
    expect(expectEnvelope(keep(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/2147483647`, { answer: 'A' })), 404).message).toBe('该题不在本次答卷中');
    // Another device verifies the same phone again: the same attempt, the answers in place.
    advanceClock(61_000);
    const again = await verify(id, c.phone);
    expect(again.state.open_attempt_id).toBe(a.attempt_id);
    const resumed = expectEnvelope<AttemptWire>(keep(await again.client.post('/api/study/public/candidate/attempts', {})), 200).data;
    expect(resumed.attempt_id).toBe(a.attempt_id);
    expect(resumed.questions.map((q) => q.question_id)).toEqual(a.questions.map((q) => q.question_id));
    expect(resumed.answers).toEqual([expect.objectContaining({ question_id: single, answer: 'B' })]);
    expectEnvelope(keep(await again.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${fill}`, { answer: RIGHT.fill! })), 200);
    keep(await c.client.get(`/api/study/public/candidate/attempts/${a.attempt_id}`));
    keep(await c.client.get('/api/study/public/candidate'));
    keep(await t.anon.get(`/api/study/public/exams/${id}`));
    for (const res of responses) {
      expect(res.body).not.toContain(SECRET_EXPLAIN);
      expect(res.body).not.toMatch(/correct_answer|explanation|"review"/);
    }
    // The fill answer the candidate typed is the only place the secret text appears before the submit.
    expect(responses.filter((r) => r.body.includes(SECRET_FILL)).every((r) => r.json().data.answers !== undefined || r.json().data.answer !== undefined)).toBe(true);
    const done = expectEnvelope<AttemptWire>(await c.client.post(`/api/study/public/candidate/attempts/${a.attempt_id}/submit`, {}), 200).data;
    expect(done.result).toMatchObject({ score: 100, total_points: 100, passed: true });
    expect(done.result!.review!.map((r) => r.explanation).sort()).toEqual([`${SECRET_EXPLAIN}1`, `${SECRET_EXPLAIN}2`]);
    expect(expectEnvelope(await c.client.post(`/api/study/public/candidate/attempts/${a.attempt_id}/submit`, {}), 409).message).toBe('答卷已提交，不能再修改或重复提交');
    expect(expectEnvelope(await again.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${single}`, { answer: 'A' }), 409).message).toBe('答卷已提交，不能再修改或重复提交');
    expect((await t.db.selectFrom('exam_answers').select('answer').where('attempt_id', '=', a.attempt_id).where('question_id', '=', single).executeTakeFirstOrThrow()).answer).toBe('"B"');
  });

  it('counts attempts per phone, and the server submits at the deadline; the credential lasts to the deadline + 30 minutes', async () => {
    const id = await exam({ attempts_allowed: 1, time_limit_minutes: 10 });
    const c = await verify(id);
    const a = await start(c);
    expectEnvelope(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${byKind(a, 'single')}`, { answer: 'B' }), 200);
    advanceClock(10 * 60_000 + 1000);
    expect(expectEnvelope(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${byKind(a, 'fill')}`, { answer: 'x' }), 410).message).toBe(
      '考试时间已到，答卷已按截止时间自动提交，不能再作答或提交',
    );
    const after = expectEnvelope<AttemptWire>(await c.client.get(`/api/study/public/candidate/attempts/${a.attempt_id}`), 200).data;
    expect(after).toMatchObject({ status: 'submitted', submitted_by: 'deadline' });
    expect(after.result).toMatchObject({ score: 50, passed: false });
    expect((await attemptRow(a.attempt_id)).submitted_at).toBe(a.deadline);
    const state = expectEnvelope<StateWire>(await c.client.get('/api/study/public/candidate'), 200).data;
    expect(state).toMatchObject({ can_start: false, cannot_start_reason: '已用完全部1次考试机会', open_attempt_id: null });
    expect(expectEnvelope(await c.client.post('/api/study/public/candidate/attempts', {}), 409).message).toBe('已用完全部1次考试机会');
    // Another phone has its own attempts.
    const other = await verify(id);
    expect((await start(other)).attempt_id).not.toBe(a.attempt_id);
    // The credential was pushed to the deadline + 30 minutes at the start.
    expect(state.expires_at).toBe(new Date(Date.parse(a.deadline) + 30 * 60_000).toISOString());
    advanceClock(30 * 60_000);
    expect401(await c.client.get(`/api/study/public/candidate/attempts/${a.attempt_id}`));
  });

  it('an exam that requires a course is not for candidates; withdrawing the exam closes it to them', async () => {
    const course = expectEnvelope<{ course_id: number }>(await lead.client.post('/api/study/manage/courses', { title: '入职必修', required: true }), 200).data;
    const id = await exam({ required_course_id: course.course_id });
    expect(expectEnvelope(await t.anon.get(`/api/study/public/exams/${id}`), 200).data.candidates_can_take).toBe(false);
    const c = await verify(id);
    expect(c.state).toMatchObject({ can_start: false, cannot_start_reason: '该考试需要先完成指定课程，请注册登录后参加' });
    expect(expectEnvelope(await c.client.post('/api/study/public/candidate/attempts', {}), 409).message).toBe('该考试需要先完成指定课程，请注册登录后参加');
    expect(await t.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', id).execute()).toEqual([]);
    const open = await exam();
    const d = await verify(open);
    expectEnvelope(await lead.client.post(`/api/study/manage/exams/${open}/unpublish`, {}), 200);
    expect(expectEnvelope(await d.client.get('/api/study/public/candidate'), 404).message).toBe('考试不存在');
    expect(expectEnvelope(await d.client.post('/api/study/public/candidate/attempts', {}), 404).message).toBe('考试不存在');
  });

  it('joins the attempts to the account when the phone registers (a pass qualifies), at once for a phone with an account; the lead sees candidates masked', async () => {
    const product = await createProduct(t);
    const id = await exam({ product_id: product });
    const c = await verify(id);
    const a = await start(c);
    for (const q of a.questions) expectEnvelope(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${q.question_id}`, { answer: RIGHT[q.kind]! }), 200);
    expect(expectEnvelope<AttemptWire>(await c.client.post(`/api/study/public/candidate/attempts/${a.attempt_id}/submit`, {}), 200).data.result!.passed).toBe(true);
    // No account yet: nobody is qualified.
    expect(await t.db.selectFrom('exam_qualifications').select('designer_id').where('exam_id', '=', id).execute()).toEqual([]);
    let results = expectEnvelope(await lead.client.get(`/api/study/manage/results?item_type=exam&item_id=${id}`), 200).data;
    expect(results.candidates).toEqual([
      { phone_masked: `${c.phone.slice(0, 3)}****${c.phone.slice(7)}`, attempts: 1, best_score: 100, passed: true, last_started_at: expect.any(String), designer_id: null, name: null },
    ]);
    expect(JSON.stringify(results)).not.toContain(c.phone);
    expect(results.rows.map((r: { designer_id: string }) => r.designer_id)).not.toContain(null);
    // The export lists the candidate after the members, masked as on the page.
    const csv = await lead.client.get(`/api/study/manage/results/export?item_type=exam&item_id=${id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('来源,设计师编号,姓名,手机号,是否指派,截止时间,是否逾期,考试次数,最高分,是否通过');
    expect(lines.at(-1)).toBe(`公开考生,,,${c.phone.slice(0, 3)}****${c.phone.slice(7)},,,,1,100,是`);
    expect(csv.body).not.toContain(c.phone);

    advanceClock(61_000);
    const user = await t.registerUser({ phone: c.phone });
    const account = await t.db.selectFrom('designers').select('id').where('phone', '=', c.phone).executeTakeFirstOrThrow();
    expect((await attemptRow(a.attempt_id)).designer_id).toBe(account.id);
    expect(await t.db.selectFrom('designer_products').select('product_id').where('designer_id', '=', account.id).execute()).toEqual([{ product_id: product }]);
    expect(await t.db.selectFrom('exam_qualifications').select(['designer_id', 'attempt_id']).where('exam_id', '=', id).execute()).toEqual([{ designer_id: account.id, attempt_id: a.attempt_id }]);
    // The account reads it as its own attempt; the candidate credential still reads it too.
    const own = expectEnvelope<AttemptWire>(await t.authed(user.token).get(`/api/study/attempts/${a.attempt_id}`), 200).data;
    expect(own.result!.score).toBe(100);
    expectEnvelope(await c.client.get(`/api/study/public/candidate/attempts/${a.attempt_id}`), 200);
    results = expectEnvelope(await lead.client.get(`/api/study/manage/results?item_type=exam&item_id=${id}`), 200).data;
    expect(results.candidates[0]).toMatchObject({ designer_id: expect.stringMatching(/^D\d+$/), name: expect.any(String) });

    // A phone that already has an account: the attempt is the account's from the start.
    const m = await verify(id, member.phone);
    const b = await start(m);
    expect(await attemptRow(b.attempt_id)).toMatchObject({ designer_id: member.id, candidate_phone: member.phone });
    expectEnvelope(await member.client.get(`/api/study/attempts/${b.attempt_id}`), 200);
  });

  it('joins the attempts to an account that changes its phone to the candidate\'s, in the change\'s unit of work', async () => {
    const product = await createProduct(t);
    const id = await exam({ product_id: product });
    const c = await verify(id);
    const a = await start(c);
    for (const q of a.questions) expectEnvelope(await c.client.put(`/api/study/public/candidate/attempts/${a.attempt_id}/answers/${q.question_id}`, { answer: RIGHT[q.kind]! }), 200);
    expectEnvelope(await c.client.post(`/api/study/public/candidate/attempts/${a.attempt_id}/submit`, {}), 200);
    const user = await t.registerUser();
    const account = await t.db.selectFrom('designers').select('id').where('phone', '=', user.phone).executeTakeFirstOrThrow();
    // A wrong code changes nothing: the attempt stays the phone's alone.
    expectFieldErrors(await t.authed(user.token).put('/api/user/phone', { phone: c.phone, code: '000000' }), [['code']]);
    expect((await attemptRow(a.attempt_id)).designer_id).toBeNull();
    advanceClock(61_000);
    const code = await t.sendCode(c.phone, 'change_phone', user.token);
    expectEnvelope(await t.authed(user.token).put('/api/user/phone', { phone: c.phone, code }), 200);
    expect((await attemptRow(a.attempt_id)).designer_id).toBe(account.id);
    expect(await t.db.selectFrom('designer_products').select('product_id').where('designer_id', '=', account.id).execute()).toEqual([{ product_id: product }]);
    expect(expectEnvelope<AttemptWire>(await t.authed(user.token).get(`/api/study/attempts/${a.attempt_id}`), 200).data.result!.score).toBe(100);
  });
});
