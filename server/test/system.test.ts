import { beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE, type MenuItem, RELEASED_PATHS } from '../src/modules/system/menu.js';
import { DEMO, dialects, expect401, expectEnvelope, useTestApp } from './support/harness.js';

/** Every path of the menu tree: release them all to see the whole tree each type gets. */
const ALL_PATHS = new Set(MENU_TREE.flatMap((d) => [d.path, ...(d.children ?? []).map((c) => c.path)]));

const MENU_FIELDS = [
  'id',
  'parentId',
  'path',
  'component',
  'redirect',
  'type',
  'title',
  'icon',
  'keepAlive',
  'hidden',
  'sort',
  'activeMenu',
  'breadcrumb',
  'status',
  'roles',
  'showInTabs',
  'alwaysShow',
  'affix',
] as const;

const TICKETS = ['/order-management/index', '/order-management/deduction', '/order-management/appeal'];
const FEES = ['/order-fee/index', '/order-fee/detail/:id'];
const STUDY = ['/study-exam/index', '/study-exam/course-detail', '/course/course-detail', '/online-exam'];
const MESSAGES = ['/message-center/index', '/message-center/announcement'];
const TEMPLATES = ['/template-library/index'];

/** Spec §2: top-level titles in menu order with their child paths, per designer type. */
const EXPECTED: Record<'admin' | 'user' | 'partTime', [title: string, sort: number, children: string[]][]> = {
  admin: [
    ['订单计划', 5, ['/order-plan/index', '/order-plan/detail/:id']],
    ['我的工单', 6, TICKETS],
    ['我的费用', 7, FEES],
    [
      '团队管理',
      7.5,
      [
        '/team-management/dashboard',
        '/team-management/daily-detail',
        '/team-management/designers',
        '/team-management/designers/detail/:id',
        '/team-management/orders',
        '/team-management/expenses',
        '/team-management/expenses/detail/:id',
      ],
    ],
    ['学习考试', 8.4, STUDY],
    ['消息中心', 9.5, MESSAGES],
    ['模板库', 10.3, TEMPLATES],
  ],
  user: [
    ['我的工单', 6, TICKETS],
    ['我的费用', 7, FEES],
    // Spec §2: a team's expense statement detail is for all roles (a member sees their own share); hidden.
    ['团队管理', 7.5, ['/team-management/expenses/detail/:id']],
    ['学习考试', 8.4, STUDY],
    ['消息中心', 9.5, MESSAGES],
    ['模板库', 10.3, TEMPLATES],
  ],
  partTime: [
    ['接单大厅', 2, ['/order-hall/index']],
    ['我的工单', 6, TICKETS],
    ['我的费用', 7, FEES],
    ['团队管理', 7.5, ['/team-management/expenses/detail/:id']],
    ['学习考试', 8.4, STUDY],
    ['消息中心', 9.5, MESSAGES],
    ['模板库', 10.3, TEMPLATES],
  ],
};

/** Hidden routes of spec §2. */
const HIDDEN = new Set([
  '/order-plan/detail/:id',
  '/order-fee/detail/:id',
  '/team-management/daily-detail',
  '/team-management/designers/detail/:id',
  '/team-management/expenses/detail/:id',
  '/study-exam/course-detail',
  '/course/course-detail',
  '/online-exam',
  '/message-center/announcement',
]);

