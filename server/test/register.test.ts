import { describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { DEMO, dialects, expectEnvelope, expectFieldErrors, freshPhone, useTestApp } from './support/harness.js';

const PASSWORD = 'Passw0rd!x';

describe.each(dialects)('POST /api/user/register (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const designerRow = (phone: string) =>
    t.db.selectFrom('designers').selectAll().where('phone', '=', phone).executeTakeFirst();

  it('registers, signs in, and starts onboarding at step 0 as a regular designer', async () => {
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'register');
    const res = await t.anon.post('/api/user/register', { phone, code, password: PASSWORD });
    const body = expectEnvelope<{ token: string; session_id: string }>(res, 200);
    expect(body.message).toBe('注册成功');
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.token.length).toBeGreaterThanOrEqual(32);
    expect(body.data.session_id).toEqual(expect.any(String));

    const profile = expectEnvelope(await t.authed(body.data.token).get('/api/user/profile'), 200).data;
    expect(profile).toMatchObject({
      phone,
      current_registration_step: 0,
      designer_type: 1,
      roles: ['role_user'],
      team_id: null,
      team_name: '',
    });
    // The password is stored hashed, never in clear.
    const row = await designerRow(phone);
    expect(row!.password_hash).not.toContain(PASSWORD);
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    // And it works for a password login.
    expectEnvelope(await t.anon.post('/api/user/login', { phone, password: PASSWORD }), 200);
  });

  it('a wrong code is refused on code and creates nothing', async () => {
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const sessions = await t.count('sessions');
    const res = await t.anon.post('/api/user/register', { phone, code: wrong, password: PASSWORD });
    expectFieldErrors(res, [['code', '验证码错误']]);
    expect(await designerRow(phone)).toBeUndefined();
    expect(await t.count('sessions')).toBe(sessions);
  });

  it('five wrong attempts kill the code', async () => {
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expectFieldErrors(await t.anon.post('/api/user/register', { phone, code: wrong, password: PASSWORD }), [
        ['code', '验证码错误'],
      ]);
    }
    const res = await t.anon.post('/api/user/register', { phone, code, password: PASSWORD });
    expectFieldErrors(res, [['code', '验证码错误次数过多，请重新获取']]);
    expect(await designerRow(phone)).toBeUndefined();
  });

  it('without a code sent first the code is refused', async () => {
    const phone = freshPhone();
    const res = await t.anon.post('/api/user/register', { phone, code: '123456', password: PASSWORD });
    expectFieldErrors(res, [['code', '请先获取验证码']]);
  });

  it('a code used once is refused the second time, also when both arrive together', async () => {
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'register');
    const [a, b] = await Promise.all([
      t.anon.post('/api/user/register', { phone, code, password: PASSWORD }),
      t.anon.post('/api/user/register', { phone, code, password: 'Another1pass' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 422]);
    const loser = a.statusCode === 422 ? a : b;
    const body = expectEnvelope(loser, 422);
    expect(body.error_fields?.map((f) => f.field)).toEqual([expect.stringMatching(/^(code|phone)$/)]);
    expect(await t.db.selectFrom('designers').select('id').where('phone', '=', phone).execute()).toHaveLength(1);

    // And afterwards: the code is spent (a taken phone is told only to the holder of a new code).
    const again = await t.anon.post('/api/user/register', { phone, code, password: PASSWORD });
    expectFieldErrors(again, [['code', '请先获取验证码']]);
  });

  it('bad input reports every field in form order and writes nothing', async () => {
    const counts = await Promise.all((['designers', 'sessions', 'verify_codes'] as const).map((x) => t.count(x)));
    const res = await t.anon.post('/api/user/register', { phone: '1234', code: '12ab', password: 'short' });
    expectFieldErrors(res, [
      ['phone', '手机号格式不正确'],
      ['code', '验证码为6位数字'],
      ['password', '密码长度为8-64位'],
    ]);
    const letters = await t.anon.post('/api/user/register', { phone: freshPhone(), code: '123456', password: 'onlyletters' });
    expectFieldErrors(letters, [['password', '密码需同时包含字母和数字']]);
    const empty = await t.anon.post('/api/user/register', {});
    expectFieldErrors(empty, [
      ['phone', '请输入手机号'],
      ['code', '请输入验证码'],
      ['password', '请输入密码'],
    ]);
    const after = await Promise.all((['designers', 'sessions', 'verify_codes'] as const).map((x) => t.count(x)));
    expect(after).toEqual(counts);
  });

  it('a registered phone is refused on phone once its code is given, and like any phone before', async () => {
    const res = await t.anon.post('/api/user/register', { phone: DEMO.designer, code: '123456', password: PASSWORD });
    expectFieldErrors(res, [['code', '请先获取验证码']]);
    const user = await t.registerUser();
    advanceClock(61_000);
    const code = await t.sendCode(user.phone, 'register');
    expectFieldErrors(await t.anon.post('/api/user/register', { phone: user.phone, code, password: PASSWORD }), [
      ['phone', '该手机号已注册，请直接登录'],
    ]);
  });

  it('an unknown invite code is refused on invite_code and creates nothing', async () => {
    const phone = freshPhone();
    const code = await t.sendCode(phone, 'register');
    const res = await t.anon.post('/api/user/register', { phone, code, password: PASSWORD, invite_code: 'NOSUCHCODE' });
    expectFieldErrors(res, [['invite_code', '邀请码无效']]);
    expect(await designerRow(phone)).toBeUndefined();
    // The code was not spent by the refused attempt.
    expectEnvelope(await t.anon.post('/api/user/register', { phone, code, password: PASSWORD }), 200);
  });

  // Issue #23: a member's personal code had put anyone in that team, with no expiry, limit,
  // revocation or notice. It now records the referrer only; teams are joined through a lead's link.
  it('a personal invite code records the referrer and joins no team', async () => {
    const lead = expectEnvelope(await t.authed(await t.sessionFor(DEMO.lead)).get('/api/user/profile'), 200).data;
    expect(lead.invite_code).toMatch(/^[A-Z0-9]{6,}$/);
    expect(lead.team_id).not.toBeNull();
    const messagesBefore = await t.count('messages');
    const user = await t.registerUser({ invite_code: lead.invite_code.toLowerCase() });
    const me = expectEnvelope(await t.authed(user.token).get('/api/user/profile'), 200).data;
    expect(me.team_id).toBeNull();
    expect(me.team_name).toBe('');
    expect(me.designer_type).toBe(1);
    expect(me.invite_code).not.toBe(lead.invite_code);
    const row = await t.db.selectFrom('designers').select(['referred_by', 'team_id']).where('phone', '=', user.phone).executeTakeFirstOrThrow();
    expect(row).toEqual({ referred_by: lead.id, team_id: null });
    expect(await t.db.selectFrom('team_invite_joins').select('designer_id').where('designer_id', '=', me.id).execute()).toEqual([]);
    expect(await t.count('messages')).toBe(messagesBefore);
    // A part-time member's code works the same way: nobody's code is a key to a team.
    const member = expectEnvelope(await t.authed(await t.sessionFor(DEMO.partTime2)).get('/api/user/profile'), 200).data;
    const other = await t.registerUser({ invite_code: member.invite_code });
    expect(expectEnvelope(await t.authed(other.token).get('/api/user/profile'), 200).data.team_id).toBeNull();
  });
});
