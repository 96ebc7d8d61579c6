import { describe, expect, it } from 'vitest';
import { DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, freshPhone, useTestApp } from './support/harness.js';

describe.each(dialects)('PUT /api/user/phone (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('changes the phone with a code sent to the new phone; login then works with the new phone only', async () => {
    const user = await t.registerUser();
    const me = t.authed(user.token);
    const newPhone = freshPhone();
    const code = await t.sendCode(newPhone, 'change_phone', user.token);
    const sms = await t.db.selectFrom('sms_outbox').selectAll().where('phone', '=', newPhone).execute();
    expect(sms.map((s) => s.scene)).toEqual(['change_phone']);

    const res = await me.put('/api/user/phone', { phone: newPhone, code });
    const body = expectEnvelope<{ phone: string }>(res, 200);
    expect(body.data).toEqual({ phone: newPhone });
    expect(expectEnvelope(await me.get('/api/user/profile'), 200).data.phone).toBe(newPhone);

    expectEnvelope(await t.anon.post('/api/user/login', { phone: newPhone, password: user.password }), 200);
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: user.phone, password: user.password }), [
      ['password', '手机号或密码错误'],
    ]);
    // The code was used up.
    const again = await me.put('/api/user/phone', { phone: newPhone, code });
    expectFieldErrors(again, [['phone', '新手机号不能与当前手机号相同']]);
  });

  it('a code sent to another number does not authorise the change', async () => {
    const token = await t.sessionFor(DEMO.partTime2);
    const sentTo = freshPhone();
    const code = await t.sendCode(sentTo, 'change_phone', token);
    const target = freshPhone();
    const res = await t.authed(token).put('/api/user/phone', { phone: target, code });
    expectFieldErrors(res, [['code', '请先获取验证码']]);
    expect(expectEnvelope(await t.authed(token).get('/api/user/profile'), 200).data.phone).toBe(DEMO.partTime2);
  });

  it('a code of another scene for the new phone does not authorise the change', async () => {
    const token = await t.sessionFor(DEMO.partTime3);
    const newPhone = freshPhone();
    // A register code for the same (unregistered) number.
    const code = await t.sendCode(newPhone, 'register');
    const res = await t.authed(token).put('/api/user/phone', { phone: newPhone, code });
    expectFieldErrors(res, [['code', '请先获取验证码']]);
  });

  it('a wrong code is refused on code', async () => {
    const token = await t.sessionFor(DEMO.onboarding);
    const newPhone = freshPhone();
    const code = await t.sendCode(newPhone, 'change_phone', token);
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldErrors(await t.authed(token).put('/api/user/phone', { phone: newPhone, code: wrong }), [['code', '验证码错误']]);
  });

  it('a phone taken by another designer is refused', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const res = await t.authed(token).put('/api/user/phone', { phone: DEMO.lead, code: '123456' });
    expectFieldErrors(res, [['phone', '该手机号已被其他账号使用']]);
  });

  it('the same phone is refused', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const res = await t.authed(token).put('/api/user/phone', { phone: DEMO.designer, code: '123456' });
    expectFieldErrors(res, [['phone', '新手机号不能与当前手机号相同']]);
  });

  it('bad input is reported per field in order', async () => {
    const token = await t.sessionFor(DEMO.designer);
    expectFieldErrors(await t.authed(token).put('/api/user/phone', { phone: '999', code: '1' }), [
      ['phone', '手机号格式不正确'],
      ['code', '验证码为6位数字'],
    ]);
  });

  it('needs a signed-in caller', async () => {
    expect401(await t.anon.put('/api/user/phone', { phone: freshPhone(), code: '123456' }));
  });
});