function flatten(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

describe.each(dialects)('system calls, all menus released (%s)', (dialect) => {
  const t = useTestApp(dialect, { releasedMenu: ALL_PATHS });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const [k, phone] of Object.entries(DEMO)) tokens[k] = await t.sessionFor(phone);
  });

  it('GET /api/system/config is public', async () => {
    const res = await t.anon.get('/api/system/config');
    const data = expectEnvelope(res, 200).data;
    expect(data).toMatchObject({ registration_complete_step: 6, available_products_page_size: 99 });
    // Where the SPA connects for messages (spec §7): this host's /mqtt unless MQTT_PUBLIC_URL says otherwise.
    expect(data.mqtt).toEqual({ url: null, path: '/mqtt', keepalive_seconds: 40, reconnect_ms: 5000 });
    expect(data.app_name).toEqual(expect.any(String));
    expect(Date.parse(data.server_time)).not.toBeNaN();
  });

  it.each([
    ['lead', 'admin'],
    ['designer', 'user'],
    ['onboarding', 'user'],
    ['partTime2', 'partTime'],
    ['partTime3', 'partTime'],
  ] as const)('GET /api/system/menus for %s is the spec §2 tree of %s', async (who, kind) => {
    const res = await t.authed(tokens[who]!).get('/api/system/menus');
    const menus = expectEnvelope<MenuItem[]>(res, 200).data;
    expect(menus.map((m) => [m.title, m.sort, (m.children ?? []).map((c) => c.path)])).toEqual(EXPECTED[kind]);
    for (const m of menus) {
      expect(m.type).toBe('M');
      expect(m.parentId).toBe(0);
      for (const c of m.children ?? []) {
        expect(c.parentId).toBe(m.id);
        expect(c.type).toBe('C');
      }
    }
  });

  it('user and part-time menus lack the admin and hall entries', async () => {
    // What the sidebar lists: hidden entries (and another role's hidden directory) are routed, not listed.
    const titles = async (who: string) =>
      flatten(expectEnvelope<MenuItem[]>(await t.authed(tokens[who]!).get('/api/system/menus'), 200).data.filter((d) => !d.hidden))
        .filter((m) => !m.hidden)
        .map((m) => m.title);
    const user = await titles('designer');
    for (const missing of ['订单计划', '团队管理', '接单大厅', '团队看板']) expect(user).not.toContain(missing);
    const partTime = await titles('partTime3');
    for (const missing of ['订单计划', '团队管理']) expect(partTime).not.toContain(missing);
    expect(partTime[0]).toBe('接单大厅');
    expect(await titles('lead')).not.toContain('接单大厅');
  });

  it('hidden entries are flagged hidden, the rest are not', async () => {
    const menus = expectEnvelope<MenuItem[]>(await t.authed(tokens.lead!).get('/api/system/menus'), 200).data;
    for (const m of flatten(menus)) {
      expect(m.hidden, m.path).toBe(HIDDEN.has(m.path));
      if (m.hidden) expect(m.activeMenu, m.path).not.toBe('');
    }
  });

  it('every menu item carries the spec §3 fields with their types', async () => {
    const menus = expectEnvelope<MenuItem[]>(await t.authed(tokens.partTime2!).get('/api/system/menus'), 200).data;
    for (const m of flatten(menus)) {
      for (const f of MENU_FIELDS) expect(m, `${m.path}.${f}`).toHaveProperty(f);
      expect(m).toMatchObject({
        id: expect.any(Number),
        parentId: expect.any(Number),
        path: expect.stringMatching(/^\//),
        component: expect.any(String),
        redirect: expect.any(String),
        title: expect.any(String),
        icon: expect.any(String),
        keepAlive: expect.any(Boolean),
        hidden: expect.any(Boolean),
        sort: expect.any(Number),
        activeMenu: expect.any(String),
        breadcrumb: expect.any(Boolean),
        status: expect.any(Number),
        roles: expect.any(Array),
        showInTabs: expect.any(Boolean),
        alwaysShow: expect.any(Boolean),
        affix: expect.any(Boolean),
      });
      expect(['M', 'C']).toContain(m.type);
      expect(m.roles).toContain('part_time');
    }
  });

  it('GET /api/system/dicts has ticket_status with the 8 spec statuses', async () => {
    const res = await t.authed(tokens.designer!).get('/api/system/dicts');
    const dicts = expectEnvelope<{ code: string; items: { name: string; value: string; color?: string }[] }[]>(res, 200).data;
    const status = dicts.find((d) => d.code === 'ticket_status');
    expect(status).toBeDefined();
    expect(status!.items.map((i) => [i.value, i.name])).toEqual([
      ['0', '正常'],
      ['1', '终止设计'],
      ['2', '已退款'],
      ['3', '订单关闭'],
      ['4', '收到完成通知'],
      ['5', '工厂驳回'],
      ['6', '手动关闭'],
      ['7', '一键下单'],
    ]);
    for (const d of dicts) {
      expect(d.code).toEqual(expect.any(String));
      for (const i of d.items) {
        expect(typeof i.name).toBe('string');
        expect(typeof i.value).toBe('string');
        if ('color' in i) expect(typeof i.color).toBe('string');
      }
    }
    const only = expectEnvelope<{ code: string }[]>(await t.authed(tokens.designer!).get('/api/system/dicts?codes=ticket_status'), 200).data;
    expect(only.map((d) => d.code)).toEqual(['ticket_status']);
  });

  it('menus and dicts need a token', async () => {
    expect401(await t.anon.get('/api/system/menus'));
    expect401(await t.anon.get('/api/system/dicts'));
  });
});

describe.each(dialects)('GET /api/system/menus on the default app (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const ROLE_OF: Record<string, string> = {
    lead: 'admin',
    designer: 'user',
    onboarding: 'user',
    partTime2: 'part_time',
    partTime3: 'part_time',
  };

  it.each(Object.entries(DEMO))('serves only released screens (%s)', async (who, phone) => {
    const token = await t.sessionFor(phone);
    const menus = expectEnvelope<MenuItem[]>(await t.authed(token).get('/api/system/menus'), 200).data;
    for (const m of menus) {
      expect(m.children?.length ?? 0).toBeGreaterThan(0);
      for (const c of m.children ?? []) expect(RELEASED_PATHS.has(c.path), c.path).toBe(true);
    }
    // …and every released screen the role may open.
    const role = ROLE_OF[who]! as MenuItem['roles'][number];
    // (another role's directory gives this role only its hidden leaves the role may open)
    const expected = MENU_TREE.flatMap((d) => (d.children ?? []).filter((c) => d.roles.includes(role) || c.hidden))
      .filter((c) => c.roles.includes(role) && RELEASED_PATHS.has(c.path))
      .map((c) => c.path)
      .sort();
    expect(menus.flatMap((m) => (m.children ?? []).map((c) => c.path)).sort()).toEqual(expected);
    // Sorted as spec §2 whatever is released.
    const sorts = menus.map((m) => m.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });
});
