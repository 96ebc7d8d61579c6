import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { authHeaders, DEMO, expect, INTEGRATION_API_KEY, login, okData, type Session, storageStateFor, test } from '../fixtures';

/**
 * Issue #20's proof in browsers: one deployment of several instances, each reached directly, with
 * the embedded brokers shared through Redis. E2E_INSTANCE_URLS names the instances (at least three,
 * comma-separated); Playwright sets it when it starts scripts/e2e-cluster.mjs itself (with
 * TEST_DATABASE_URL and TEST_REDIS_URL), and QA sets it for a cluster of their own
 * (`npm run start:cluster` prints the instances' addresses).
 */
const instances = (process.env.E2E_INSTANCE_URLS ?? '')
  .split(',')
  .map((u) => u.trim().replace(/\/+$/, ''))
  .filter(Boolean);

test.skip(
  instances.length < 3,
  'E2E_INSTANCE_URLS names no three instances of one deployment (Playwright starts them itself only with TEST_DATABASE_URL and TEST_REDIS_URL set, and HAProxy installed)',
);

const [A = '', B = '', C = ''] = instances;

async function apiAt(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

/** A browser signed in at one instance (the SPA, its API calls and its MQTT websocket all go there). */
async function pageAt(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(baseURL, session) });
  return context.newPage();
}

async function waitForRealtime(page: Page) {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
}

test.describe('one deployment, several instances', () => {
  // Each test signs in at one instance and works through others: a token is good everywhere.
  let lead: Session;
  let designer: Session;
  test.beforeAll(async () => {
    const api = await apiAt(A);
    lead = await login(api, DEMO.lead.phone);
    designer = await login(api, DEMO.designer.phone);
    await api.dispose();
  });

  test('an announcement a lead publishes on A reaches a designer whose browser is on B, live', async ({ browser }) => {
    test.slow();
    const page = await pageAt(browser, B, designer);
    await page.goto('/#/message-center/index');
    await waitForRealtime(page);

    const onA = await apiAt(A);
    const title = `跨实例公告 ${Date.now()}`;
    await okData(await onA.post('/api/messages/announcements', { headers: authHeaders(lead.token), data: { title, body: '三台实例共用一个消息通道。', scope: 1, product_ids: [] } }));
    await expect(page.getByRole('alert').filter({ hasText: `新公告：${title}` })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('table', { name: '消息列表' }).getByText(`新公告：${title}`)).toBeVisible();
    await onA.dispose();
    await page.context().close();
  });

  test('a ticket a lead assigns on C appears in the designer’s list on A without a reload', async ({ browser }) => {
    test.slow();
    const page = await pageAt(browser, A, designer);
    await page.goto('/#/order-management/index');
    await waitForRealtime(page);
    const table = page.getByRole('table', { name: '工单列表' });
    await expect(table).toBeVisible();

    const onC = await apiAt(C);
    const orderNo = `E2EX${Date.now()}${Math.floor(Math.random() * 1000)}`;
    // Product 3 (彩盒): no online regular designer is qualified, so it waits unassigned for the lead.
    const created = await okData<{ ticket: { ticket_id: number; designer_id: string | null } }>(
      await onC.post('/api/integration/orders', {
        headers: { 'x-api-key': INTEGRATION_API_KEY },
        data: { order_no: orderNo, product_id: 3, shop_id: 2, title: `彩盒设计｜跨实例｜${orderNo}`, requirements: '按客户文案排版。', allowed_minutes: 240, fee_cents: 5600 },
      }),
    );
    expect(created.ticket.designer_id).toBeNull();
    const me = await okData<{ designer_id: string }>(await onC.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const assign = (confirm?: string[]) =>
      onC.post(`/api/tickets/${created.ticket.ticket_id}/assign`, { headers: authHeaders(lead.token), data: { designer_id: me.designer_id, ...(confirm ? { confirm } : {}) } });
    let res = await assign();
    if (res.status() === 409) {
      // Safe assignment: the designer is not qualified for 彩盒; the lead confirms the named risks.
      const body = (await res.json()) as { data: { risks?: string[] } };
      res = await assign(body.data.risks ?? []);
    }
    await okData(res);
    await expect(table.locator(`tr[data-ticket-id="${created.ticket.ticket_id}"]`)).toBeVisible({ timeout: 15_000 });
    await onC.dispose();
    await page.context().close();
  });

  test('a session signed in on A works on B, and signing out on B ends the browser on A at once', async ({ browser }) => {
    test.slow();
    const onA = await apiAt(A);
    const session = await login(onA, DEMO.partTime3.phone);
    const onB = await apiAt(B);
    await okData(await onB.get('/api/user/profile', { headers: authHeaders(session.token) }));

    const page = await pageAt(browser, A, session);
    await page.goto('/#/home');
    await waitForRealtime(page);
    await okData(await onB.post('/api/user/logout', { headers: authHeaders(session.token) }));
    // The broker connection on A is closed by B's sign-out (carried over Redis), with no API call from A.
    await expect(page.getByText('token失效')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/#\/login/);
    expect((await onA.get('/api/user/profile', { headers: authHeaders(session.token) })).status()).toBe(401);
    await onA.dispose();
    await onB.dispose();
    await page.context().close();
  });
});
