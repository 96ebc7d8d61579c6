/**
 * Kept whole on purpose (~500 lines): the whole tree, the order the guards run in and the requests
 * they start side by side read top to bottom in one place. The routes are declarations of path,
 * search schema and page; cut by area, the parent links and the guard order would scatter over
 * several files. New areas bring their routes in a file of their own, built from the parents and
 * the menu guard this file passes them (study-routes.tsx, template-routes.tsx; the guard's type is
 * in guard.ts), so this file does not grow with them.
 *
 * The route tree of the SPA: guards (token, onboarding, menu grants), every route of spec §2 and
 * its lazy page.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import type { RouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { dictQueries } from '@/entities/dict';
import { flattenMenu, menuQueries, pathMatches } from '@/entities/menu';
import type { HallSearch, TicketSearch } from '@/entities/ticket';
import { userQueries } from '@/entities/user';
import type { PlanSearch } from '@/entities/order-plan';
import type { DailyDetailSearch, PeriodSearch } from '@/entities/team-board';
import type { TeamDesignerSearch } from '@/entities/team-designer';
import type { ExpenseSearch } from '@/entities/team-expense';
import type { AppealSearch } from '@/entities/appeal';
import type { DeductionSearch } from '@/entities/deduction';
import type { SettlementSearch } from '@/entities/settlement';
import { ErrorPage, ForbiddenPage, NotFoundPage, ServerErrorPage } from '@/pages/errors';
import { LoginPage } from '@/pages/login';
import { ApiError, tokenStore } from '@/shared/api';
import { MSG } from '@/shared/config/messages';
import { isOnboardingOpenPath, isPublicPath, LOGIN_PATH } from '@/shared/config/routes';
import { pageProgress, useDismissBootShell } from '@/shared/lib';
import { notify, PageProgress } from '@/shared/ui';
import { afterLoginTarget, decideAccess, decideMenuAccess, type MenuGuard } from './guard';
import { studyRoutes } from './study-routes';
import { templateRoutes } from './template-routes';

/** Screens load on demand so the first visit downloads only what the login page needs. */
const AppLayout = lazyRouteComponent(() => import('@/widgets/app-layout'), 'AppLayout');
const AccountPage = lazyRouteComponent(() => import('@/pages/account'), 'AccountPage');
const AnnouncementPage = lazyRouteComponent(() => import('@/pages/announcement'), 'AnnouncementPage');
const GuidePage = lazyRouteComponent(() => import('@/pages/guide'), 'GuidePage');
const HomePage = lazyRouteComponent(() => import('@/pages/home'), 'HomePage');
const MessageCenterPage = lazyRouteComponent(() => import('@/pages/message-center'), 'MessageCenterPage');
const NewGuidancePage = lazyRouteComponent(() => import('@/pages/new-guidance'), 'NewGuidancePage');
const OrderDailyPanelPage = lazyRouteComponent(() => import('@/pages/order-daily-panel'), 'OrderDailyPanelPage');
const MyTicketsPage = lazyRouteComponent(() => import('@/pages/my-tickets'), 'MyTicketsPage');
const OrderHallPage = lazyRouteComponent(() => import('@/pages/order-hall'), 'OrderHallPage');
const PrivacyPolicyPage = lazyRouteComponent(() => import('@/pages/privacy-policy'), 'PrivacyPolicyPage');
const RedirectPage = lazyRouteComponent(() => import('@/pages/redirect'), 'RedirectPage');
const RegisterPage = lazyRouteComponent(() => import('@/pages/register'), 'RegisterPage');
const ResetPasswordPage = lazyRouteComponent(() => import('@/pages/reset-password'), 'ResetPasswordPage');
const ServiceAgreementPage = lazyRouteComponent(() => import('@/pages/service-agreement'), 'ServiceAgreementPage');
const TeamInvitePage = lazyRouteComponent(() => import('@/pages/team-invite'), 'TeamInvitePage');

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Tab and page title. */
    title?: string;
    /** Keep the page mounted while another tab is shown (default true). */
    keepAlive?: boolean;
    showInTabs?: boolean;
    /** The menu path pattern granting this route (spec §2 menu routes). */
    menuPath?: string;
  }
}

/** Forget the routes granted for this session (spec §2: on a login-page visit or on failure). */
function resetGrantedRoutes(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: menuQueries.all() });
}

const loginRedirect = (href: string) => redirect({ to: '/login', search: { redirect: href }, replace: true });

/** The root: a screen outside the app's layout takes index.html's first-paint frame away (the layout does so itself). */
function Root() {
  const inLayout = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === appRoute.id) });
  useDismissBootShell(!inLayout);
  return (
    <>
      <PageProgress />
      <Outlet />
    </>
  );
}

