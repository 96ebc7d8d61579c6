import { expect, test } from '../fixtures';

/**
 * Issue #19, start-up: what a first visit asks for before the app can paint, and the accessibility
 * of the first screens as Lighthouse reads them.
 */
test.describe('start-up', () => {
  test('the page brings its runtime configuration (no /app-config.js); the toast host comes with the first toast', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (['script', 'stylesheet'].includes(r.resourceType())) requested.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    // The configuration is in the page itself, written by the server.
    const config = JSON.parse((await page.locator('#app-config').textContent()) ?? 'null') as { apiBase?: string };
    expect(config.apiBase).toBe('/api');
    expect(requested).not.toContain('/app-config.js');
    // The toast host is not part of a first visit; it loads with the first toast.
    expect(requested.some((p) => p.includes('notifications-host'))).toBe(false);
    // The first toast brings the host (a phone no account has: no demo account's sign-in limit is spent).
    await page.getByRole('textbox', { name: '手机号' }).fill('13912340000');
    await page.getByPlaceholder('请输入密码').fill('Wrong@2026x');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: '手机号或密码错误' })).toBeVisible();
    expect(requested.some((p) => p.includes('notifications-host'))).toBe(true);
    await context.close();
  });

  test('a private page asks for the profile, the menu and the dictionaries side by side, and for the home’s cards once', async ({ designerPage: page }) => {
    // The profile answers late: the menu and the dictionaries must be asked for before it answers
    // (not one round trip after the other), and the home must still come up.
    const sent: string[] = [];
    const api = (url: string) => new URL(url).pathname.replace(/^\/api\//, '');
    page.on('request', (r) => {
      if (r.url().includes('/api/')) sent.push(api(r.url()));
    });
    let profileAnswered = false;
    const beforeProfile: string[] = [];
    page.on('request', (r) => {
      if (!profileAnswered && r.url().includes('/api/')) beforeProfile.push(api(r.url()));
    });
    await page.route('**/api/user/profile', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const response = await route.fetch();
      profileAnswered = true;
      await route.fulfill({ response });
    });
    await page.goto('/#/home');
    await expect(page.getByRole('list', { name: '快捷入口' }).getByRole('listitem').first()).toBeVisible();
    expect(beforeProfile).toEqual(expect.arrayContaining(['user/profile', 'system/menus', 'system/dicts']));
    // The route starts the cards' request before the page renders; the page reads that answer
    // (a second request may only come later, from a realtime refresh, never two at the start).
    const firstHome = sent.indexOf('workbench/home');
    expect(firstHome).toBeGreaterThan(-1);
    expect(sent.slice(firstHome + 1, firstHome + 4)).not.toContain('workbench/home');
  });

  test('on a phone the closed menu’s links are out of the tab order; opened, they are in it', async ({ designerPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/home');
    const nav = page.getByRole('navigation', { name: '主菜单' });
    await expect(page.getByRole('button', { name: '切换菜单' })).toBeVisible();
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(nav.getByRole('link', { name: '首页' })).toBeVisible();
    await nav.getByRole('link', { name: '首页' }).focus();
    await expect(nav.getByRole('link', { name: '首页' })).toBeFocused();
    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(nav).toBeHidden();
  });

  test('the home shortcuts are buttons inside list items', async ({ designerPage: page }) => {
    await page.goto('/#/home');
    const list = page.getByRole('list', { name: '快捷入口' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const items = await list.getByRole('listitem').count();
    expect(items).toBeGreaterThan(0);
    await expect(list.getByRole('listitem').getByRole('button')).toHaveCount(items);
  });
});
