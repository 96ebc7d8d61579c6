import type { QueryClient } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { RouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { dictQueries } from '@/entities/dict';
import { flattenMenu, menuQueries, pathMatches } from '@/entities/menu';
import { hallParamsOf, hallSearchSchema, listParamsOf, ticketQueries, ticketSearchSchema } from '@/entities/ticket';
import { userQueries } from '@/entities/user';
import { ErrorPage, ForbiddenPage, NotFoundPage, ServerErrorPage } from '@/pages/errors';
import { LoginPage } from '@/pages/login';
import { ApiError, tokenStore } from '@/shared/api';
import { MSG } from '@/shared/config/messages';
import { isOnboardingOpenPath, isPublicPath, LOGIN_PATH } from '@/shared/config/routes';
import { pageProgress } from '@/shared/lib';
import { notify, PageProgress } from '@/shared/ui';
import { afterLoginTarget, decideAccess, decideMenuAccess } from './guard';

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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <PageProgress />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error, reset }) => (
    <ErrorPage status={500} detail={error instanceof ApiError ? error.message : undefined} onRetry={reset} />
  ),
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
    const dicts = queryClient.getQueryData(dictQueries.list().queryKey);
    if (!dicts?.some((d) => d.code === 'ticket_status' && d.items.length > 0)) {
      await queryClient.ensureQueryData(dictQueries.list());
    }
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
function menuGuard(menuPath: string) {
  return ({ location, context: { queryClient } }: { location: { pathname: string }; context: RouterContext }) => {
    const granted = flattenMenu(queryClient.getQueryData(menuQueries.tree().queryKey) ?? []).map((m) => m.path);
    const decision = decideMenuAccess(location.pathname, (p) => pathMatches(p, location.pathname), [menuPath], granted);
    if (decision.kind === 'forbidden') throw redirect({ to: '/403', replace: true });
  };
}

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

/** My tickets: filters, paging, sorting and the open detail drawer live in the search params. */
const myTicketsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-management/index',
  component: MyTicketsPage,
  validateSearch: ticketSearchSchema,
  beforeLoad: menuGuard('/order-management/index'),
  loaderDeps: ({ search }) => listParamsOf(search),
  // Start fetching while the page's code loads; the page reads the same queries.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(ticketQueries.list(deps));
    void queryClient.prefetchQuery(ticketQueries.panelCounts());
  },
});

/** The order hall (part-time designers). */
const orderHallRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/order-hall/index',
  component: OrderHallPage,
  validateSearch: hallSearchSchema,
  beforeLoad: menuGuard('/order-hall/index'),
  loaderDeps: ({ search }) => hallParamsOf(search),
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(ticketQueries.hall(deps));
  },
});

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
  appRoute.addChildren([
    homeRoute,
    accountRoute,
    redirectRoute,
    messageCenterRoute,
    announcementRoute,
    myTicketsRoute,
    orderHallRoute,
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
