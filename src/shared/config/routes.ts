/** Spec §2: routes reachable without a token. */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/reset-password',
  '/service-agreement',
  '/privacy-policy',
  '/template-share',
  '/order-daily-panel',
  '/new-guidance',
  '/guide',
  '/study-exam/course-detail',
  '/course/course-detail',
  '/online-exam',
] as const;

/**
 * Fixed routes that need a token but stay reachable while onboarding is unfinished: a designer who
 * registered a moment ago may still follow a team invite link. They render outside the layout.
 */
export const ONBOARDING_OPEN_PATHS = ['/team-invite'] as const;

export function isOnboardingOpenPath(path: string): boolean {
  return (ONBOARDING_OPEN_PATHS as readonly string[]).includes(path.replace(/\/+$/, '') || '/');
}

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const GUIDE_PATH = '/guide';

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path.replace(/\/+$/, '') || '/');
}
