/**
 * Issue #23 §2, guessing and joining without permission, against the real server and database:
 * wrong SMS codes capped per phone across codes and scenes, wrong old passwords capped per
 * account, answers that do not tell registered from unregistered phones, and a limit on every call
 * that needs no token. (The personal invite code rule is in register.test.ts; open broker
 * connections closed at token expiry and at disable in broker.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../src/config/env.js';
import { advanceClock } from '../src/lib/time.js';
import { BROKER_HOOK_SECRET, DEMO, dialects, expectEnvelope, expectFieldErrors, freshPhone, type Res, useTestApp } from './support/harness.js';

const PASSWORD = 'Passw0rd!x';
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
/** Status and body: everything a caller sees of an answer. */
const seen = (res: Res) => ({ status: res.statusCode, body: res.json() as unknown });

describe.each(dialects)('guessing codes and passwords (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    rateLimits: { wrongCodesPerPhone: defaultRateLimits.wrongCodesPerPhone, passwordChangePerAccount: defaultRateLimits.passwordChangePerAccount },
  });

  it('caps wrong codes per phone per hour across every code and scene, even for the right code afterwards', async () => {
    expect(defaultRateLimits.wrongCodesPerPhone).toEqual({ limit: 10, windowSeconds: 3600 });
    const user = await t.registerUser();
    const token = await t.sessionFor(user.phone);
    const reset = (code: string) => t.anon.post('/api/user/reset-password', { phone: user.phone, code, password: 'N3wPassw0rd' });
    // Five wrong tries kill a reset code (as before)...
    advanceClock(61_000);
    let code = await t.sendCode(user.phone, 'reset_password');
    for (let i = 0; i < 5; i++) expectFieldErrors(await reset(wrongFor(code)), [['code', '验证码错误']]);
    expectFieldErrors(await reset(code), [['code', '验证码错误次数过多，请重新获取']]);
    // ...but a fresh code does not bring fresh guesses: four on a login code...
    advanceClock(61_000);
    code = await t.sendCode(user.phone, 'login');
    for (let i = 0; i < 4; i++) expectFieldErrors(await t.anon.post('/api/user/login', { phone: user.phone, code: wrongFor(code) }), [['code', '验证码错误']]);
    // ...one on a payout-change code sent to the same phone (10 in all)...
    expectEnvelope(await t.authed(token).put('/api/user/bank-info', { account_name: '张三', bank_name: '招商银行', account_no: '6225880212345678' }), 200);
    advanceClock(61_000);
    code = await t.sendCode(user.phone, 'bank_info', token);
    const bank = (c: string) => t.authed(token).put('/api/user/bank-info', { account_name: '李四', bank_name: '招商银行', account_no: '6225880287654321', code: c });
    expectFieldErrors(await bank(wrongFor(code)), [['code', '验证码错误']]);
    // ...and the eleventh try is refused whatever it is, the right code included, changing nothing.
    const capped = await bank(code);
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json().message).toMatch(/^验证码错误次数过多，请\d+分钟后再试$/);
    advanceClock(61_000);
    code = await t.sendCode(user.phone, 'reset_password');
    expect((await reset(code)).statusCode).toBe(429);
    await t.login(user.phone, user.password); // the password was not reset
    // Another phone is not affected; after the hour the right code works again.
    expectEnvelope(await t.anon.post('/api/user/verify-code', { phone: freshPhone(), scene: 'register' }), 200);
    advanceClock(3600_000);
    code = await t.sendCode(user.phone, 'reset_password');
    expectEnvelope(await reset(code), 200);
  });

  it('a right code does not count against the cap', async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 12; i++) {
      advanceClock(61_000);
      const code = await t.sendCode(user.phone, 'login');
      expectEnvelope(await t.anon.post('/api/user/login', { phone: user.phone, code }), 200);
    }
  });

  it('caps wrong old passwords per account like login: 10 per 15 minutes, then even the right one gets 429', async () => {
    expect(defaultRateLimits.passwordChangePerAccount).toEqual(defaultRateLimits.loginPerPhone);
    const user = await t.registerUser();
    const change = (old_password: string) => t.authed(user.token).put('/api/user/password', { old_password, password: 'An0therPass' });
    for (let i = 0; i < 10; i++) expectFieldErrors(await change(`Wrong${i}pass`), [['old_password', '原密码不正确']]);
    const capped = await change(user.password);
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json().message).toMatch(/^尝试次数过多，请\d+分钟后再试$/);
    await t.login(user.phone, user.password); // unchanged
    advanceClock(15 * 60_000);
    expectEnvelope(await change(user.password), 200);
    // Twelve password hashes (deliberately slow) and a registration: room for a loaded machine.
  }, 90_000);
});

