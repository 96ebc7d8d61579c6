import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/**
 * product.md §3: the UI shows Asia/Shanghai time whatever the browser's zone. The browser here runs
 * in New York (13 hours behind Shanghai in winter, 12 in summer), so a screen that formats in the
 * browser's zone shows another hour, and often another day, than the one expected here.
 */
test.use({ timezoneId: 'America/New_York' });

/**
 * The expected texts, computed here from the API's instants with Node's own Intl data (not with
 * the app's time module): the Shanghai day, 'YYYY-MM-DD HH:mm', 'HH:mm:ss' and the hour.
 */
function inShanghai(at: string | number) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return {
    day,
    minute: `${day} ${part('hour')}:${part('minute')}`,
    clock: `${part('hour')}:${part('minute')}:${part('second')}`,
    hour: Number(part('hour')),
  };
}

/** The browser's own zone and day, to prove the page really runs elsewhere than Shanghai. */
async function browserZone(page: Page) {
  return page.evaluate(() => ({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    day: new Date().toLocaleDateString('en-CA'),
  }));
}

const orderNo = () => `E2ETZ${Date.now()}${Math.floor(Math.random() * 1000)}`;

interface TicketItem {
  ticket_id: number;
  order_no: string;
  created_at: string;
}

/** The upstream order system creates a ticket now (integration API). */
async function createTicket(api: APIRequestContext): Promise<TicketItem> {
  const no = orderNo();
  const { ticket } = await okData<{ ticket: TicketItem }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { order_no: no, product_id: 1, shop_id: 2, title: `不干胶标签设计｜E2E时区｜${no}`, requirements: '按要求设计', allowed_minutes: 240, fee_cents: 6800 },
    }),
  );
  return ticket;
}

test.describe('Asia/Shanghai time in a New York browser', () => {
  test("a ticket's creation time in the list and in its drawer is its Shanghai time", async ({ api, demoSession, leadPage: page }) => {
    const lead = await demoSession('lead');
    const created = await createTicket(api);
    const ticket = await okData<TicketItem>(await api.get(`/api/tickets/${created.ticket_id}`, { headers: authHeaders(lead.token) }));
    const expected = inShanghai(ticket.created_at).minute;

    await page.goto(`/#/order-management/index?keyword=${ticket.order_no}`);
    expect((await browserZone(page)).zone).toBe('America/New_York');

    const row = page.getByRole('table', { name: '工单列表' }).locator(`tr[data-ticket-id="${ticket.ticket_id}"]`);
    await expect(row).toContainText(expected);

    await row.click();
    const drawer = page.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    await expect(drawer.getByText('创建时间', { exact: true }).locator('xpath=..')).toHaveText(`创建时间${expected}`);
  });

  test("the greeting follows Shanghai's hour", async ({ leadPage: page }) => {
    const today = inShanghai(Date.now()).day;
    // New York is at 21:00 or 22:00 of the day before (晚上好), then at 08:00 or 09:00 (早上好/上午好).
    for (const [clock, text] of [
      ['10:00', '上午好'],
      ['21:00', '晚上好'],
    ] as const) {
      const at = Date.parse(`${today}T${clock}:00+08:00`);
      expect(inShanghai(at).hour).toBe(Number(clock.slice(0, 2)));
      await page.clock.setFixedTime(at);
      await page.goto('/#/home');
      await page.reload();
      await expect(page.getByTestId('greeting')).toHaveText(new RegExp(`^${text}，`));
    }
  });

  test("a date filter of today lists Shanghai's today", async ({ api, leadPage: page }) => {
    const ticket = await createTicket(api);
    const today = inShanghai(ticket.created_at).day;
    // 06:00 in Shanghai: New York is still on the day before.
    await page.clock.setFixedTime(Date.parse(`${today}T06:00:00+08:00`));
    await page.goto(`/#/order-management/index?keyword=${ticket.order_no}`);
    const browser = await browserZone(page);
    expect(browser.zone).toBe('America/New_York');
    expect(browser.day).not.toBe(today);

    const listed = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/tickets' && url.searchParams.get('created_from') === today && url.searchParams.get('created_to') === today;
    });
    const filters = page.getByRole('search', { name: '工单筛选' });
    // The date filter is Mantine's picker in Chinese; its 今天 preset is Shanghai's today.
    await filters.getByLabel('创建日期').click();
    await page.getByRole('button', { name: '今天' }).click();
    await listed;
    await expect(filters.getByLabel('创建日期')).toHaveText(`${today} 至 ${today}`);
    const row = page.getByRole('table', { name: '工单列表' }).locator(`tr[data-ticket-id="${ticket.ticket_id}"]`);
    await expect(row).toContainText(inShanghai(ticket.created_at).minute);
  });

  test("the public daily panel shows Shanghai's day and update time", async ({ api, demoSession, page }) => {
    const lead = await demoSession('lead');
    const { key } = await okData<{ key: string }>(await api.post('/api/teams/panel-keys', { headers: authHeaders(lead.token) }));

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/daily-panel' && r.ok());
    await page.goto(`/#/order-daily-panel?key=${encodeURIComponent(key)}`);
    const { data } = (await (await answered).json()) as { data: { day: string; generated_at: string } };
    expect((await browserZone(page)).zone).toBe('America/New_York');

    const shanghai = inShanghai(data.generated_at);
    expect(data.day).toBe(shanghai.day);
    await expect(page.getByText(`${shanghai.day} · 更新于 ${shanghai.clock}`, { exact: true })).toBeVisible();
  });
});