function RootNotFound() {
  useDismissBootShell();
  return <NotFoundPage />;
}

/** The dictionaries are loaded (the ticket statuses are the ones every list needs). */
function hasTicketStatuses(queryClient: QueryClient): boolean {
  const dicts = queryClient.getQueryData(dictQueries.list().queryKey);
  return !!dicts?.some((d) => d.code === 'ticket_status' && d.items.length > 0);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: function RootError({ error, reset }) {
    useDismissBootShell();
    return <ErrorPage status={500} detail={error instanceof ApiError ? error.message : undefined} onRetry={reset} />;
  },
  beforeLoad: async ({ location, context: { queryClient } }) => {
    const path = location.pathname;
    if (path === LOGIN_PATH) {
      resetGrantedRoutes(queryClient);
      return;
    }
    const token = tokenStore.get();
    const first = decideAccess({ path, href: location.href, hasToken: !!token });
    if (first.kind === 'login') throw loginRedirect(first.redirect);
    if (!token) return;

    // A private screen needs the profile, the menu and the dictionaries: the three requests start
    // now, side by side, instead of one round trip after the other (issue #19). The guards below
    // still read them in order; a request already under way is not sent twice. (Starting the
    // layout's and the page's code here too was measured and left out: on HTTP/1.1 its ~70 files
    // queued ahead of these requests and the home's data came later, not sooner.)
    if (!isPublicPath(path) && !isOnboardingOpenPath(path)) {
      void queryClient.ensureQueryData(menuQueries.tree()).catch(() => {});
      if (!hasTicketStatuses(queryClient)) void queryClient.ensureQueryData(dictQueries.list()).catch(() => {});
    }

    let step: number;
    try {
      step = (await queryClient.ensureQueryData(userQueries.profile())).current_registration_step;
    } catch (error) {
      if (error instanceof ApiError && error.isUnauthorized) throw loginRedirect(location.href);
      if (isPublicPath(path)) return;
      throw error;
    }
    const decision = decideAccess({ path, href: location.href, hasToken: true, step });
    if (decision.kind === 'redirect') throw redirect({ to: decision.to, replace: true });
    if (isPublicPath(path) || isOnboardingOpenPath(path)) return;

    try {
      await queryClient.ensureQueryData(menuQueries.tree());
    } catch (error) {
      // Spec §8: route generation failure resets the token, shows the error, goes to login.
      tokenStore.clear();
      resetGrantedRoutes(queryClient);
      if (!(error instanceof ApiError && error.isUnauthorized)) {
        notify(error instanceof ApiError && error.message ? error.message : MSG.routeGuardError, 'error');
      }
      throw loginRedirect(location.href);
    }
    if (!hasTicketStatuses(queryClient)) await queryClient.ensureQueryData(dictQueries.list());
  },
});

const publicRoute = <P extends string>(path: P, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  component: () => <LoginPage resolveTarget={afterLoginTarget} />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/home',
  component: HomePage,
  staticData: { title: '首页' },
  // The cards' one request starts as soon as its query's code has arrived (with the signed-in
  // chunk), before the layout and the page render; the page reads the same query. Only when
  // nothing is cached: a kept-alive home refreshes through its own query. (Importing the query
  // into the entry to start it earlier cost the login page 3.3 KB gzip and moved no Lighthouse
  // figure: the home waits on its main thread, not on this request.)
  loader: ({ context: { queryClient } }) => {
    void import('@/entities/workbench')
      .then(({ workbenchQueries }) => queryClient.ensureQueryData(workbenchQueries.home()))
      .catch(() => {});
  },
});

const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/account',
  component: AccountPage,
  staticData: { title: '个人中心' },
});

const redirectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/redirect/$',
  component: RedirectPage,
  staticData: { keepAlive: false, showInTabs: false },
});

/**
 * Guard of a screen of the server menu: shown only when the menu granted to this user holds it,
 * otherwise 403 (spec §2).
 */
const menuGuard: MenuGuard = (menuPath) => {
  return ({ location, context: { queryClient } }) => {
    const granted = flattenMenu(queryClient.getQueryData(menuQueries.tree().queryKey) ?? []).map((m) => m.path);
    const decision = decideMenuAccess(location.pathname, (p) => pathMatches(p, location.pathname), [menuPath], granted);
    if (decision.kind === 'forbidden') throw redirect({ to: '/403', replace: true });
  };
};

const messageCenterRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/message-center/index',
  component: MessageCenterPage,
  beforeLoad: menuGuard('/message-center/index'),
});

const announcementRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/message-center/announcement',
  component: AnnouncementPage,
  validateSearch: z.object({ id: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined) }),
  beforeLoad: menuGuard('/message-center/announcement'),
});

