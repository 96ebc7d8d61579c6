import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../src/lib/time.js';
import {
  createTestDatabase,
  DEMO,
  DEMO_PASSWORD,
  dialects,
  expect401,
  expectEnvelope,
  expectFieldErrors,
  freshPhone,
  startApp,
  type TestApp,
  type TestDatabase,
  useTestApp,
} from './support/harness.js';

describe.each(dialects)('login, logout, reset-password (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('signs in with phone and password', async () => {
    const res = await t.anon.post('/api/user/login', { phone: DEMO.designer, password: DEMO_PASSWORD });
    const body = expectEnvelope<{ token: string; session_id: string }>(res, 200);
    expect(body.message).toBe('登录成功');
    expect(Object.keys(body.data).sort()).toEqual(['session_id', 'token']);
    const profile = expectEnvelope(await t.authed(body.data.token).get('/api/user/profile'), 200).data;
    expect(profile.phone).toBe(DEMO.designer);
    // Only a hash of the token is stored.
    const session = await t.db.selectFrom('sessions').selectAll().where('id', '=', body.data.session_id).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(body.data.token);
    expect(JSON.stringify(session)).not.toContain(body.data.token);
  });

  it('a wrong password is refused on password with one message', async () => {
    const res = await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'Wrong1234' });
    expectFieldErrors(res, [['password', '手机号或密码错误']]);
  });

  it('an unknown phone gets the same message as a wrong password', async () => {
    const res = await t.anon.post('/api/user/login', { phone: freshPhone(), password: DEMO_PASSWORD });
    expectFieldErrors(res, [['password', '手机号或密码错误']]);
  });

  it('bad input is reported per field', async () => {
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: 'abc', password: DEMO_PASSWORD }), [['phone', '手机号格式不正确']]);
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: DEMO.designer }), [['password', '请输入密码或验证码']]);
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: DEMO.designer, code: '12' }), [['code', '验证码为6位数字']]);
  });

  it('signs in with an SMS code (scene login), once per code', async () => {
    const code = await t.sendCode(DEMO.partTime2, 'login');
    const res = await t.anon.post('/api/user/login', { phone: DEMO.partTime2, code });
    const body = expectEnvelope<{ token: string }>(res, 200);
    expect(expectEnvelope(await t.authed(body.data.token).get('/api/user/profile'), 200).data.phone).toBe(DEMO.partTime2);
    const reused = await t.anon.post('/api/user/login', { phone: DEMO.partTime2, code });
    expectFieldErrors(reused, [['code', '请先获取验证码']]);
  });

  it('a code sent for another scene does not sign in', async () => {
    const code = await t.sendCode(DEMO.onboarding, 'reset_password');
    const res = await t.anon.post('/api/user/login', { phone: DEMO.onboarding, code });
    expectFieldErrors(res, [['code', '请先获取验证码']]);
  });

  it('a wrong login code is refused on code', async () => {
    const code = await t.sendCode(DEMO.lead, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: DEMO.lead, code: wrong }), [['code', '验证码错误']]);
  });


  it('logout revokes the token', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const other = await t.sessionFor(DEMO.designer);
    const c = t.authed(token);
    expectEnvelope(await c.get('/api/user/profile'), 200);
    const res = await c.post('/api/user/logout');
    expect(expectEnvelope(res, 200).message).toBe('已退出登录');
    expect401(await c.get('/api/user/profile'));
    expect401(await c.post('/api/user/logout'));
    // Another session of the same designer stays signed in.
    expectEnvelope(await t.authed(other).get('/api/user/profile'), 200);
  });

  it('reset-password revokes every session; the old password fails and the new one works', async () => {
    const user = await t.registerUser();
    const second = await t.login(user.phone, user.password);
    for (const token of [user.token, second]) expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);

    advanceClock(61_000);
    const code = await t.sendCode(user.phone, 'reset_password');
    const res = await t.anon.post('/api/user/reset-password', { phone: user.phone, code, password: 'NewPassw0rd' });
    expect(expectEnvelope(res, 200).message).toBe('密码已重置，请重新登录');

    for (const token of [user.token, second]) expect401(await t.authed(token).get('/api/user/profile'));
    expectFieldErrors(await t.anon.post('/api/user/login', { phone: user.phone, password: user.password }), [
      ['password', '手机号或密码错误'],
    ]);
    expectEnvelope(await t.anon.post('/api/user/login', { phone: user.phone, password: 'NewPassw0rd' }), 200);

    // The code authorised one reset only.
    const again = await t.anon.post('/api/user/reset-password', { phone: user.phone, code, password: 'Third0pass' });
    expectFieldErrors(again, [['code', '请先获取验证码']]);
  });

  it('reset-password validates every field in order and changes nothing on bad input', async () => {
    const res = await t.anon.post('/api/user/reset-password', { phone: '1', code: 'x', password: '12345678' });
    expectFieldErrors(res, [
      ['phone', '手机号格式不正确'],
      ['code', '验证码为6位数字'],
      ['password', '密码需同时包含字母和数字'],
    ]);
    expectFieldErrors(
      await t.anon.post('/api/user/reset-password', { phone: freshPhone(), code: '123456', password: 'NewPassw0rd' }),
      [['code', '请先获取验证码']],
    );
  });

  it('reset-password with a wrong code keeps the sessions and the password', async () => {
    const token = await t.sessionFor(DEMO.partTime3);
    const code = await t.sendCode(DEMO.partTime3, 'reset_password');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.anon.post('/api/user/reset-password', { phone: DEMO.partTime3, code: wrong, password: 'NewPassw0rd' });
    expectFieldErrors(res, [['code', '验证码错误']]);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
  });
});

