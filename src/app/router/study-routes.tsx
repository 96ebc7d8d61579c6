/**
 * The routes of 学习考试 (issue #16, spec §2): `/study-exam/index` inside the layout behind its menu
 * grant. router.tsx builds them with its parents and its menu guard.
 */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { textParam } from '@/shared/lib';
import type { AppLayoutRoute, MenuGuard } from './router';

const StudyExamPage = lazyRouteComponent(() => import('@/pages/study-exam'), 'StudyExamPage');

interface Parents {
  /** The layout route (menu screens). */
  appRoute: AppLayoutRoute;
  menuGuard: MenuGuard;
}

export function studyRoutes({ appRoute, menuGuard }: Parents) {
  /** Courses and exams; `?tab=` is the tab (the page resolves it against the tabs it shows). */
  const studyExamRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/study-exam/index',
    component: StudyExamPage,
    validateSearch: z.object({ tab: textParam(20) }),
    beforeLoad: menuGuard('/study-exam/index'),
  });
  return { inLayout: [studyExamRoute] as const };
}
