import { describe, expect, it } from 'vitest';
import { ORIENTATION_QUESTIONS } from '../src/modules/onboarding/orientation.js';
import { DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, type Res, useTestApp } from './support/harness.js';

const STEP_URL = '/api/onboarding/registration-step';

const VALID: Record<number, Record<string, unknown>> = {
  1: { step: 1, real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' },
  2: { step: 2, work_purpose: 'side_income', current_occupation: '平面设计师', available_time: '工作日晚上' },
  3: { step: 3, specialty_tags: ['包装设计', '海报设计'], software_tags: ['Photoshop'] },
  4: { step: 4, account_name: '周若溪', bank_name: '招商银行', bank_branch: '', account_no: '6214 8500 1234 5678' },
  5: { step: 5, answers: Object.fromEntries(ORIENTATION_QUESTIONS.map((q) => [q.id, q.answer])) },
  6: { step: 6 },
};

function stepOf(res: Res): number {
  return expectEnvelope(res, 200).data.current_registration_step as number;
}

describe.each(dialects)('PUT /api/onboarding/registration-step (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('walks steps 1–6 in order, validating each; step 6 finishes onboarding', async () => {
    const user = await t.registerUser();
    const c = t.authed(user.token);

    // Step 1: basic information.
    expectFieldErrors(await c.put(STEP_URL, { step: 1, real_name: 'a', gender: 0, city: '', email: 'x@', wechat: '' }), [
      ['real_name', '请输入真实姓名（2-20个汉字）'],
      ['gender', '请选择性别'],
      ['city', '请输入所在城市'],
      ['email', '邮箱格式不正确'],
      ['wechat', '请输入微信号'],
    ]);
    const s1 = await c.put(STEP_URL, VALID[1]);
    expect(stepOf(s1)).toBe(1);
    expect(s1.json().data).toMatchObject({ real_name: '周若溪', gender: 2, city: '杭州', wechat: 'wx_zhou' });

    // Step 2: work profile.
    expectFieldErrors(await c.put(STEP_URL, { step: 2, work_purpose: 'fun', current_occupation: '', available_time: '' }), [
      ['work_purpose', '请选择工作目的'],
      ['current_occupation', '请输入当前职业'],
      ['available_time', '请输入可接单时间'],
    ]);
    const s2 = await c.put(STEP_URL, VALID[2]);
    expect(stepOf(s2)).toBe(2);
    expect(s2.json().data).toMatchObject({ work_purpose: 'side_income', current_occupation: '平面设计师' });

    // Step 3: skills.
    expectFieldErrors(await c.put(STEP_URL, { step: 3, specialty_tags: [] }), [
      ['specialty_tags', '请至少选择一个擅长领域'],
      ['software_tags', '请选择常用软件'],
    ]);
    expectFieldErrors(
      await c.put(STEP_URL, { step: 3, specialty_tags: Array.from({ length: 11 }, (_, i) => `t${i}`), software_tags: ['PS'] }),
      [['specialty_tags', '擅长领域最多选择10个']],
    );
    const s3 = await c.put(STEP_URL, VALID[3]);
    expect(stepOf(s3)).toBe(3);
    expect(s3.json().data).toMatchObject({ specialty_tags: ['包装设计', '海报设计'], software_tags: ['Photoshop'] });

    // Step 4: payout details (masked from then on).
    expectFieldErrors(await c.put(STEP_URL, { step: 4, account_name: '', bank_name: '', account_no: '12' }), [
      ['account_name', '请输入开户人真实姓名'],
      ['bank_name', '请输入开户银行'],
      ['account_no', '银行卡号应为12-19位数字'],
    ]);
    const s4 = await c.put(STEP_URL, VALID[4]);
    expect(stepOf(s4)).toBe(4);
    expect(s4.body).not.toContain('6214850012345678');
    const bank = await c.get('/api/user/bank-info');
    expect(expectEnvelope(bank, 200).data.account_no_masked).toBe('6214 **** **** 5678');

    // Step 5: orientation answers are checked on the server.
    const wrong = { ...(VALID[5]!.answers as Record<string, string>), q1: 'b', q3: 'a' };
    expectFieldErrors(await c.put(STEP_URL, { step: 5, answers: wrong }), [
      ['answers', '有2道题回答不正确，请重新阅读平台须知后作答'],
    ]);
    expectFieldErrors(await c.put(STEP_URL, { step: 5, answers: { q1: 'a' } }), [['answers', /^有2道题回答不正确/]]);
    expectFieldErrors(await c.put(STEP_URL, { step: 5 }), [['answers', '请完成所有题目']]);
    expect(stepOf(await c.get('/api/user/profile'))).toBe(4);
    expect(stepOf(await c.put(STEP_URL, VALID[5]))).toBe(5);

    // Step 6: done.
    const s6 = await c.put(STEP_URL, VALID[6]);
    expect(stepOf(s6)).toBe(6);
    expect(s6.json().message).toBe('欢迎加入，开始接单吧');
    expect(stepOf(await c.get('/api/user/profile'))).toBe(6);

    // Nothing more to submit.
    const after = await c.put(STEP_URL, VALID[1]);
    expect(expectEnvelope(after, 409).message).toBe('引导已完成，无需重复提交');
  });

  it('skipping ahead is refused on step and saves nothing', async () => {
    const user = await t.registerUser();
    const c = t.authed(user.token);
    for (const step of [2, 3, 4, 5, 6]) {
      expectFieldErrors(await c.put(STEP_URL, VALID[step]), [['step', '请先完成第1步']]);
    }
    const row = await t.db.selectFrom('designers').selectAll().where('phone', '=', user.phone).executeTakeFirstOrThrow();
    expect(row.current_registration_step).toBe(0);
    expect(row.work_purpose).toBe('');
    expect(row.bank_account_no).toBe('');
  });

  it('re-saving an earlier step keeps the current step', async () => {
    const user = await t.registerUser();
    const c = t.authed(user.token);
    for (const step of [1, 2, 3]) expect(stepOf(await c.put(STEP_URL, VALID[step]))).toBe(step);
    const again = await c.put(STEP_URL, { ...VALID[1], city: '温州' });
    expect(stepOf(again)).toBe(3);
    expect(again.json().data.city).toBe('温州');
    expect(stepOf(await c.put(STEP_URL, VALID[2]))).toBe(3);
  });

  it('an unknown step is refused on step', async () => {
    const token = await t.sessionFor(DEMO.onboarding);
    for (const step of [0, 7, '1', null]) {
      expectFieldErrors(await t.authed(token).put(STEP_URL, { step }), [['step', '引导步骤只能是1-6']]);
    }
    expectFieldErrors(await t.authed(token).put(STEP_URL, {}), [['step', '引导步骤只能是1-6']]);
  });

  it('demo user 13800000004 is at step 2 and continues from there', async () => {
    const token = await t.sessionFor(DEMO.onboarding);
    const c = t.authed(token);
    expect(stepOf(await c.get('/api/user/profile'))).toBe(2);
    expectFieldErrors(await c.put(STEP_URL, VALID[4]), [['step', '请先完成第3步']]);
    expect(stepOf(await c.put(STEP_URL, VALID[3]))).toBe(3);
  });

  it('a finished designer cannot go back into onboarding', async () => {
    const token = await t.sessionFor(DEMO.designer);
    expectEnvelope(await t.authed(token).put(STEP_URL, VALID[6]), 409);
  });

  it('finishing onboarding shows the welcome page once, to that person only (issue #18)', async () => {
    const user = await t.registerUser();
    const c = t.authed(user.token);
    const welcome = async (client: typeof c) => expectEnvelope(await client.get('/api/workbench/home'), 200).data.welcome_pending as boolean;
    for (const step of [1, 2, 3, 4, 5]) expect(stepOf(await c.put(STEP_URL, VALID[step]))).toBe(step);
    expect(await welcome(c)).toBe(false);
    expect(stepOf(await c.put(STEP_URL, VALID[6]))).toBe(6);
    expect(await welcome(c)).toBe(true);
    // A designer who never went through onboarding here (the seed) sees no welcome page.
    const lead = t.authed(await t.sessionFor(DEMO.lead));
    expect(await welcome(lead)).toBe(false);
    // Leaving it is kept on the server: every later home (any browser) has no welcome page.
    expect(expectEnvelope(await c.post('/api/workbench/welcome/done', {}), 200).data).toEqual({ welcome_pending: false });
    expect(await welcome(c)).toBe(false);
    expect(await welcome(t.authed(await t.sessionFor(user.phone)))).toBe(false);
    expect401(await t.anon.post('/api/workbench/welcome/done', {}));
  });

  it('GET /api/onboarding/orientation gives the questions without the answers', async () => {
    const token = await t.sessionFor(DEMO.onboarding);
    const res = await t.authed(token).get('/api/onboarding/orientation');
    const data = expectEnvelope(res, 200).data;
    expect(data.paragraphs.length).toBeGreaterThan(0);
    expect(data.questions.map((q: { id: string }) => q.id)).toEqual(ORIENTATION_QUESTIONS.map((q) => q.id));
    for (const q of data.questions) {
      expect(Object.keys(q).sort()).toEqual(['id', 'options', 'question']);
      expect(q.options.length).toBeGreaterThan(1);
    }
    expect(res.body).not.toContain('"answer"');
  });

  it('needs a token', async () => {
    expect401(await t.anon.put(STEP_URL, VALID[1]));
    expect401(await t.anon.get('/api/onboarding/orientation'));
  });
});
