import type { Page } from '@playwright/test';
import { axe } from '../axe';
import { type DemoRole, expect, signedInPage, test } from '../fixtures';
import { animationsSettled, COLOR_SCHEMES, type ColorScheme, menuRoutes, openRoute, PUBLIC_ROUTES, useColorScheme } from '../routes';

/**
 * Issue #18: axe finds no violation of any impact on any route of any role, in the light and the
 * dark colour scheme. One page per role and scheme walks every route of that role's menu (read
 * from the server's menu, as the sidebar draws it).
 */
test.describe.configure({ mode: 'default' });

async function violations(page: Page, route: string): Promise<string[]> {
  await animationsSettled(page);
  const result = await axe(page).analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes.slice(0, 8).map((n) => {
      // A contrast failure names its colours, so the fix can be found without a rerun.
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1` : '';
      return `${n.target.join(' ')}${colours}`;
    });
    const more = v.nodes.length > 8 ? ` +${v.nodes.length - 8}` : '';
    return `${route} · ${v.impact ?? '?'} ${v.id}: ${v.help} (${nodes.join(' | ')}${more})`;
  });
}

/** Every route in turn; each one's violations are reported on their own (the sweep goes on past one). */
async function sweep(page: Page, routes: readonly string[]): Promise<void> {
  for (const route of routes) {
    await openRoute(page, route);
    expect.soft(await violations(page, route), `axe on ${route}`).toEqual([]);
  }
}

const ROLES: readonly DemoRole[] = ['lead', 'designer', 'partTime'];

for (const scheme of COLOR_SCHEMES) {
  test.describe(`${scheme} scheme`, () => {
    for (const role of ROLES) {
      test(`every route of the ${role}'s menu passes axe`, async ({ browser, baseURL, api, demoSession }) => {
        test.setTimeout(600_000);
        const session = await demoSession(role);
        const routes = await menuRoutes(api, session.token);
        expect(routes.length).toBeGreaterThan(3);
        const page = await signedInPage(browser, baseURL!, session);
        await useColorScheme(page, scheme);
        try {
          await sweep(page, routes);
          await expectScheme(page, scheme);
        } finally {
          await page.context().close();
        }
      });
    }

    test('a new user’s onboarding passes axe', async ({ newUserPage: page }) => {
      await useColorScheme(page, scheme);
      await openRoute(page, '/guide');
      await expect(page.getByRole('heading').first()).toBeVisible();
      expect(await violations(page, '/guide')).toEqual([]);
      await expectScheme(page, scheme);
    });

    test('the public pages pass axe', async ({ page }) => {
      test.slow();
      await useColorScheme(page, scheme);
      await sweep(page, PUBLIC_ROUTES);
      await expectScheme(page, scheme);
    });
  });
}

/** The sweep ran in the scheme it says (Mantine marks the document's root). */
async function expectScheme(page: Page, scheme: ColorScheme) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

