import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, signedInPage, test } from '../fixtures';

/**
 * Saved views (issue #18) against the real server and browser: saving the list's filters as a
 * view, a lead sharing one that a designer of the team then sees and uses, a pinned view's live
 * count following a ticket that arrives, the default view a list opens with, and deleting after
 * confirming.
 */

interface SavedViewWire {
  view_id: number;
  name: string;
  filters: Record<string, string>;
  count: number;
  shared: boolean;
  is_default: boolean;
}

const unique = (tag: string) => `${tag}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

async function viewsOf(api: APIRequestContext, token: string, list = 'my-tickets') {
  return okData<SavedViewWire[]>(await api.get(`/api/workbench/views?list=${list}`, { headers: authHeaders(token) }));
}

async function ticketTotal(api: APIRequestContext, token: string, query: string) {
  return (await okData<{ total: number }>(await api.get(`/api/tickets?pageSize=1&${query}`, { headers: authHeaders(token) }))).total;
}

/** The views bar's tab of a view (a button with the view's name, pressed while it is shown). */
const tab = (page: Page, name: string) => page.getByRole('toolbar', { name: '视图' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function tabCount(page: Page, name: string): Promise<number> {
  const badge = tab(page, name).locator('[data-view-count]');
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.innerText());
}

async function saveView(page: Page, name: string, opts: { share?: boolean } = {}) {
  await page.getByRole('button', { name: '保存视图' }).click();
  const dialog = page.getByRole('dialog', { name: '保存为视图' });
  await dialog.getByLabel('视图名称').fill(name);
  if (opts.share) await dialog.getByLabel('与团队共享').check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a list and waits for its table (the first visit loads the page's chunks). */
async function openList(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('table', { name: '工单列表' })).toBeVisible({ timeout: 30_000 });
}

async function waitForRealtime(page: Page) {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
}

test.describe('saved views', () => {
  // Each journey is several pages and live counts (every view counted on the server, one after
  // another); on two loaded cores that runs past the default 60 s.
  test.describe.configure({ timeout: 240_000 });

  test('a lead saves and shares a view of My tickets; a designer of the team sees it and opens it with their own count', async ({
    api,
    leadPage,
    designerPage,
    demoSession,
  }) => {
    const [lead, designer] = [await demoSession('lead'), await demoSession('designer')];
    const name = unique('共享待初稿');

    await openList(leadPage, '/#/order-management/index?stage=waiting');
    await saveView(leadPage, name, { share: true });
    // Saved with the list's filters, pinned as a tab and shown as the current one.
    await expect(tab(leadPage, name)).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    const saved = (await viewsOf(api, lead.token)).find((v) => v.name === name);
    expect(saved).toMatchObject({ filters: { stage: 'waiting' }, shared: true });

    // The designer of the team sees the shared view as a tab, with the count of their own tickets.
    await openList(designerPage, '/#/order-management/index');
    await expect(tab(designerPage, name)).toBeVisible({ timeout: 30_000 });
    await expect(tab(designerPage, name)).toHaveAttribute('aria-pressed', 'false');
    const mine = await ticketTotal(api, designer.token, 'stage=waiting');
    expect(await tabCount(designerPage, name)).toBe(mine);
    await tab(designerPage, name).click();
    await expect(designerPage).toHaveURL(/stage=waiting/);
    await expect(tab(designerPage, name)).toHaveAttribute('aria-pressed', 'true');
    await expect(designerPage.getByText(`共 ${mine} 条`)).toBeVisible({ timeout: 30_000 });
    // 「全部」 clears the view's filters.
    await designerPage.getByRole('toolbar', { name: '视图' }).getByRole('button', { name: '全部', exact: true }).click();
    await expect(designerPage).not.toHaveURL(/stage=/);

    // Only its owner deletes it: the designer's manage dialog offers no delete for it.
    await designerPage.getByRole('button', { name: '全部视图' }).click();
    await designerPage.getByRole('menuitem', { name: '管理视图…' }).click();
    const manage = designerPage.getByRole('dialog', { name: '管理视图' });
    await expect(manage.getByRole('listitem', { name })).toBeVisible();
    await expect(manage.getByRole('button', { name: `删除 ${name}` })).toHaveCount(0);
    await designerPage.keyboard.press('Escape');

    // Cleanup through the API, so the other suites see the designer's list as before.
    await okData(await api.post(`/api/workbench/views/${saved!.view_id}/delete`, { headers: authHeaders(lead.token) }));
  });

  test('a pinned view’s count changes live when a ticket arrives', async ({ api, designerPage: page, demoSession }) => {
    const designer = await demoSession('designer');
    const name = unique('产品1待初稿');
    await openList(page, '/#/order-management/index?stage=waiting&product_id=1');
    await waitForRealtime(page);
    await saveView(page, name);
    const before = await tabCount(page, name);
    expect(before).toBe(await ticketTotal(api, designer.token, 'stage=waiting&product_id=1'));

    // The upstream system sends an order of product 1: the system assigns it to the demo designer.
    const orderNo = unique('E2EVIEW');
    const created = await okData<{ ticket: { designer_id: string | null } }>(
      await api.post('/api/integration/orders', {
        headers: { 'x-api-key': INTEGRATION_API_KEY },
        data: { order_no: orderNo, shop_id: 2, product_id: 1, title: `视图计数｜${orderNo}`, allowed_minutes: 240, fee_cents: 5000 },
      }),
    );
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    expect(created.ticket.designer_id).toBe(me.designer_id);

    // The tab's count follows by itself (no reload) to the server's figure, which now counts it.
    await expect
      .poll(async () => {
        const [screen, server] = [await tabCount(page, name), await ticketTotal(api, designer.token, 'stage=waiting&product_id=1')];
        return screen === server && screen !== before ? 'agrees' : `screen ${screen}, server ${server}, before ${before}`;
      }, { timeout: 45_000 })
      .toBe('agrees');

    const saved = (await viewsOf(api, designer.token)).find((v) => v.name === name);
    await okData(await api.post(`/api/workbench/views/${saved!.view_id}/delete`, { headers: authHeaders(designer.token) }));
  });

  test('the default view applies when the list opens without filters; deleting a view asks first', async ({ api, browser, baseURL, runAccount }) => {
    const name = unique('驳回的');
    const view = await okData<SavedViewWire>(
      await api.post('/api/workbench/views', { headers: authHeaders(runAccount.token), data: { list: 'my-tickets', name, filters: { status: '5' }, pinned: true } }),
    );
    await okData(await api.put('/api/workbench/views/default', { headers: authHeaders(runAccount.token), data: { list: 'my-tickets', view_id: view.view_id } }));

    const page = await signedInPage(browser, baseURL!, runAccount);
    await page.goto('/#/order-management/index');
    // Opened without filters: the default view is applied (its filter in the URL, its tab pressed).
    // (On a loaded machine the first visit takes long: the page boots, loads MQTT, then applies it.)
    // The router writes a number-like value JSON-quoted: status=%225%22.
    await expect(page).toHaveURL(/status=(%22)?5/, { timeout: 60_000 });
    await expect(tab(page, name)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('暂无符合条件的工单')).toBeVisible();

    // Opened with a filter of its own: left as it is.
    await openList(page, '/#/order-management/index?stage=done');
    await expect(tab(page, name)).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/status=/);

    // Delete from the manage dialog: a confirmation first; cancelling keeps it.
    await page.getByRole('button', { name: '全部视图' }).click();
    await page.getByRole('menuitem', { name: '管理视图…' }).click();
    await page.getByRole('dialog', { name: '管理视图' }).getByRole('button', { name: `删除 ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: '删除视图' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: '取消' }).click();
    expect((await viewsOf(api, runAccount.token)).map((v) => v.name)).toContain(name);
    await page.getByRole('dialog', { name: '管理视图' }).getByRole('button', { name: `删除 ${name}` }).click();
    await page.getByRole('dialog', { name: '删除视图' }).getByRole('button', { name: '确定删除' }).click();
    await expect(page.getByRole('dialog', { name: '管理视图' }).getByText('还没有视图')).toBeVisible();
    expect((await viewsOf(api, runAccount.token)).map((v) => v.name)).not.toContain(name);
    await page.keyboard.press('Escape');
    await expect(tab(page, name)).toHaveCount(0);

    // With the default gone, the list opens unfiltered.
    await openList(page, '/#/order-management/index');
    await expect(page).not.toHaveURL(/status=/);
    await page.context().close();
  });
});
