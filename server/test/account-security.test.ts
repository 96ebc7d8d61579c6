import { describe, expect, it } from 'vitest';
import { dialects, expect401, expectEnvelope, expectFieldErrors, useTestApp } from './support/harness.js';

describe.each(dialects)('personal centre security (%s)', (dialect) => {
  // Registration already sends a code to the phone; the re-verification code follows at once.
  const t = useTestApp(dialect, { rateLimits: { codePerPhone: { limit: 100, windowSeconds: 60 } } });

  describe('PUT /api/user/password', () => {
    it('a wrong old password is 422 on old_password and changes nothing', async () => {
      const user = await t.registerUser();
      const other = await t.login(user.phone, user.password);
      const before = await t.db.selectFrom('designers').select('password_hash').where('phone', '=', user.phone).executeTakeFirstOrThrow();
      const res = await t.authed(user.token).put('/api/user/password', { old_password: 'Wrongpass1', password: 'Newpassw0rd' });
      expectFieldErrors(res, [['old_password', '原密码不正确']]);
      const after = await t.db.selectFrom('designers').select('password_hash').where('phone', '=', user.phone).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expectEnvelope(await t.authed(other).get('/api/user/profile'), 200);
    });

    it('the new password follows the rules and differs from the old one', async () => {
      const user = await t.registerUser();
      const c = t.authed(user.token);
      expectFieldErrors(await c.put('/api/user/password', { old_password: user.password, password: 'short' }), [['password']]);
      expectFieldErrors(await c.put('/api/user/password', { old_password: user.password, password: user.password }), [
        ['password', '新密码不能与原密码相同'],
      ]);
    });

    it('changes the password, revokes every other session and keeps the current one', async () => {
      const user = await t.registerUser();
      const other = await t.login(user.phone, user.password);
      const ended: unknown[] = [];
      const listener = (e: unknown) => ended.push(e);
      t.app.sessionEvents.on('ended', listener);
      try {
        const res = await t.authed(user.token).put('/api/user/password', { old_password: user.password, password: 'Newpassw0rd' });
        expectEnvelope(res, 200);
      } finally {
        t.app.sessionEvents.off('ended', listener);
      }
      expectEnvelope(await t.authed(user.token).get('/api/user/profile'), 200);
      expect401(await t.authed(other).get('/api/user/profile'));
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({ sessionId: expect.any(String) });
      expect((ended[0] as { sessionId: string }).sessionId).not.toBe(user.session_id);

      expectFieldErrors(await t.anon.post('/api/user/login', { phone: user.phone, password: user.password }), [
        ['password', '手机号或密码错误'],
      ]);
      expectEnvelope(await t.anon.post('/api/user/login', { phone: user.phone, password: 'Newpassw0rd' }), 200);
    });
  });

  describe('POST /api/user/logout-all', () => {
    it('revokes every session of the caller, the current one included', async () => {
      const user = await t.registerUser();
      const other = await t.login(user.phone, user.password);
      const bystander = await t.registerUser();
      const ended: unknown[] = [];
      const listener = (e: unknown) => ended.push(e);
      t.app.sessionEvents.on('ended', listener);
      try {
        expectEnvelope(await t.authed(user.token).post('/api/user/logout-all'), 200);
      } finally {
        t.app.sessionEvents.off('ended', listener);
      }
      expect401(await t.authed(user.token).get('/api/user/profile'));
      expect401(await t.authed(other).get('/api/user/profile'));
      expectEnvelope(await t.authed(bystander.token).get('/api/user/profile'), 200);
      expect(ended).toHaveLength(1);
      expect(ended[0]).not.toHaveProperty('sessionId');
    });
  });

  describe('PUT /api/user/bank-info re-verification', () => {
    const STEP_URL = '/api/onboarding/registration-step';
    const BANK = { account_name: '周若溪', bank_name: '招商银行', bank_branch: '', account_no: '6214 8500 1234 5678' };

    async function userWithBank() {
      const user = await t.registerUser();
      const c = t.authed(user.token);
      expectEnvelope(await c.put(STEP_URL, { step: 1, real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' }), 200);
      expectEnvelope(await c.put(STEP_URL, { step: 2, work_purpose: 'side_income', current_occupation: '平面设计师', available_time: '工作日晚上' }), 200);
      expectEnvelope(await c.put(STEP_URL, { step: 3, specialty_tags: ['包装设计'], software_tags: ['Photoshop'] }), 200);
      // Onboarding step 4 stores first-time details without a code.
      const s4 = await c.put(STEP_URL, { step: 4, ...BANK });
      expect(expectEnvelope(s4, 200).data.current_registration_step).toBe(4);
      return { user, c };
    }

    it('a first-time entry needs no code', async () => {
      const user = await t.registerUser();
      const res = await t.authed(user.token).put('/api/user/bank-info', BANK);
      expect(expectEnvelope(res, 200).data.account_no_masked).toBe('6214 **** **** 5678');
    });

    it('changing details on file needs a code to the own phone: none, wrong, then right', async () => {
      const { user, c } = await userWithBank();
      const change = { ...BANK, account_no: '6222021234561234' };
      const stored = () => t.db.selectFrom('designers').select('bank_account_no').where('phone', '=', user.phone).executeTakeFirstOrThrow();

      expectFieldErrors(await c.put('/api/user/bank-info', change), [['code', '修改收款信息需要短信验证，请输入验证码']]);
      expect((await stored()).bank_account_no).toBe('6214850012345678');

      const code = await t.sendCode(user.phone, 'bank_info', user.token);
      const wrong = code === '000000' ? '111111' : '000000';
      expectFieldErrors(await c.put('/api/user/bank-info', { ...change, code: wrong }), [['code', '验证码错误']]);
      expect((await stored()).bank_account_no).toBe('6214850012345678');

      const ok = await c.put('/api/user/bank-info', { ...change, code });
      expect(expectEnvelope(ok, 200).data.account_no_masked).toBe('6222 **** **** 1234');
      expect((await stored()).bank_account_no).toBe('6222021234561234');
      // A code authorises one change only.
      expectFieldErrors(await c.put('/api/user/bank-info', { ...BANK, code }), [['code']]);
    });

    it('the bank_info code goes to the signed-in designer’s own phone only', async () => {
      const user = await t.registerUser();
      const stranger = await t.registerUser();
      expect401(await t.anon.post('/api/user/verify-code', { phone: user.phone, scene: 'bank_info' }));
      expectFieldErrors(await t.authed(user.token).post('/api/user/verify-code', { phone: stranger.phone, scene: 'bank_info' }), [
        ['phone', '验证码只能发送到本人手机号'],
      ]);
    });
  });

  describe('PUT /api/user/basic-info avatar', () => {
    const BASIC = { real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' };

    it('takes the URL of an object uploaded by the designer with source=user, refuses any other', async () => {
      const user = await t.registerUser();
      const c = t.authed(user.token);
      const sig = expectEnvelope<{ url_base: string; dir: string }>(await c.get('/api/oss/get-signature?source=user'), 200).data;
      const mine = `${sig.url_base}/${sig.dir}avatar.jpg`;

      const other = await t.registerUser();
      const theirs = expectEnvelope<{ url_base: string; dir: string }>(await t.authed(other.token).get('/api/oss/get-signature?source=user'), 200).data;
      const tpl = expectEnvelope<{ url_base: string; dir: string }>(await c.get('/api/oss/get-signature?source=template'), 200).data;
      for (const bad of [
        'https://evil.example.com/user/x.jpg',
        `${theirs.url_base}/${theirs.dir}avatar.jpg`,
        `${tpl.url_base}/${tpl.dir}avatar.jpg`,
        `${sig.url_base}/${sig.dir}../../x.jpg`,
      ]) {
        expectFieldErrors(await c.put('/api/user/basic-info', { ...BASIC, avatar: bad }), [['avatar', '头像地址无效，请重新上传']]);
      }
      expect(expectEnvelope(await c.get('/api/user/profile'), 200).data.avatar).toBe('');

      const res = await c.put('/api/user/basic-info', { ...BASIC, avatar: mine });
      expect(expectEnvelope(res, 200).data.avatar).toBe(mine);
      // Leaving avatar out keeps it.
      const again = await c.put('/api/user/basic-info', { ...BASIC, city: '上海' });
      expect(expectEnvelope(again, 200).data.avatar).toBe(mine);
    });
  });
});
