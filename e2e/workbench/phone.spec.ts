import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { authHeaders, type DemoRole, expect, INTEGRATION_API_KEY, okData, type Session, storageStateFor, test } from '../fixtures';
import { menuRoutes, openRoute } from '../routes';

/**
 * Issue #18 on a phone (390×844, touch): signing in, the home, the menu as a drawer, my tickets as
 * cards with the ticket full screen, a draft from the camera roll, messages, a grab in the hall,
 * and no page of any role wider than the screen.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

test.use(PHONE);

async function phonePage(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, storageState: storageStateFor(baseURL, session) });
  return context.newPage();
}

const orderNo = (tag: string) => `E2EP${tag}${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** The upstream order system sends a ticket (integration API). */
async function createOrder(api: APIRequestContext, order: { order_no: string; product_id: number; title: string }) {
  const data = await okData<{ created: boolean; ticket: { ticket_id: number; designer_id: string | null } }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { shop_id: 2, requirements: '手机上处理的工单：按客户文案排版。', allowed_minutes: 240, fee_cents: 5200, ...order },
    }),
  );
  expect(data.created).toBe(true);
  return data.ticket;
}

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, route: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect.soft(scrollWidth, `${route} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

test('a designer signs in on a phone, sees the home and opens my tickets from the menu drawer', async ({ page, runAccount }) => {
  await page.goto('/#/login');
  await page.getByLabel('手机号').fill(runAccount.phone);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(runAccount.password);
  await page.getByRole('button', { name: '登录', exact: true }).tap();
  await expect(page).toHaveURL(/#\/home/);
  await expect(page.getByRole('region', { name: '首页' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/home');

  // The menu is folded into a drawer behind the burger.
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu).not.toBeInViewport();
  const burger = page.getByRole('button', { name: '切换菜单' });
  await burger.tap();
  await expect(menu).toBeInViewport();
  // 我的工单 is a group of three pages: it unfolds, then its first page opens.
  await menu.getByRole('button', { name: '我的工单' }).tap();
  await menu.getByRole('link', { name: '我的工单' }).tap();
  await expect(page).toHaveURL(/#\/order-management\/index/);
  await expect(menu).not.toBeInViewport();
  await expect(page.getByRole('region', { name: '我的工单' })).toBeVisible();
});

test('my tickets are cards; a ticket opens full screen and takes a draft from the camera roll', async ({ browser, baseURL, api, demoSession }) => {
  test.slow();
  const designer = await demoSession('designer');
  const no = orderNo('D');
  const ticket = await createOrder(api, { order_no: no, product_id: 1, title: `手机端不干胶｜E2E｜${no}` });
  const page = await phonePage(browser, baseURL!, designer);
  try {
    await page.goto(`/#/order-management/index?keyword=${no}`);
    // Cards, not a table that would scroll sideways; the filters are folded behind 筛选.
    const list = page.getByRole('list', { name: '工单列表' });
    await expect(page.getByRole('table', { name: '工单列表' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^筛选/ })).toBeVisible();
    await expect(page.getByRole('search', { name: '工单筛选' })).toHaveCount(0);
    const card = list.locator(`[data-ticket-id="${ticket.ticket_id}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(no);
    await expectNoSidewaysScroll(page, '/order-management/index');

    // The drawer covers the whole screen.
    await card.getByRole('button', { name: new RegExp(`打开工单 ${no}`) }).tap();
    const drawer = page.getByRole('dialog', { name: `工单 ${no}` });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    await expect(drawer.getByText('手机上处理的工单：按客户文案排版。')).toBeVisible();

    // A draft from the camera roll: the picker takes images and does not force the camera.
    await drawer.getByRole('button', { name: '上传初稿' }).tap();
    const modal = page.getByRole('dialog', { name: '上传初稿' });
    const input = modal.locator('input[type="file"]');
    const accept = (await input.getAttribute('accept')) ?? '';
    expect(accept === '' || /image/.test(accept), `accept="${accept}" takes photos`).toBe(true);
    await expect(input).not.toHaveAttribute('capture');
    await input.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(64 * 1024, 7) });
    await expect(modal.getByRole('list', { name: '已选文件' }).getByRole('listitem', { name: 'IMG_2041.jpg' })).toContainText('已上传', { timeout: 20_000 });
    await modal.getByRole('button', { name: '确认提交初稿' }).tap();
    await expect(page.getByText('稿件已提交')).toBeVisible();
    await expect(drawer.getByRole('list', { name: '稿件列表' })).toContainText('IMG_2041.jpg');
    await expect(card).toContainText('初稿已交');
  } finally {
    await page.context().close();
  }
});

test('a designer reads a message on a phone', async ({ browser, baseURL, demoSession }) => {
  const page = await phonePage(browser, baseURL!, await demoSession('designer'));
  try {
    await openRoute(page, '/message-center/index');
    const table = page.getByRole('table', { name: '消息列表' });
    await expect(table).toBeVisible();
    await expectNoSidewaysScroll(page, '/message-center/index');
    const first = table.locator('tbody tr[data-message-id]').first();
    await expect(first).toBeVisible();
    // The content, with its type and time under it, fits the screen.
    const box = await first.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(first).toContainText(/已读/);
  } finally {
    await page.context().close();
  }
});

test('a part-time designer grabs a ticket in the hall on a phone', async ({ browser, baseURL, api, demoSession }) => {
  const partTime = await demoSession('partTime');
  // Product 3: no online regular designer is qualified, so the ticket waits in the hall.
  const no = orderNo('H');
  const ticket = await createOrder(api, { order_no: no, product_id: 3, title: `手机端彩盒｜E2E｜${no}` });
  expect(ticket.designer_id).toBeNull();
  const { total } = await okData<{ total: number }>(await api.get('/api/order-hall/tickets', { headers: authHeaders(partTime.token), params: { pageSize: 1 } }));
  const last = Math.max(1, Math.ceil(total / 20));
  const page = await phonePage(browser, baseURL!, partTime);
  try {
    await page.goto(`/#/order-hall/index${last > 1 ? `?page=${last}` : ''}`);
    const card = page.getByRole('list', { name: '大厅工单列表' }).locator(`[data-ticket-id="${ticket.ticket_id}"]`);
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page, '/order-hall/index');
    await card.getByRole('button', { name: `领取 ${no}` }).tap();
    await expect(page.getByText(`领取成功：${no}`)).toBeVisible();
  } finally {
    await page.context().close();
  }
});

for (const role of ['lead', 'designer', 'partTime'] as const satisfies readonly DemoRole[]) {
  test(`no page of the ${role}'s menu scrolls sideways on a phone`, async ({ browser, baseURL, api, demoSession }) => {
    test.slow();
    const session = await demoSession(role);
    const routes = await menuRoutes(api, session.token);
    const page = await phonePage(browser, baseURL!, session);
    try {
      for (const route of routes) {
        await openRoute(page, route);
        await expectNoSidewaysScroll(page, route);
      }
    } finally {
      await page.context().close();
    }
  });
}
