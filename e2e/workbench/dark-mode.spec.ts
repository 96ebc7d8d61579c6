import type { Page } from '@playwright/test';
import { authHeaders, expect as baseExpect, finishOnboarding, okData, registerNewUser, storageStateFor, test } from '../fixtures';

// The machine the suite runs on is shared: give first paints room.
const expect = baseExpect.configure({ timeout: 30_000 });
const scheme = (page: Page) => page.locator('html');
const DARK_BODY = 'rgb(36, 36, 36)';

async function pick(page: Page, option: '跟随系统' | '浅色' | '深色') {
  await page.getByTestId('color-scheme-toggle').click();
  const saved = page.waitForResponse((r) => r.url().includes('/api/workbench/preferences') && r.request().method() === 'PUT');
  await page.getByRole('menuitem', { name: option }).click();
  expect((await saved).ok()).toBe(true);
}

test.describe('dark mode (issue #18)', () => {
  test('follows the system until a scheme is picked; the pick persists across a reload and in a fresh browser', async ({
    api,
    browser,
    baseURL,
  }) => {
    // An account of this test's own: its colour scheme is changed here.
    const user = await registerNewUser(api);
    await finishOnboarding(api, user.token);
    const context = await browser.newContext({ storageState: storageStateFor(baseURL!, user), colorScheme: 'light' });
    const page = await context.newPage();
    test.slow();

    await page.goto('/#/home');
    await expect(page.getByTestId('color-scheme-toggle')).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    // auto: the system's scheme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await pick(page, '深色');
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BODY);
    await expect(page.getByRole('menuitem', { name: '深色' })).toHaveCount(0);
    expect(await okData<{ color_scheme: string }>(await api.get('/api/workbench/preferences', { headers: authHeaders(user.token) }))).toEqual({
      color_scheme: 'dark',
    });

    // A reload paints dark from the first frame: with the app's script held back, the page
    // (and its boot frame) is already dark.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('#boot-shell')).toBeVisible();
    await expect(page.locator('#boot-shell')).toHaveCSS('background-color', DARK_BODY);
    release();
    await expect(page.getByTestId('color-scheme-toggle')).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await context.close();

    // A fresh browser (nothing stored but the session, a light system): the server's choice applies.
    const fresh = await browser.newContext({ storageState: storageStateFor(baseURL!, user), colorScheme: 'light' });
    const other = await fresh.newPage();
    await other.goto('/#/home');
    await expect(other.getByTestId('color-scheme-toggle')).toBeVisible();
    await expect(scheme(other)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(other.getByTestId('color-scheme-toggle')).toHaveAccessibleName('配色：深色');

    // Back to following the system, kept too.
    await pick(other, '跟随系统');
    await expect(scheme(other)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await other.reload();
    await expect(other.getByTestId('color-scheme-toggle')).toBeVisible();
    await expect(scheme(other)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await fresh.close();
  });
});