/**
 * The ticket entity's schemas and queries, loaded with the ticket pages rather than with the first
 * visit (they share the pages' chunk). The ticket routes pass their search params through typed;
 * the pages parse them with zod (useKeptSearch), also while kept alive.
 */
const ticketEntity = () => import('@/entities/ticket');
const passTicketSearch = (raw: Record<string, unknown>) => raw as TicketSearch;

/**
 * Starts fetching a ticket page's list (and counts) while its code loads; the page reads the same
 * queries. Not awaited: the page renders its own loading state.
 */
function prefetchTicketList(queryClient: QueryClient, raw: Record<string, unknown>, withCounts: boolean) {
  void ticketEntity().then(({ listParamsOf, parseTicketSearch, ticketQueries }) => {
    void queryClient.prefetchQuery(ticketQueries.list(listParamsOf(parseTicketSearch(raw))));
    if (withCounts) void queryClient.prefetchQuery(ticketQueries.panelCounts());
  });
}

/** My tickets: filters, paging, sorting and the open detail drawer live in the search params. */
const myTicketsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-management/index',
  component: MyTicketsPage,
  validateSearch: passTicketSearch,
  beforeLoad: menuGuard('/order-management/index'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => prefetchTicketList(queryClient, deps, true),
});

/** The order hall (part-time designers). */
const orderHallRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-hall/index',
  component: OrderHallPage,
  validateSearch: (raw: Record<string, unknown>) => raw as HallSearch,
  beforeLoad: menuGuard('/order-hall/index'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void ticketEntity().then(({ hallParamsOf, hallSearchSchema, ticketQueries }) => {
      const parsed = hallSearchSchema.safeParse(deps);
      void queryClient.prefetchQuery(ticketQueries.hall(hallParamsOf(parsed.success ? parsed.data : {})));
    });
  },
});

// ---- Issue #5: appeals, deductions and fees ------------------------------------------------
// These pages parse their search params with zod themselves (useKeptSearch with the entities'
// *SearchSchema, also while kept alive); the routes only pass them through and type them, which
// keeps the schemas and queries out of the first-visit bundle.
const AppealsPage = lazyRouteComponent(() => import('@/pages/appeals'), 'AppealsPage');
const DeductionsPage = lazyRouteComponent(() => import('@/pages/deductions'), 'DeductionsPage');
const OrderFeePage = lazyRouteComponent(() => import('@/pages/order-fee'), 'OrderFeePage');
const OrderFeeDetailPage = lazyRouteComponent(() => import('@/pages/order-fee-detail'), 'OrderFeeDetailPage');

/** Appealed tickets: my appeals and, for leads, the review queue; filters and the open drawer in the search params. */
const appealsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-management/appeal',
  component: AppealsPage,
  validateSearch: (raw: Record<string, unknown>) => raw as AppealSearch,
  beforeLoad: menuGuard('/order-management/appeal'),
});

/** Deducted tickets, filters in the search params. */
const deductionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-management/deduction',
  component: DeductionsPage,
  validateSearch: (raw: Record<string, unknown>) => raw as DeductionSearch,
  beforeLoad: menuGuard('/order-management/deduction'),
});

/** My fees: settlements by period, filters in the search params. */
const orderFeeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-fee/index',
  component: OrderFeePage,
  validateSearch: (raw: Record<string, unknown>) => raw as SettlementSearch,
  beforeLoad: menuGuard('/order-fee/index'),
});

/** One settlement's lines (hidden from the menu; each id is a tab of its own). */
const orderFeeDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-fee/detail/$id',
  component: OrderFeeDetailPage,
  beforeLoad: menuGuard('/order-fee/detail/:id'),
  staticData: { title: '结算详情' },
});
// ---- end of issue #5 ------------------------------------------------------------------------

// ---- Issue #7: team management and order plans (leads) -------------------------------------
// As the ticket and appeal pages, these pages parse their search params with the entities' zod
// schemas themselves (useKeptSearch / useKeptPagedSearch, also while kept alive); the routes only
// pass them through and type them, which keeps the schemas out of the first-visit bundle.
const TeamDashboardPage = lazyRouteComponent(() => import('@/pages/team-dashboard'), 'TeamDashboardPage');
const TeamDailyDetailPage = lazyRouteComponent(() => import('@/pages/team-daily-detail'), 'TeamDailyDetailPage');
const TeamDesignersPage = lazyRouteComponent(() => import('@/pages/team-designers'), 'TeamDesignersPage');
const TeamDesignerDetailPage = lazyRouteComponent(() => import('@/pages/team-designer-detail'), 'TeamDesignerDetailPage');
const TeamOrdersPage = lazyRouteComponent(() => import('@/pages/team-orders'), 'TeamOrdersPage');
const TeamExpensesPage = lazyRouteComponent(() => import('@/pages/team-expenses'), 'TeamExpensesPage');
const TeamExpenseDetailPage = lazyRouteComponent(() => import('@/pages/team-expense-detail'), 'TeamExpenseDetailPage');
const OrderPlanPage = lazyRouteComponent(() => import('@/pages/order-plan'), 'OrderPlanPage');
const OrderPlanDetailPage = lazyRouteComponent(() => import('@/pages/order-plan-detail'), 'OrderPlanDetailPage');

