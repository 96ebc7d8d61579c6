import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, type TestApp, useTestApp } from './support/harness.js';

/** The user profile fields of spec §3, each with the type the client expects. */
const PROFILE_FIELDS: Record<string, (v: unknown) => boolean> = {
  id: Number.isInteger,
  roles: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  permissions: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  nickname: isString,
  avatar: isString,
  wechat: isString,
  company_wechat: isString,
  designer_id: (v) => typeof v === 'string' && v.length > 0,
  phone: (v) => typeof v === 'string' && /^1[3-9]\d{9}$/.test(v),
  real_name: isString,
  email: isString,
  gender: Number.isInteger,
  city: isString,
  work_purpose: isString,
  available_time: isString,
  current_occupation: isString,
  current_registration_step: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 6,
  specialty_tags: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  software_tags: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  invite_code: (v) => typeof v === 'string' && v.length > 0,
  team_id: (v) => v === null || Number.isInteger(v),
  team_role: isString,
  team_name: isString,
  account_status: Number.isInteger,
  online_ticket_status: (v) => v === 0 || v === 1,
  create_time: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /(Z|[+-]\d\d:\d\d)$/.test(v),
  designer_type: (v) => v === 0 || v === 1 || v === 2 || v === 3,
};

function isString(v: unknown): boolean {
  return typeof v === 'string';
}

type Tokens = Record<keyof typeof DEMO, string>;

async function demoTokens(t: TestApp): Promise<Tokens> {
  const entries = await Promise.all(
    Object.entries(DEMO).map(async ([k, phone]) => [k, await t.sessionFor(phone)] as const),
  );
  return Object.fromEntries(entries) as Tokens;
}

