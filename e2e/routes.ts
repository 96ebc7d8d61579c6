import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { authHeaders, okData } from './fixtures';

interface MenuNode {
  path: string;
  type?: string;
  hidden?: boolean;
  children?: MenuNode[];
}

/**
 * The routes a signed-in person reaches from the menu: the home, every listed page of the server's
 * menu for them (GET /api/system/menus, the tree the sidebar draws; hidden entries and pages that
 * need an id left out) and the personal centre in the user menu.
 */
export async function menuRoutes(api: APIRequestContext, token: string): Promise<string[]> {
  const tree = await okData<MenuNode[]>(await api.get('/api/system/menus', { headers: authHeaders(token) }));
  const paths: string[] = ['/home'];
  const walk = (nodes: readonly MenuNode[], hiddenParent: boolean) => {
    for (const node of nodes) {
      const hidden = hiddenParent || Boolean(node.hidden);
      if (node.children?.length) walk(node.children, hidden);
      else if (!hidden && !node.path.includes(':') && !/^(https?:|mailto:|tel:)/i.test(node.path)) paths.push(node.path);
    }
  };
  walk(tree, false);
  paths.push('/system/account');
  return [...new Set(paths)];
}

/** Pages anyone may open without signing in. */
export const PUBLIC_ROUTES = ['/login', '/register', '/reset-password', '/privacy-policy', '/service-agreement', '/new-guidance'] as const;

/**
 * Opens a route of the SPA (a hash route) and waits until its first data is on the screen: no
 * skeleton, loader or busy region left in view.
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect
    .poll(() => page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0]))
    .toBe(path);
  await expect(page.locator('#boot-shell')).toBeHidden({ timeout: 20_000 });
  await expect(
    page.locator('.mantine-Skeleton-root:visible, .mantine-Loader-root:visible, [aria-busy="true"]:visible'),
  ).toHaveCount(0, { timeout: 15_000 });
}

/** The colour schemes every page is checked in (Mantine keeps the choice under this key). */
export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/**
 * Where the SPA keeps a person's scheme: Mantine's default key, and the key of the app's own
 * manager (the top bar's switch); either one read, the page opens in the scheme.
 */
export const COLOR_SCHEME_KEYS = ['mantine-color-scheme-value', 'color-scheme'] as const;

/** Makes every page of the context open in `scheme`, as a user who chose it (or whose system uses it). */
export async function useColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript(
    ([keys, value]) => {
      for (const key of keys) window.localStorage.setItem(key, value);
    },
    [COLOR_SCHEME_KEYS, scheme] as const,
  );
}

/**
 * Resolves once every finite animation and CSS transition of the page has ended (spinners and
 * skeleton pulses run forever and are not waited for). axe reads colours as drawn: an element
 * still fading in has its colours part-way (CI once read #d1e3f3 for a link on /home).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
