import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * Issue #19: a page paints its frame at once. index.html itself holds the app's frame (top bar,
 * menu and page skeletons) for a signed-in visitor of a page of the layout, so the first paint is
 * never blank while the scripts load and the route's data arrives; the app takes it away when it
 * paints its own. Public pages and the sign-in paint no app frame.
 */

/** Keeps every script of the app from loading: what shows is what the HTML alone paints. */
async function withoutScripts(page: Page) {
  await page.route(/\/(assets|src|node_modules|@vite|@react-refresh)\/.*/, (route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  );
}

test.describe('first paint', () => {
  test('a signed-in page shows the app’s frame from the HTML alone; the app replaces it with its own', async ({ leadPage: page }) => {
    await withoutScripts(page);
    await page.goto('/#/order-management/index');
    const shell = page.locator('#boot-shell');
    await expect(shell).toBeVisible();
    await expect(shell.locator('.bs-header')).toHaveText('设计师工作台');
    await expect(shell.locator('.bs-nav')).toBeVisible();
    await expect(shell.locator('.bs-main .bs-bar')).toHaveCount(3);
    // Hidden from assistive technology: it is a picture of the frame, not the frame.
    await expect(shell).toHaveAttribute('aria-hidden', 'true');

    await page.unrouteAll();
    await page.reload();
    await expect(page.getByRole('table', { name: '工单列表' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('设计师工作台')).toBeVisible();
    await expect(shell).toHaveCount(0);
  });

  test('on a phone the frame has no menu column, as the app has none', async ({ leadPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await withoutScripts(page);
    await page.goto('/#/home');
    await expect(page.locator('#boot-shell .bs-header')).toBeVisible();
    await expect(page.locator('#boot-shell .bs-nav')).toBeHidden();
  });

  test('the sign-in and the public pages paint no app frame', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await withoutScripts(page);
    // Without a token every page ends on the sign-in: no frame.
    for (const path of ['/#/login', '/#/order-management/index', '/#/order-daily-panel']) {
      await page.goto(path);
      await expect(page.locator('#boot-shell'), path).toBeHidden();
    }
    await context.close();
  });

  test('a signed-in visitor of a public page gets no app frame either', async ({ leadPage: page }) => {
    await withoutScripts(page);
    await page.goto('/#/order-daily-panel');
    await expect(page.locator('#boot-shell')).toBeHidden();
    await page.unrouteAll();
    await page.reload();
    await expect(page.locator('#boot-shell')).toHaveCount(0);
  });
});