describe.each(dialects)('login rate limits (%s)', (dialect) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const rateLimits = {
    loginPerPhone: { limit: 2, windowSeconds: 600 },
    loginPerIp: { limit: 3, windowSeconds: 600 },
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    a = await startApp(database, { rateLimits });
    await a.seed();
    // A second instance on the same database (two servers behind one address).
    b = await startApp(database, { rateLimits });
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    resetClock();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const from = (app: TestApp, ip: string) => app.client({ remoteAddress: ip });

  it('per phone: refused with 429 once used up, even with the right password; the window then resets', async () => {
    const c = from(a, '10.0.1.1');
    const c2 = from(a, '10.0.1.2');
    expectFieldErrors(await c.post('/api/user/login', { phone: DEMO.designer, password: 'Wrong1234' }), [['password']]);
    expectEnvelope(await c2.post('/api/user/login', { phone: DEMO.designer, password: DEMO_PASSWORD }), 200);
    const blocked = await from(a, '10.0.1.3').post('/api/user/login', { phone: DEMO.designer, password: DEMO_PASSWORD });
    const body = expectEnvelope(blocked, 429);
    expect(body.message).toMatch(/^登录尝试过于频繁，请\d+(秒|分钟)后再试$/);
    // Another phone from the same addresses is unaffected.
    expectEnvelope(await c.post('/api/user/login', { phone: DEMO.partTime2, password: DEMO_PASSWORD }), 200);

    advanceClock(601_000);
    expectEnvelope(await c.post('/api/user/login', { phone: DEMO.designer, password: DEMO_PASSWORD }), 200);
  });

  it('per IP: refused with 429 across phones once the address has used up its attempts', async () => {
    const c = from(a, '10.0.2.1');
    for (let i = 0; i < 3; i++) {
      expectFieldErrors(await c.post('/api/user/login', { phone: freshPhone(), password: 'Wrong1234' }), [
        ['password', '手机号或密码错误'],
      ]);
    }
    const blocked = await c.post('/api/user/login', { phone: DEMO.partTime3, password: DEMO_PASSWORD });
    expect(expectEnvelope(blocked, 429).message).toMatch(/^登录尝试过于频繁/);
    // Another address is not blocked.
    expectEnvelope(await from(a, '10.0.2.2').post('/api/user/login', { phone: DEMO.partTime3, password: DEMO_PASSWORD }), 200);
  });

  it('the counters live in the database: two app instances share them', async () => {
    const phone = DEMO.lead;
    expectFieldErrors(await from(a, '10.0.3.1').post('/api/user/login', { phone, password: 'Wrong1234' }), [['password']]);
    expectFieldErrors(await from(b, '10.0.3.2').post('/api/user/login', { phone, password: 'Wrong1234' }), [['password']]);
    // Both instances now refuse the phone, right password or not.
    expectEnvelope(await from(a, '10.0.3.3').post('/api/user/login', { phone, password: DEMO_PASSWORD }), 429);
    expectEnvelope(await from(b, '10.0.3.4').post('/api/user/login', { phone, password: DEMO_PASSWORD }), 429);
    const row = await a.db.selectFrom('rate_limits').selectAll().where('key', '=', `login:phone:${phone}`).executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(4);
  });

  it('the SMS code limit is shared too', async () => {
    const phone = freshPhone();
    expectEnvelope(await from(a, '10.0.4.1').post('/api/user/verify-code', { phone, scene: 'register' }), 200);
    expectEnvelope(await from(b, '10.0.4.2').post('/api/user/verify-code', { phone, scene: 'register' }), 429);
  });

  it('concurrent attempts cannot slip past the limit', async () => {
    const phone = DEMO.onboarding;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        from(i % 2 ? a : b, `10.0.5.${i + 1}`).post('/api/user/login', { phone, password: 'Wrong1234' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([422, 422, 429, 429, 429, 429]);
  });
});
