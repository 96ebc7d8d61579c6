/**
 * The routes of 学习考试 (issue #16, spec §2): `/study-exam/index` inside the layout behind its menu
 * grant; a course (`/study-exam/course-detail`, `/course/course-detail`) and an exam
 * (`/online-exam`) are public routes: they render outside the layout, and their pages decide what a
 * visitor without a login may see (a public course) and send anyone else to log in. router.tsx
 * builds them with its parents and its menu guard.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { positiveIntParam, textParam } from '@/shared/lib';
import type { MenuGuard } from './guard';

const StudyExamPage = lazyRouteComponent(() => import('@/pages/study-exam'), 'StudyExamPage');
const CourseDetailPage = lazyRouteComponent(() => import('@/pages/course-detail'), 'CourseDetailPage');
const OnlineExamPage = lazyRouteComponent(() => import('@/pages/online-exam'), 'OnlineExamPage');

interface Parents<TRoot extends AnyRoute, TApp extends AnyRoute> {
  /** The root (public routes, outside the layout). */
  rootRoute: TRoot;
  /** The layout route (menu screens). */
  appRoute: TApp;
  menuGuard: MenuGuard;
}

export function studyRoutes<TRoot extends AnyRoute, TApp extends AnyRoute>({ rootRoute, appRoute, menuGuard }: Parents<TRoot, TApp>) {
  const guardStudy = menuGuard('/study-exam/index');
  /** Courses and exams; `?tab=` is the tab (the page resolves it against the tabs it shows). */
  const studyExamRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/study-exam/index',
    component: StudyExamPage,
    validateSearch: z.object({ tab: textParam(20) }),
    beforeLoad: ({ location, context }) => guardStudy({ location, context: context as { queryClient: QueryClient } }),
  });
  const courseSearch = z.object({ id: positiveIntParam(), lesson: positiveIntParam() });
  const courseDetailRoute = createRoute({ getParentRoute: () => rootRoute, path: '/study-exam/course-detail', component: CourseDetailPage, validateSearch: courseSearch });
  /** The same page reached from elsewhere (spec §2). */
  const courseAliasRoute = createRoute({ getParentRoute: () => rootRoute, path: '/course/course-detail', component: CourseDetailPage, validateSearch: courseSearch });

  /** An exam: its rules, then `&attempt=` the attempt (taking it, or its result). */
  const onlineExamRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/online-exam',
    component: OnlineExamPage,
    validateSearch: z.object({ id: positiveIntParam(), attempt: positiveIntParam() }),
  });

  return { inLayout: [studyExamRoute] as const, public: [courseDetailRoute, courseAliasRoute, onlineExamRoute] as const };
}