describe.each(dialects)('registered and unregistered phones answer alike (%s)', (dialect) => {
  const t = useTestApp(dialect);

  /** The same request for a registered and an unregistered phone, answers compared whole. */
  async function alike(request: (phone: string) => Promise<Res>) {
    const user = await t.registerUser();
    advanceClock(61_000);
    const registered = seen(await request(user.phone));
    const unregistered = seen(await request(freshPhone()));
    expect(registered).toEqual(unregistered);
    return registered;
  }

  it.each(['register', 'login', 'reset_password'])('verify-code %s', async (scene) => {
    const answer = await alike((phone) => t.anon.post('/api/user/verify-code', { phone, scene }));
    expect(answer.status).toBe(200);
  });

  it('register, reset-password and code login without a code sent', async () => {
    for (const call of [
      (phone: string) => t.anon.post('/api/user/register', { phone, code: '123456', password: PASSWORD }),
      (phone: string) => t.anon.post('/api/user/reset-password', { phone, code: '123456', password: PASSWORD }),
      (phone: string) => t.anon.post('/api/user/login', { phone, code: '123456' }),
    ]) {
      expect((await alike(call)).status).toBe(422);
    }
  });

  it.each([
    ['register', (t2: typeof t, phone: string, code: string) => t2.anon.post('/api/user/register', { phone, code, password: PASSWORD })],
    ['reset_password', (t2: typeof t, phone: string, code: string) => t2.anon.post('/api/user/reset-password', { phone, code, password: PASSWORD })],
    ['login', (t2: typeof t, phone: string, code: string) => t2.anon.post('/api/user/login', { phone, code })],
  ] as const)('%s with a wrong code after a code was sent', async (scene, call) => {
    const answer = await alike(async (phone) => {
      const code = await t.sendCode(phone, scene);
      return call(t, phone, wrongFor(code));
    });
    expect(answer).toMatchObject({ status: 422, body: { error_fields: [{ field: 'code', message: '验证码错误' }] } });
  });

  it('with the right code the phone holder is told: taken on register, unknown on reset and code login', async () => {
    const user = await t.registerUser();
    advanceClock(61_000);
    expectFieldErrors(await t.anon.post('/api/user/register', { phone: user.phone, code: await t.sendCode(user.phone, 'register'), password: PASSWORD }), [
      ['phone', '该手机号已注册，请直接登录'],
    ]);
    const phone = freshPhone();
    expectFieldErrors(await t.anon.post('/api/user/login', { phone, code: await t.sendCode(phone, 'login') }), [['phone', '该手机号未注册']]);
    advanceClock(61_000);
    expectFieldErrors(await t.anon.post('/api/user/reset-password', { phone, code: await t.sendCode(phone, 'reset_password'), password: PASSWORD }), [
      ['phone', '该手机号未注册'],
    ]);
    expect(await t.db.selectFrom('designers').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });
});

describe.each(dialects)('every call without a token is rate limited (%s)', (dialect) => {
  const small = { limit: 3, windowSeconds: 3600 };
  const t = useTestApp(dialect, {
    config: { demoMode: true },
    rateLimits: { publicPerIp: small, accountPerIp: small, loginPerIp: small, codePerIp: small, brokerHookPerClient: small },
  });

  /** Every operation of the OpenAPI document that answers without a token (not 401). */
  async function publicOperations(): Promise<string[]> {
    const res = await t.anon.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { servers?: { url: string }[] }>> };
    const found: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = `${op.servers?.[0]?.url === '/' ? '' : '/api'}${path.replace(/\{[^}]+\}/g, 'x')}`;
        const res = await t.inject({ method: method.toUpperCase() as 'GET', url, remoteAddress: '10.9.9.9', ...(method === 'get' ? {} : { payload: {} }) });
        if (res.statusCode !== 401) found.push(`${method.toUpperCase()} ${path}`);
      }
    }
    return found.sort();
  }

  it('lists the calls that need no token (a new one must get a limit and a line here)', async () => {
    expect(await publicOperations()).toEqual(
      [
        'GET /daily-panel',
        'GET /demo/sms-inbox',
        'GET /messages/types',
        'GET /oss/{*}',
        'GET /system/config',
        'GET /system/ready',
        'GET /study/public/courses/{id}',
        'GET /study/public/exams/{id}',
        'POST /study/public/exams/{id}/candidate',
        'GET /teams/invites/{code}',
        'GET /template-share/{token}',
        'POST /oss',
        'POST /user/login',
        'POST /user/register',
        'POST /user/reset-password',
        'POST /user/verify-code',
      ].sort(),
    );
  });

  let ip = 0;
  const calls: [string, (remoteAddress: string) => Promise<Res>][] = [
    ['GET /daily-panel', (a) => t.inject({ method: 'GET', url: '/api/daily-panel?key=nope', remoteAddress: a })],
    ['GET /demo/sms-inbox', (a) => t.inject({ method: 'GET', url: `/api/demo/sms-inbox?phone=${DEMO.designer}`, remoteAddress: a })],
    ['GET /messages/types', (a) => t.inject({ method: 'GET', url: '/api/messages/types', remoteAddress: a })],
    ['GET /oss/{*}', (a) => t.inject({ method: 'GET', url: '/oss/nothing/here.png', remoteAddress: a })],
    ['GET /system/config', (a) => t.inject({ method: 'GET', url: '/api/system/config', remoteAddress: a })],
    ['GET /study/public/courses/{id}', (a) => t.inject({ method: 'GET', url: '/api/study/public/courses/2147483647', remoteAddress: a })],
    ['GET /study/public/exams/{id}', (a) => t.inject({ method: 'GET', url: '/api/study/public/exams/2147483647', remoteAddress: a })],
    [
      'POST /study/public/exams/{id}/candidate',
      (a) => t.inject({ method: 'POST', url: '/api/study/public/exams/2147483647/candidate', payload: { phone: freshPhone(), code: '123456' }, remoteAddress: a }),
    ],
    ['GET /teams/invites/{code}', (a) => t.inject({ method: 'GET', url: '/api/teams/invites/T0000000000000000000000', remoteAddress: a })],
    ['GET /template-share/{token}', (a) => t.inject({ method: 'GET', url: '/api/template-share/forged-token-0000000000000000', remoteAddress: a })],
    ['POST /oss', (a) => t.inject({ method: 'POST', url: '/oss', payload: {}, remoteAddress: a })],
    ['POST /user/login', (a) => t.inject({ method: 'POST', url: '/api/user/login', payload: { phone: freshPhone(), password: PASSWORD }, remoteAddress: a })],
    ['POST /user/register', (a) => t.inject({ method: 'POST', url: '/api/user/register', payload: { phone: freshPhone(), code: '123456', password: PASSWORD }, remoteAddress: a })],
    ['POST /user/reset-password', (a) => t.inject({ method: 'POST', url: '/api/user/reset-password', payload: { phone: freshPhone(), code: '123456', password: PASSWORD }, remoteAddress: a })],
    ['POST /user/verify-code', (a) => t.inject({ method: 'POST', url: '/api/user/verify-code', payload: { phone: freshPhone(), scene: 'register' }, remoteAddress: a })],
  ];

  it.each(calls)('%s answers 429 from one address past its limit', async (name, call) => {
    const address = `10.0.0.${++ip}`;
    for (let i = 0; i < 3; i++) expect((await call(address)).statusCode).not.toBe(429);
    const res = await call(address);
    expect(res.statusCode, res.body).toBe(429);
    if (name.includes('/oss')) expect(res.body).toContain('<Code>SlowDown</Code>'); // the object store answers like a bucket
    else expect(res.json().message).toMatch(/过于频繁，请\d+(分钟|秒)后再试$/);
    expect((await call(`10.0.1.${ip}`)).statusCode).not.toBe(429); // another address is not affected
  });

  it('GET /system/ready has no limit: a load balancer polls it, and it costs less than counting would (a select 1 and a broker ping)', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.inject({ method: 'GET', url: '/api/system/ready', remoteAddress: '10.0.9.1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ready: true, database: true, broker: true, draining: false });
    }
  });

  it('POST /mqtt/auth denies past its limit per client, even a live token', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const profile = expectEnvelope<{ designer_id: string }>(await t.authed(token).get('/api/user/profile'), 200).data;
    const auth = (password: string) =>
      t.anon.post('/api/mqtt/auth', { clientid: profile.designer_id, username: profile.designer_id, password }, { headers: { 'x-broker-secret': BROKER_HOOK_SECRET } });
    expect((await auth(token)).json()).toEqual({ result: 'allow' });
    expect((await auth('guess-1')).json()).toEqual({ result: 'deny' });
    expect((await auth('guess-2')).json()).toEqual({ result: 'deny' });
    expect((await auth(token)).json()).toEqual({ result: 'deny' });
  });
});
