import { GUIDE_PATH, HOME_PATH, isOnboardingOpenPath, isPublicPath, LOGIN_PATH } from '@/shared/config/routes';
import { REGISTRATION_COMPLETE_STEP } from '@/shared/config/constants';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The guard of a screen of the server menu, as router.tsx makes it and the route files of an area
 * (study-routes.tsx, template-routes.tsx) take it: the `beforeLoad` of the route of `menuPath`.
 */
export type MenuGuard = (menuPath: string) => (ctx: { location: { pathname: string }; context: { queryClient: QueryClient } }) => void;

export type Decision =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

export interface AccessInput {
  /** Location pathname, e.g. `/order-fee/detail/3`. */
  path: string;
  /** Full href to come back to after signing in. */
  href: string;
  hasToken: boolean;
  /** current_registration_step, once the profile is known. */
  step?: number;
}

const allow: Decision = { kind: 'allow' };

/**
 * Spec §2 navigation rules, before the menu is known: without a token only public routes; with
 * one, below step 6 every non-public page (except /team-invite) goes to /guide, at step 6 /guide goes to /home.
 */
export function decideAccess({ path, href, hasToken, step }: AccessInput): Decision {
  const isPublic = isPublicPath(path);
  if (!hasToken) return isPublic ? allow : { kind: 'login', redirect: href };
  if (step === undefined) return allow;
  const done = step >= REGISTRATION_COMPLETE_STEP;
  if (!done && !isPublic && !isOnboardingOpenPath(path)) return { kind: 'redirect', to: GUIDE_PATH };
  if (done && path === GUIDE_PATH) return { kind: 'redirect', to: HOME_PATH };
  return allow;
}

/**
 * A route that belongs to the menu is shown only when the server granted it to this user;
 * otherwise 403 (a route that exists nowhere is the router's 404).
 */
export function decideMenuAccess(path: string, matchesPattern: (pattern: string) => boolean, menuRoutePatterns: readonly string[], granted: readonly string[]): Decision {
  const pattern = menuRoutePatterns.find(matchesPattern);
  if (!pattern) return allow;
  return granted.includes(pattern) ? allow : { kind: 'forbidden' };
}

/** Where to go after signing in: the wanted page if it is an in-app path, else home. */
export function afterLoginTarget(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith(LOGIN_PATH)) return HOME_PATH;
  return redirect;
}
