/**
 * The menu tree of spec §2. Every entry is defined here; an entry is served only once its screen
 * has shipped (RELEASED_PATHS), so nobody is routed to a page that does not exist yet. Which
 * entries a designer gets is decided in system.service.ts (`menuFor`).
 */
export type MenuRole = 'admin' | 'user' | 'part_time';

export interface MenuItem {
  id: number;
  parentId: number;
  path: string;
  component: string;
  redirect: string;
  type: 'M' | 'C';
  title: string;
  icon: string;
  keepAlive: boolean;
  hidden: boolean;
  sort: number;
  activeMenu: string;
  breadcrumb: boolean;
  status: number;
  roles: MenuRole[];
  showInTabs: boolean;
  alwaysShow: boolean;
  affix: boolean;
  children?: MenuItem[];
}

const ALL: MenuRole[] = ['admin', 'user', 'part_time'];
const ADMIN: MenuRole[] = ['admin'];
const PART_TIME: MenuRole[] = ['part_time'];

type Def = Partial<MenuItem> & Pick<MenuItem, 'id' | 'path' | 'title' | 'roles'>;

function dir(def: Def & { sort: number }, children: Def[]): MenuItem {
  const parent = item({ ...def, type: 'M', component: 'Layout', redirect: children[0]?.path ?? '' }, 0);
  parent.children = children.map((c, i) => item({ sort: i + 1, ...c }, def.id));
  parent.alwaysShow = children.filter((c) => !c.hidden).length > 1;
  return parent;
}

function item(def: Def, parentId: number): MenuItem {
  return {
    parentId,
    component: def.path.replace(/^\//, '').replace(/\/:\w+/g, ''),
    redirect: '',
    type: 'C',
    icon: '',
    keepAlive: !def.hidden,
    hidden: false,
    sort: 0,
    activeMenu: '',
    breadcrumb: true,
    status: 1,
    showInTabs: true,
    alwaysShow: false,
    affix: false,
    ...def,
  };
}

export const MENU_TREE: MenuItem[] = [
  dir({ id: 100, path: '/order-hall', title: '接单大厅', icon: 'hall', sort: 2, roles: PART_TIME }, [
    { id: 101, path: '/order-hall/index', title: '接单大厅', roles: PART_TIME },
  ]),
  dir({ id: 200, path: '/order-plan', title: '订单计划', icon: 'plan', sort: 5, roles: ADMIN }, [
    { id: 201, path: '/order-plan/index', title: '订单计划', roles: ADMIN },
    { id: 202, path: '/order-plan/detail/:id', title: '计划详情', roles: ADMIN, hidden: true, activeMenu: '/order-plan/index' },
  ]),
  dir({ id: 300, path: '/order-management', title: '我的工单', icon: 'ticket', sort: 6, roles: ALL }, [
    { id: 301, path: '/order-management/index', title: '我的工单', roles: ALL },
    { id: 302, path: '/order-management/deduction', title: '扣款工单', roles: ALL },
    { id: 303, path: '/order-management/appeal', title: '申诉工单', roles: ALL },
  ]),
  dir({ id: 400, path: '/order-fee', title: '我的费用', icon: 'fee', sort: 7, roles: ALL }, [
    { id: 401, path: '/order-fee/index', title: '我的费用', roles: ALL },
    { id: 402, path: '/order-fee/detail/:id', title: '结算详情', roles: ALL, hidden: true, activeMenu: '/order-fee/index' },
  ]),
  dir({ id: 500, path: '/team-management', title: '团队管理', icon: 'team', sort: 7.5, roles: ADMIN }, [
    { id: 501, path: '/team-management/dashboard', title: '团队看板', roles: ADMIN },
    { id: 502, path: '/team-management/daily-detail', title: '每日明细', roles: ADMIN, hidden: true, activeMenu: '/team-management/dashboard' },
    { id: 503, path: '/team-management/designers', title: '设计师', roles: ADMIN },
    { id: 504, path: '/team-management/designers/detail/:id', title: '设计师详情', roles: ADMIN, hidden: true, activeMenu: '/team-management/designers' },
    { id: 505, path: '/team-management/orders', title: '团队订单', roles: ADMIN },
    { id: 506, path: '/team-management/expenses', title: '团队费用', roles: ADMIN },
    { id: 507, path: '/team-management/expenses/detail/:id', title: '费用详情', roles: ALL, hidden: true, activeMenu: '/team-management/expenses' },
  ]),
  dir({ id: 600, path: '/study-exam', title: '学习考试', icon: 'study', sort: 8.4, roles: ALL }, [
    { id: 601, path: '/study-exam/index', title: '学习考试', roles: ALL },
    { id: 602, path: '/study-exam/course-detail', title: '课程详情', roles: ALL, hidden: true, activeMenu: '/study-exam/index' },
    { id: 603, path: '/course/course-detail', title: '课程详情', roles: ALL, hidden: true, activeMenu: '/study-exam/index' },
    { id: 604, path: '/online-exam', title: '在线考试', roles: ALL, hidden: true, activeMenu: '/study-exam/index' },
  ]),
  dir({ id: 700, path: '/message-center', title: '消息中心', icon: 'message', sort: 9.5, roles: ALL }, [
    { id: 701, path: '/message-center/index', title: '消息中心', roles: ALL },
    { id: 702, path: '/message-center/announcement', title: '公告详情', roles: ALL, hidden: true, activeMenu: '/message-center/index' },
  ]),
  dir({ id: 800, path: '/template-library', title: '模板库', icon: 'template', sort: 10.3, roles: ALL }, [
    { id: 801, path: '/template-library/index', title: '模板库', roles: ALL },
  ]),
];

/** Screens that have shipped. A later issue adds its paths here together with its pages. */
export const RELEASED_PATHS = new Set<string>([
  '/message-center/index',
  '/message-center/announcement',
  '/order-management/index',
  '/order-hall/index',
  // Issue #5: appeals, deductions and fees.
  '/order-management/deduction',
  '/order-management/appeal',
  '/order-fee/index',
  '/order-fee/detail/:id',
  // Issue #7: team management and order plans.
  '/order-plan/index',
  '/order-plan/detail/:id',
  '/team-management/dashboard',
  '/team-management/daily-detail',
  '/team-management/designers',
  '/team-management/designers/detail/:id',
  '/team-management/orders',
  '/team-management/expenses',
  '/team-management/expenses/detail/:id',
  // Issue #16: courses and exams (the list with its tabs, a course).
  '/study-exam/index',
  '/study-exam/course-detail',
  '/course/course-detail',
  // Issue #17: the template library.
  '/template-library/index',
  // An exam (also a public route): message 41 opens it.
  '/online-exam',
]);
