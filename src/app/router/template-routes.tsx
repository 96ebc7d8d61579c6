/**
 * The template library's routes (issue #17): 模板库 inside the layout, behind its menu grant, and
 * the public share page outside it. router.tsx hands in the parents and the menu guard and adds
 * the routes to its tree. The pages and the template entity load lazily, with the pages.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { TemplateSearch } from '@/entities/template';
import type { MenuGuard } from './guard';

const TemplateLibraryPage = lazyRouteComponent(() => import('@/pages/template-library'), 'TemplateLibraryPage');
const TemplateSharePage = lazyRouteComponent(() => import('@/pages/template-share'), 'TemplateSharePage');

interface Parents<TRoot extends AnyRoute, TApp extends AnyRoute> {
  rootRoute: TRoot;
  appRoute: TApp;
  menuGuard: MenuGuard;
}

export function templateRoutes<TRoot extends AnyRoute, TApp extends AnyRoute>({ rootRoute, appRoute, menuGuard }: Parents<TRoot, TApp>) {
  /**
   * 模板库: filters, search, page and the open detail (`id`) live in the search params; the page
   * parses them with zod (kept alive too). The list starts loading while the page's code does.
   */
  const guardLibrary = menuGuard('/template-library/index');
  const library = createRoute({
    getParentRoute: () => appRoute,
    path: '/template-library/index',
    component: TemplateLibraryPage,
    validateSearch: (raw: Record<string, unknown>) => raw as TemplateSearch,
    beforeLoad: ({ location, context }) => guardLibrary({ location, context: context as { queryClient: QueryClient } }),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      const { queryClient } = context as { queryClient: QueryClient };
      void import('@/entities/template').then(({ parseTemplateSearch, templateListParamsOf, templateQueries }) => {
        void queryClient.prefetchQuery(templateQueries.list(templateListParamsOf(parseTemplateSearch(deps))));
      });
    },
  });

  /** The public page of a share link: no login, no layout. */
  const share = createRoute({
    getParentRoute: () => rootRoute,
    path: '/template-share',
    component: TemplateSharePage,
    // The router may hand a value back as a number (it JSON-parses search values).
    validateSearch: (raw: Record<string, unknown>): { token?: string } => {
      const token = typeof raw.token === 'number' ? String(raw.token) : raw.token;
      return typeof token === 'string' && token.length <= 200 ? { token } : {};
    },
  });

  return { appChildren: [library] as const, publicChildren: [share] as const };
}
