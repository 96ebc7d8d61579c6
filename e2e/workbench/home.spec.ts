import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, finishOnboarding, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/** The upstream order system creates a ticket (integration API, x-api-key). */
async function createOrder(api: APIRequestContext, order: { order_no: string; product_id: number; title: string; allowed_minutes: number }) {
  const data = await okData<{ created: boolean; ticket: { ticket_id: number; designer_id: string | null } }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { shop_id: 2, requirements: '首页卡片实时刷新测试', customer_notes: '', fee_cents: 5000, order_markers: '', ...order },
    }),
  );
  expect(data.created).toBe(true);
  return data.ticket;
}

interface HomeWire {
  work: { groups: { key: string; count: number }[] };
  message: { unread: number };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The home is one request, slow on a loaded CI machine (a lead's team figures): its first paint may take a while. */
const FIRST_LOAD = { timeout: 30_000 };

test.describe('workbench home', () => {
  test('the home does not download the ticket drawer or the command palette until they are used', async ({ designerPage: page }) => {
    // Issue #19: the layout's and the home's lazy parts keep chunks of their own (vite.config.ts,
    // lazyModules). In a build they are command-palette-<hash>.js and ticket-detail-drawer-<hash>.js,
    // on the dev server the modules' own paths: either way the name says which it is.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const fetched = (name: string) => scripts.some((p) => p.includes(name));
    await page.goto('/#/home');
    const work = region(page, '我的待处理工单');
    const row = work.getByRole('listitem').first().getByRole('button');
    await expect(row).toBeVisible(FIRST_LOAD);
    await page.waitForLoadState('networkidle');
    expect(fetched('command-palette'), scripts.join(' ')).toBe(false);
    expect(fetched('ticket-detail-drawer'), scripts.join(' ')).toBe(false);

    await row.click();
    await expect(page.getByRole('dialog', { name: /^工单/ })).toBeVisible();
    expect(fetched('ticket-detail-drawer')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /^工单/ })).toBeHidden();

    await page.keyboard.press('Control+K');
    await expect(page.getByRole('textbox', { name: '命令面板搜索' })).toBeFocused();
    expect(fetched('command-palette')).toBe(true);
  });

  test('a designer sees their own cards; a work row opens the ticket drawer', async ({ designerPage: page }) => {
    await page.goto('/#/home');
    await expect(page.getByRole('list', { name: '快捷入口' })).toBeVisible(FIRST_LOAD);
    for (const name of ['我的待处理工单', '未读消息', '公告', '我的产品', '快捷入口']) await expect(region(page, name)).toBeVisible();
    await expect(region(page, '团队待处理工单')).toHaveCount(0);
    await expect(region(page, '团队今日')).toHaveCount(0);
    await expect(page.getByRole('list', { name: '快捷入口' }).getByRole('listitem').first()).toBeVisible();
    await expect(region(page, '我的产品').getByRole('list', { name: '可接单产品' }).getByRole('listitem').first()).toContainText(/今日 \d+ 单/);

    // The demo designer holds open tickets: the first row of the first group opens My tickets' drawer.
    const work = region(page, '我的待处理工单');
    const row = work.getByRole('listitem').first().getByRole('button');
    await expect(row).toBeVisible();
    await row.click();
    const drawer = page.getByRole('dialog', { name: /^工单/ });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test("a lead sees the team's work and the team today with each member's capacity, linked to the plan", async ({ leadPage: page }) => {
    await page.goto('/#/home');
    await expect(region(page, '团队待处理工单')).toBeVisible();
    const project = region(page, '团队今日');
    await expect(project.getByRole('list', { name: '团队今日数据' })).toBeVisible(FIRST_LOAD);
    const figures = project.getByRole('list', { name: '团队今日数据' }).getByRole('listitem');
    await expect(figures).toHaveCount(5);
    await expect(figures.filter({ hasText: '在线/计划' })).toContainText(/\d+\/\d+/);
    const members = project.getByRole('table');
    await expect(members.getByRole('row').nth(1)).toContainText(/\d+\/\d+/);
    await expect(project.getByRole('link', { name: /接单计划/ })).toHaveAttribute('href', /#\/order-plan\/(index|detail\/\d+)/);
  });

  test('the work and message cards update live when the system assigns a ticket; a message is marked read in place', async ({
    api,
    designerPage: page,
    demoSession,
  }) => {
    test.slow();
    const designer = await demoSession('designer');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const serverHome = async () => okData<HomeWire>(await api.get('/api/workbench/home', { headers: authHeaders(designer.token) }));
    const waitingOnScreen = async () => {
      const group = region(page, '我的待处理工单').locator('[data-group="waiting_first_draft"]');
      if ((await group.count()) === 0) return 0;
      const label = await group.getAttribute('aria-label');
      return Number(/(\d+)张/.exec(label ?? '')?.[1] ?? 0);
    };

    await page.goto('/#/home');
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(region(page, '我的待处理工单').getByRole('listitem').first()).toBeVisible(FIRST_LOAD);
    const before = await waitingOnScreen();

    // Upstream creates a ticket; the system assigns it to the only online regular designer (the demo designer).
    const no = `E2EHOME${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const ticket = await createOrder(api, { order_no: no, product_id: 1, title: `不干胶标签设计｜首页｜${no}`, allowed_minutes: 1440 });
    expect(ticket.designer_id).toBe(me.designer_id);

    // No reload: the card's count comes to agree with the server's, which now counts this ticket
    // (other tests may move the same designer's tickets meanwhile).
    await expect
      .poll(async () => {
        const [screen, server] = [await waitingOnScreen(), (await serverHome()).work.groups.find((g) => g.key === 'waiting_first_draft')!.count];
        return screen === server && screen !== before ? 'agrees' : `screen ${screen}, server ${server}, before ${before}`;
      }, { timeout: 15_000 })
      .toBe('agrees');

    // The assignment's message is among the latest unread; marking it read removes it in place.
    const messages = region(page, '未读消息').getByRole('list', { name: '最新未读消息' });
    const item = messages.getByRole('listitem').filter({ hasText: no });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await item.getByRole('button', { name: /^标为已读：/ }).click();
    await expect(item).toHaveCount(0);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('a designer who has just finished onboarding sees the welcome page once, then pins and orders shortcuts', async ({
    api,
    newUser,
    newUserPage: page,
  }) => {
    test.slow();
    await finishOnboarding(api, newUser.token);
    await page.goto('/#/home');
    const welcome = page.getByRole('region', { name: '欢迎加入设计师工作台' });
    await expect(welcome).toBeVisible(FIRST_LOAD);
    await expect(welcome.getByRole('list', { name: '第一步做什么' }).getByRole('listitem')).toHaveCount(4);
    await expect(welcome.getByRole('button', { name: '开始新手引导' })).toBeVisible();
    await expect(welcome.getByRole('heading', { name: '可获得接单资格的考试' })).toBeVisible();

    // The guidance tour opens from it.
    await welcome.getByRole('button', { name: '开始新手引导' }).click();
    await expect(page.getByRole('dialog', { name: '欢迎来到设计师工作台' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('guidance-tour')).toHaveCount(0);

    await welcome.getByRole('button', { name: '开始工作' }).click();
    await expect(region(page, '我的待处理工单')).toBeVisible();
    await expect(region(page, '我的待处理工单')).toContainText('今天没有待处理的工单');
    // Kept on the server: a reload (or another browser) shows the cards.
    await page.reload();
    await expect(region(page, '我的待处理工单')).toContainText('今天没有待处理的工单', FIRST_LOAD);
    await expect(welcome).toHaveCount(0);

    // Shortcuts: the menu's top entries by default; reorder with the keyboard, remove one, save.
    const fast = region(page, '快捷入口');
    const shown = fast.getByRole('list', { name: '快捷入口' }).locator('[data-shortcut-title]');
    await expect(shown.first()).toBeVisible();
    const titles = await shown.allInnerTexts();
    expect(titles.length).toBeGreaterThan(2);
    await fast.getByRole('button', { name: '编辑快捷入口' }).click();
    const editor = fast.getByRole('list', { name: '编辑快捷入口' });
    const second = titles[1]!.trim();
    await editor.getByRole('button', { name: `上移 ${second}` }).focus();
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: `移除 ${titles[2]!.trim()}` }).click();
    await fast.getByRole('button', { name: '保存', exact: true }).click();
    await expect(shown.first()).toHaveText(second);
    await expect(shown).toHaveCount(titles.length - 1);
    await page.reload();
    await expect(shown.first()).toHaveText(second, FIRST_LOAD);
    await expect(shown.nth(1)).toHaveText(titles[0]!.trim());
  });
});