/** The team board: the period (preset or custom range) lives in the search params. */
const teamDashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/dashboard',
  component: TeamDashboardPage,
  validateSearch: (raw: Record<string, unknown>) => raw as PeriodSearch,
  beforeLoad: menuGuard('/team-management/dashboard'),
});

const teamDailyDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/daily-detail',
  component: TeamDailyDetailPage,
  validateSearch: (raw: Record<string, unknown>) => raw as DailyDetailSearch,
  beforeLoad: menuGuard('/team-management/daily-detail'),
  staticData: { title: '每日明细' },
});

const teamDesignersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/designers',
  component: TeamDesignersPage,
  validateSearch: (raw: Record<string, unknown>) => raw as TeamDesignerSearch,
  beforeLoad: menuGuard('/team-management/designers'),
});

const teamDesignerDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/designers/detail/$id',
  component: TeamDesignerDetailPage,
  beforeLoad: menuGuard('/team-management/designers/detail/:id'),
  staticData: { title: '设计师详情' },
});

/** Team orders: the ticket filters (+ designer) and the open drawer in the search params, as My tickets. */
const teamOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/orders',
  component: TeamOrdersPage,
  validateSearch: passTicketSearch,
  beforeLoad: menuGuard('/team-management/orders'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => prefetchTicketList(queryClient, deps, false),
});

const teamExpensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/expenses',
  component: TeamExpensesPage,
  validateSearch: (raw: Record<string, unknown>) => raw as ExpenseSearch,
  beforeLoad: menuGuard('/team-management/expenses'),
});

const teamExpenseDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/team-management/expenses/detail/$id',
  component: TeamExpenseDetailPage,
  beforeLoad: menuGuard('/team-management/expenses/detail/:id'),
  staticData: { title: '费用详情' },
});

const orderPlanRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-plan/index',
  component: OrderPlanPage,
  validateSearch: (raw: Record<string, unknown>) => raw as PlanSearch,
  beforeLoad: menuGuard('/order-plan/index'),
});

/** A week's plan grid and its change requests (hidden; a tab per plan). */
const orderPlanDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-plan/detail/$id',
  component: OrderPlanDetailPage,
  beforeLoad: menuGuard('/order-plan/detail/:id'),
  staticData: { title: '计划详情' },
});
// ---- end of issue #7 ------------------------------------------------------------------------

const study = studyRoutes({ rootRoute, appRoute, menuGuard });
// Issue #17: the template library and its public share page (template-routes.tsx).
const templates = templateRoutes({ rootRoute, appRoute, menuGuard });

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  publicRoute('/register', RegisterPage),
  publicRoute('/reset-password', ResetPasswordPage),
  publicRoute('/service-agreement', ServiceAgreementPage),
  publicRoute('/privacy-policy', PrivacyPolicyPage),
  publicRoute('/guide', GuidePage),
  publicRoute('/new-guidance', NewGuidancePage),
  publicRoute('/order-daily-panel', OrderDailyPanelPage),
  // A fixed route outside the layout and the menu; not public: the guard sends a visitor to log in and back.
  publicRoute('/team-invite', TeamInvitePage),
  publicRoute('/403', ForbiddenPage),
  publicRoute('/404', NotFoundPage),
  publicRoute('/500', ServerErrorPage),
  ...study.public,
  ...templates.publicChildren,
  appRoute.addChildren([
    homeRoute,
    accountRoute,
    redirectRoute,
    messageCenterRoute,
    announcementRoute,
    myTicketsRoute,
    orderHallRoute,
    appealsRoute,
    deductionsRoute,
    orderFeeRoute,
    orderFeeDetailRoute,
    // Issue #7
    teamDashboardRoute,
    teamDailyDetailRoute,
    teamDesignersRoute,
    teamDesignerDetailRoute,
    teamOrdersRoute,
    teamExpensesRoute,
    teamExpenseDetailRoute,
    orderPlanRoute,
    orderPlanDetailRoute,
    ...study.inLayout,
    ...templates.appChildren,
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    defaultPreload: false,
    defaultPendingMinMs: 0,
  });
  router.subscribe('onBeforeNavigate', () => pageProgress.start());
  router.subscribe('onResolved', () => pageProgress.done());
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