describe.each(dialects)('user profile and settings (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await demoTokens(t);
  });

  describe('GET /api/user/profile', () => {
    it('has every spec field with the right type, and nothing secret', async () => {
      const res = await t.authed(tokens.designer).get('/api/user/profile');
      const body = expectEnvelope<Record<string, unknown>>(res, 200);
      for (const [field, check] of Object.entries(PROFILE_FIELDS)) {
        expect(body.data, `profile.${field}`).toHaveProperty(field);
        expect(check(body.data[field]), `profile.${field} = ${JSON.stringify(body.data[field])}`).toBe(true);
      }
      expect(body.data).toMatchObject({
        phone: DEMO.designer,
        designer_type: 1,
        current_registration_step: 6,
        team_name: '星河设计一组',
        team_role: 'member',
        account_status: 1,
      });
      expect(res.body).not.toMatch(/password|scrypt|token_hash|bank_account_no/);
      expect(res.body).not.toContain('6214850000000001');
    });

    it.each([
      ['lead', 0, ['role_admin']],
      ['designer', 1, ['role_user']],
      ['partTime2', 2, ['role_part_time']],
      ['partTime3', 3, ['role_part_time']],
    ] as const)('roles and permissions follow the designer type (%s)', async (who, type, roles) => {
      const p = expectEnvelope(await t.authed(tokens[who]).get('/api/user/profile'), 200).data;
      expect(p.designer_type).toBe(type);
      expect(p.roles).toEqual(roles);
      if (type === 0) {
        expect(p.permissions).toEqual(['*:*:*']);
        expect(p.team_role).toBe('lead');
      } else {
        expect(p.permissions).not.toContain('*:*:*');
        expect(p.permissions.length).toBeGreaterThan(0);
        expect(p.permissions.includes('hall:grab')).toBe(type >= 2);
      }
    });

    it('a designer reads only their own profile', async () => {
      const a = expectEnvelope(await t.authed(tokens.designer).get('/api/user/profile'), 200).data;
      const b = expectEnvelope(await t.authed(tokens.partTime2).get('/api/user/profile'), 200).data;
      expect(a.phone).toBe(DEMO.designer);
      expect(b.phone).toBe(DEMO.partTime2);
      expect(a.id).not.toBe(b.id);
      expect(a.designer_id).not.toBe(b.designer_id);
      // Query parameters do not switch the subject.
      const c = expectEnvelope(await t.authed(tokens.designer).get(`/api/user/profile?id=${b.id}&phone=${DEMO.partTime2}`), 200).data;
      expect(c.id).toBe(a.id);
    });

    it('demo user 13800000004 is mid-onboarding at step 2', async () => {
      const p = expectEnvelope(await t.authed(tokens.onboarding).get('/api/user/profile'), 200).data;
      expect(p.current_registration_step).toBe(2);
    });
  });

  describe('PUT /api/user/basic-info, update-time, online-status', () => {

    it('basic-info saves and answers the profile', async () => {
      const res = await t.authed(tokens.designer).put('/api/user/basic-info', {
        real_name: '陈思源',
        gender: 1,
        city: '宁波',
        email: 'chen@example.com',
        wechat: 'wx_chen',
        company_wechat: 'corp_chen',
        nickname: '小陈',
      });
      const body = expectEnvelope(res, 200);
      expect(body.message).toBe('基本信息已保存');
      expect(body.data).toMatchObject({
        real_name: '陈思源',
        gender: 1,
        city: '宁波',
        email: 'chen@example.com',
        wechat: 'wx_chen',
        company_wechat: 'corp_chen',
        nickname: '小陈',
      });
      expect(expectEnvelope(await t.authed(tokens.designer).get('/api/user/profile'), 200).data.city).toBe('宁波');
    });

    it('basic-info reports every bad field in form order and changes nothing', async () => {
      const before = await t.db.selectFrom('designers').selectAll().where('phone', '=', DEMO.partTime2).executeTakeFirstOrThrow();
      const res = await t.authed(tokens.partTime2).put('/api/user/basic-info', {
        real_name: 'x',
        gender: 3,
        city: '',
        email: 'not-an-email',
        wechat: ' ',
        company_wechat: 'c'.repeat(41),
        nickname: 'n'.repeat(21),
      });
      expectFieldErrors(res, [
        ['real_name', '请输入真实姓名（2-20个汉字）'],
        ['gender', '请选择性别'],
        ['city', '请输入所在城市'],
        ['email', '邮箱格式不正确'],
        ['wechat', '请输入微信号'],
        ['company_wechat', '企业微信不能超过40个字符'],
        ['nickname', '昵称不能超过20个字符'],
      ]);
      const after = await t.db.selectFrom('designers').selectAll().where('phone', '=', DEMO.partTime2).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('update-time saves the available time', async () => {
      const res = await t.authed(tokens.partTime3).put('/api/user/update-time', { available_time: '周末全天' });
      const body = expectEnvelope(res, 200);
      expect(body.message).toBe('可接单时间已更新');
      expect(body.data.available_time).toBe('周末全天');
      expectFieldErrors(await t.authed(tokens.partTime3).put('/api/user/update-time', { available_time: '' }), [
        ['available_time', '请输入可接单时间'],
      ]);
      expectFieldErrors(await t.authed(tokens.partTime3).put('/api/user/update-time', { available_time: 'x'.repeat(61) }), [
        ['available_time', '可接单时间不能超过60个字符'],
      ]);
      expect(expectEnvelope(await t.authed(tokens.partTime3).get('/api/user/profile'), 200).data.available_time).toBe('周末全天');
    });

    it('online-status takes 0 or 1 only', async () => {
      const c = t.authed(tokens.designer);
      const off = expectEnvelope(await c.put('/api/user/online-status', { online_ticket_status: 0 }), 200);
      expect(off.message).toBe('已暂停接单');
      expect(off.data.online_ticket_status).toBe(0);
      const on = expectEnvelope(await c.put('/api/user/online-status', { online_ticket_status: 1 }), 200);
      expect(on.message).toBe('已开始接单');
      expect(on.data.online_ticket_status).toBe(1);
      for (const bad of [2, -1, '1', null, true]) {
        expectFieldErrors(await c.put('/api/user/online-status', { online_ticket_status: bad }), [
          ['online_ticket_status', '接单状态只能是 0 或 1'],
        ]);
      }
      expectFieldErrors(await c.put('/api/user/online-status', {}), [['online_ticket_status', '接单状态只能是 0 或 1']]);
      expect(expectEnvelope(await c.get('/api/user/profile'), 200).data.online_ticket_status).toBe(1);
    });
  });

  describe('/api/user/bank-info', () => {

    const FULL = '6222021234561234';

    it('PUT stores the account and answers it masked; GET never returns the full number', async () => {
      const c = t.authed(tokens.partTime2);
      // Details are on file already: the change is re-verified with a code to the own phone.
      const code = await t.sendCode(DEMO.partTime2, 'bank_info', tokens.partTime2);
      const put = await c.put('/api/user/bank-info', {
        account_name: '王雨桐',
        bank_name: '中国工商银行',
        bank_branch: '杭州西湖支行',
        account_no: '6222 0212 3456 1234',
        code,
      });
      const body = expectEnvelope(put, 200);
      expect(body.message).toBe('收款信息已保存');
      expect(body.data).toEqual({
        account_name: '王**',
        bank_name: '中国工商银行',
        bank_branch: '杭州西湖支行',
        account_no_masked: '6222 **** **** 1234',
        filled: true,
      });
      expect(put.body).not.toContain(FULL);

      const get = await c.get('/api/user/bank-info');
      expect(expectEnvelope(get, 200).data.account_no_masked).toBe('6222 **** **** 1234');
      for (const text of [get.body, (await c.get('/api/user/profile')).body]) {
        expect(text).not.toContain(FULL);
        expect(text).not.toContain('02123456');
      }
      // Stored whole, for payouts.
      const row = await t.db.selectFrom('designers').select('bank_account_no').where('phone', '=', DEMO.partTime2).executeTakeFirstOrThrow();
      expect(row.bank_account_no).toBe(FULL);
    });

    it('GET shows demo data masked, and an empty form for a designer without it', async () => {
      const demo = await t.authed(tokens.designer).get('/api/user/bank-info');
      expect(expectEnvelope(demo, 200).data).toMatchObject({ account_no_masked: '6214 **** **** 0001', filled: true, bank_name: '招商银行' });
      expect(demo.body).not.toContain('6214850000000001');
      const none = expectEnvelope(await t.authed(tokens.onboarding).get('/api/user/bank-info'), 200).data;
      expect(none).toEqual({ account_name: '', bank_name: '', bank_branch: '', account_no_masked: '', filled: false });
    });

    it('bad input reports every field in order and changes nothing', async () => {
      const before = await t.db.selectFrom('designers').selectAll().where('phone', '=', DEMO.partTime3).executeTakeFirstOrThrow();
      const res = await t.authed(tokens.partTime3).put('/api/user/bank-info', {
        account_name: '1',
        bank_name: '',
        account_no: '1234-5678',
      });
      expectFieldErrors(res, [
        ['account_name', '请输入开户人真实姓名'],
        ['bank_name', '请输入开户银行'],
        ['account_no', '银行卡号应为12-19位数字'],
      ]);
      const after = await t.db.selectFrom('designers').selectAll().where('phone', '=', DEMO.partTime3).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });

  describe('shops and available products', () => {

    it('GET /api/user/shops lists the designer’s shops; a lead sees the team’s', async () => {
      const mine = expectEnvelope(await t.authed(tokens.designer).get('/api/user/shops'), 200).data;
      expect(mine.items).toHaveLength(2);
      for (const s of mine.items) {
        expect(s).toEqual({ shop_id: expect.any(Number), name: expect.any(String), platform: expect.any(String) });
      }
      const team = expectEnvelope(await t.authed(tokens.lead).get('/api/user/shops'), 200).data;
      expect(team.items).toHaveLength(4);
      const teamIds = team.items.map((s: { shop_id: number }) => s.shop_id);
      expect(new Set(teamIds).size).toBe(4);
      for (const s of mine.items) expect(teamIds).toContain(s.shop_id);
    });

    it('GET /api/designer-product/available-products?pageSize=99 pages the designer’s products', async () => {
      const res = await t.authed(tokens.designer).get('/api/designer-product/available-products?pageSize=99');
      const data = expectEnvelope(res, 200).data;
      expect(data).toMatchObject({ page: 1, pageSize: 99 });
      expect(data.total).toBe(data.items.length);
      expect(data.items.length).toBeGreaterThan(0);
      expect(data.items.length).toBeLessThan(8);
      for (const p of data.items) expect(p.product_id).toEqual(expect.any(Number));

      const all = expectEnvelope(await t.authed(tokens.lead).get('/api/designer-product/available-products?pageSize=99'), 200).data;
      expect(all.total).toBe(8);
      const page2 = expectEnvelope(
        await t.authed(tokens.lead).get('/api/designer-product/available-products?page=2&pageSize=3'),
        200,
      ).data;
      expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 8 });
      expect(page2.items.map((p: { product_id: number }) => p.product_id)).toEqual(
        all.items.slice(3, 6).map((p: { product_id: number }) => p.product_id),
      );
      const defaults = expectEnvelope(await t.authed(tokens.lead).get('/api/designer-product/available-products'), 200).data;
      expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
    });

    it('pageSize above 100 or a page below 1 is refused', async () => {
      const c = t.authed(tokens.designer);
      expectFieldErrors(await c.get('/api/designer-product/available-products?pageSize=101'), [['pageSize']]);
      expectFieldErrors(await c.get('/api/designer-product/available-products?page=0'), [['page']]);
      expectFieldErrors(await c.get('/api/designer-product/available-products?pageSize=abc'), [['pageSize']]);
    });

    it('both need a token', async () => {
      expect401(await t.anon.get('/api/user/shops'));
      expect401(await t.anon.get('/api/designer-product/available-products?pageSize=99'));
    });
  });
});
