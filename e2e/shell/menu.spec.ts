import type { Page } from '@playwright/test';
import { authHeaders, expect, okData, signedInPage, test } from '../fixtures';

interface MenuItem {
  path: string;
  title: string;
  hidden: boolean;
  alwaysShow: boolean;
  children?: MenuItem[];
}

/** The sidebar entries the server's menu implies, in order (home first, hidden entries left out). */
function expectedSidebar(tree: MenuItem[]): string[] {
  const out = ['首页'];
  for (const dir of tree) {
    const visible = (dir.children ?? []).filter((c) => !c.hidden);
    if (visible.length === 1 && !dir.alwaysShow) out.push(dir.title);
    else if (visible.length) out.push(dir.title);
  }
  return out;
}

async function sidebarEntries(page: Page) {
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await expect(nav.getByRole('link', { name: '首页' })).toBeVisible();
  // What the user sees: a directory's collapsed entries stay in the DOM but are not shown.
  return nav.locator(':scope a:visible, :scope button:visible').allInnerTexts();
}

for (const role of ['lead', 'designer', 'partTime'] as const) {
  test(`the ${role} sees exactly the menu the server grants, in the spec's order`, async ({ api, demoSession, browser, baseURL }) => {
    const session = await demoSession(role);
    const tree = await okData<MenuItem[]>(await api.get('/api/system/menus', { headers: authHeaders(session.token) }));
    const page = await signedInPage(browser, baseURL!, session);
    await page.goto('/#/home');
    const entries = (await sidebarEntries(page)).map((t) => t.replace(/\d+|99\+/g, '').trim()).filter(Boolean);
    expect(entries).toEqual(expectedSidebar(tree));
    // The shipped screens every role has: the message centre (spec §2: all roles).
    expect(entries).toContain('消息中心');
    // Screens of other roles never appear: team management is the lead's, the hall part-timers'.
    if (role !== 'lead') expect(entries).not.toContain('团队管理');
    if (role !== 'partTime') expect(entries).not.toContain('接单大厅');
    await page.context().close();
  });
}

test('the greeting follows the hour and names the user', async ({ leadPage }) => {
  await leadPage.goto('/#/home');
  const hour = await leadPage.evaluate(() => new Date().getHours());
  const expected = hour < 9 ? '早上好' : hour <= 11 ? '上午好' : hour <= 13 ? '中午好' : hour < 20 ? '下午好' : '晚上好';
  await expect(leadPage.getByTestId('greeting')).toContainText(expected);
  // The home's title greets too (its cards are the level-2 headings).
  await expect(leadPage.getByRole('heading', { level: 1, name: new RegExp(`^${expected}，`) })).toBeVisible();
});

test('a route outside the user’s menu shows 403 or 404, never the page', async ({ designerPage }) => {
  await designerPage.goto('/#/team-management/dashboard');
  await expect(designerPage.getByText(/^40[34]$/)).toBeVisible();
  await designerPage.goto('/#/no-such-page');
  await expect(designerPage.getByText('404')).toBeVisible();
});

test('the root path opens home', async ({ designerPage }) => {
  await designerPage.goto('/#/');
  await expect(designerPage).toHaveURL(/#\/home$/);
});

test('the demo lead’s session from the auth setup is a team lead’s', async ({ api, demoSession }) => {
  const session = await demoSession('lead');
  const profile = await okData<{ designer_type: number; roles: string[] }>(
    await api.get('/api/user/profile', { headers: authHeaders(session.token) }),
  );
  expect(profile.designer_type).toBe(0);
  expect(profile.roles).toContain('role_admin');
});
