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

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const GUIDE_PATH = '/guide';

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path.replace(/\/+$/, '') || '/');
}
