import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axe } from '../axe';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/**
 * Submits the appeal form from the keyboard, as a designer can while live notifications (a running
 * deployment's system assignments, shown for 2 minutes at the bottom right) cover its button.
 */
async function submitAppeal(modal: Locator) {
  const button = modal.getByRole('button', { name: '提交申诉' });
  await button.focus();
  await button.press('Enter');
}

interface TicketItem {
  ticket_id: number;
  order_no: string;
  designer_id: string | null;
}

interface Settlement {
  settlement_id: number;
  gross_cents: number;
  deduction_cents: number;
  adjustment_cents: number;
  net_cents: number;
}

interface SettlementDetail extends Settlement {
  lines: { kind: string; amount_cents: number; order_no: string | null; ticket_id: number | null }[];
}

const upstream = { 'x-api-key': INTEGRATION_API_KEY };
const orderNo = (tag: string) => `E2EAP${tag}${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** '¥1,234.50' as the SPA shows cents. */
function yuan(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The upstream system creates an order; it is system-assigned to the demo designer (the only online
 * regular designer qualified for product 1), or assigned by the lead when the system gave it to nobody.
 */
async function ticketForDesigner(api: APIRequestContext, leadToken: string, designerId: string, tag: string): Promise<TicketItem> {
  const no = orderNo(tag);
  const { ticket } = await okData<{ ticket: TicketItem }>(
    await api.post('/api/integration/orders', {
      headers: upstream,
      data: { order_no: no, product_id: 1, shop_id: 2, title: `不干胶标签设计｜E2E申诉｜${no}`, requirements: '按要求设计', allowed_minutes: 240, fee_cents: 6800 },
    }),
  );
  if (ticket.designer_id !== designerId) {
    const assigned = await okData<TicketItem>(
      await api.post(`/api/tickets/${ticket.ticket_id}/assign`, { headers: authHeaders(leadToken), data: { designer_id: designerId, confirm: ['offline', 'over_capacity', 'unqualified'] } }),
    );
    expect(assigned.designer_id).toBe(designerId);
  }
  return { ...ticket, designer_id: designerId };
}

async function waitForRealtime(page: Page) {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
}

async function seriousViolations(page: Page) {
  const result = await axe(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe.configure({ mode: 'serial' });

test.describe('appeals, deductions and fees', () => {
  test('a designer files a fee appeal with an attachment; the lead sees it live, approves it; the settlement shows the adjustment', async ({
    api,
    demoSession,
    designerPage,
    leadPage,
  }) => {
    // Two browsers, an upload, a live update and a review: longer than one page's default.
    test.slow();
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));

    // A ticket of the designer, completed upstream: its fee is posted to the designer's settlement.
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'F');
    await okData(await api.post(`/api/integration/orders/${ticket.order_no}/status`, { headers: upstream, data: { event: 'completion' } }));

    // The lead watches the review queue, filtered to this order: empty for now.
    await leadPage.goto(`/#/order-management/appeal?tab=review&keyword=${ticket.order_no}`);
    await waitForRealtime(leadPage);
    const queue = leadPage.getByRole('table', { name: '待审核申诉' });
    await expect(queue).toContainText('暂无待审核的申诉');

    // The designer appeals from the ticket's detail: fee appeal, ¥20.00, a screenshot.
    await designerPage.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    await waitForRealtime(designerPage);
    const drawer = designerPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    // The top panel counts pending appeals under 申诉中.
    const appealing = designerPage.getByTestId('panel-count-appealing');
    await expect(appealing).toHaveText(/^\d+$/);
    await expect(designerPage.getByRole('listitem').filter({ has: appealing })).toContainText('申诉中');
    const appealingBefore = Number(await appealing.innerText());
    await drawer.getByRole('region', { name: '申诉与审核' }).getByRole('button', { name: '申诉' }).click();
    const modal = designerPage.getByRole('dialog', { name: '提交申诉' });
    await expect(modal.getByLabel('申诉类型')).toHaveValue('费用申诉');
    // Validation in the form first: nothing is sent without a reason and an amount.
    await submitAppeal(modal);
    await expect(modal.getByText('请填写申请金额')).toBeVisible();
    await expect(modal.getByText('请填写申诉理由')).toBeVisible();
    await modal.getByRole('textbox', { name: '申请金额（元）' }).fill('20');
    await modal.getByRole('textbox', { name: '申诉理由' }).fill('加急费未计入，见截图');
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'e2e-截图.png',
      mimeType: 'image/png',
      // A 1×1 PNG.
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    });
    await expect(modal.getByRole('list', { name: '申诉附件' }).getByRole('listitem', { name: 'e2e-截图.png' })).toContainText('已上传', { timeout: 15_000 });
    await submitAppeal(modal);
    await expect(designerPage.getByText('申诉已提交，等待组长审核')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(appealing).toHaveText(String(appealingBefore + 1));

    // The lead's queue shows it without a reload (message 3 → the review queue refreshes).
    const row = queue.locator('tbody tr[data-appeal-id]');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toContainText('费用申诉');
    await expect(row).toContainText('¥20.00');
    await expect(row).toContainText('待审核');

    // Its timeline drawer: the filing and the attachment as an image preview.
    await row.getByRole('button', { name: `查看申诉 ${ticket.order_no}` }).click();
    const appealDrawer = leadPage.getByRole('dialog', { name: `申诉 ${ticket.order_no}` });
    await expect(appealDrawer.getByRole('region', { name: '申诉时间线' })).toContainText('提交申诉');
    await expect(appealDrawer.getByRole('img', { name: 'e2e-截图.png' })).toBeVisible();
    await leadPage.keyboard.press('Escape');
    await expect(appealDrawer).toBeHidden();

    const before = await okData<{ items: Settlement[] }>(await api.get('/api/settlements', { headers: authHeaders(designer.token) }));
    const settlementId = before.items[0]!.settlement_id;
    const detailBefore = await okData<SettlementDetail>(await api.get(`/api/settlements/${settlementId}`, { headers: authHeaders(designer.token) }));
    expect(detailBefore.lines.some((l) => l.kind === 'fee' && l.ticket_id === ticket.ticket_id && l.amount_cents === 6800)).toBe(true);

    // Approve, confirmed in a dialog with the amount (the request by default).
    await row.getByRole('button', { name: `通过申诉 ${ticket.order_no}` }).click();
    const confirm = leadPage.getByRole('dialog', { name: '通过申诉' });
    await expect(confirm.getByRole('textbox', { name: '通过金额（元）' })).toHaveValue('20.00');
    await confirm.getByRole('button', { name: '确认通过' }).click();
    await expect(leadPage.getByText('已通过该申诉')).toBeVisible();
    await expect(queue).toContainText('暂无待审核的申诉');

    // The designer is told (message 8) …
    await expect(designerPage.getByRole('alert').filter({ hasText: `工单 ${ticket.order_no} 的费用申诉已通过` }).first()).toBeVisible({ timeout: 15_000 });

    // … and the settlement shows the adjustment line and the net grown by it.
    await designerPage.goto(`/#/order-fee/detail/${settlementId}`);
    const adjustments = designerPage.getByRole('region', { name: '调整' });
    await expect(adjustments).toContainText('+¥20.00');
    const net = detailBefore.net_cents + 2000;
    await expect(designerPage.getByTestId('money-net')).toHaveText(yuan(net));
    await expect(designerPage.getByTestId('money-adjustment')).toHaveText(`+${yuan(detailBefore.adjustment_cents + 2000)}`);

    // Export with the login token: a CSV holding the lines.
    const download = designerPage.waitForEvent('download');
    await designerPage.getByRole('button', { name: '导出 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^结算明细_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readFile((await file.path())!, 'utf8')).toContain(ticket.order_no);

    // The lines are searchable by order number.
    await designerPage.getByRole('searchbox', { name: '搜索明细' }).fill(ticket.order_no);
    await expect(designerPage.getByRole('region', { name: '工单费用' })).toContainText(ticket.order_no);
    await expect(designerPage.getByText(/找到 \d+ 条明细/)).toBeVisible();

    // The designer's own list has it, approved.
    await designerPage.goto(`/#/order-management/appeal?keyword=${ticket.order_no}`);
    const mine = designerPage.getByRole('table', { name: '我的申诉' }).locator('tbody tr[data-appeal-id]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('已通过');
  });

  test('a QC deduction from upstream appears live in the designer\'s deduction list with the appeal button', async ({ api, demoSession, designerPage }) => {
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'D');

    await designerPage.goto(`/#/order-management/deduction?keyword=${ticket.order_no}`);
    await waitForRealtime(designerPage);
    const table = designerPage.getByRole('table', { name: '扣款列表' });
    await expect(table).toContainText('暂无符合条件的扣款');

    await okData(
      await api.post('/api/integration/deductions', {
        headers: upstream,
        data: { external_id: `qc-${ticket.order_no}`, order_no: ticket.order_no, source: 'qc', amount_cents: 1500, reason: '出血位不足' },
      }),
    );

    // Message 18 refreshes the list.
    const row = table.locator('tbody tr[data-deduction-id]');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toContainText('质检扣款');
    await expect(row).toContainText('-¥15.00');
    await expect(row).toContainText('出血位不足');
    await expect(row).toContainText('前可申诉');

    // The appeal opens with its type fixed by the deduction.
    await row.getByRole('button', { name: `申诉扣款 ${ticket.order_no}` }).click();
    const modal = designerPage.getByRole('dialog', { name: '申诉扣款（质检申诉）' });
    await expect(modal).toContainText('扣款 ¥15.00（出血位不足）');
    await modal.getByRole('textbox', { name: '申诉理由' }).fill('出血位符合工厂规范');
    await submitAppeal(modal);
    await expect(designerPage.getByText('申诉已提交，等待组长审核')).toBeVisible();
    // Appealed: the button is gone, the appeal's status shows.
    await expect(row.getByRole('button', { name: `申诉扣款 ${ticket.order_no}` })).toHaveCount(0);
    await expect(row).toContainText('待审核');
  });

  test('the deduction list filters by several sources at once, the choice kept in the URL', async ({ api, demoSession, designerPage }) => {
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'M');
    // One deduction of each upstream source on the same ticket, and a lead's review deduction.
    for (const source of ['qc', 'after_sales'] as const) {
      await okData(
        await api.post('/api/integration/deductions', {
          headers: upstream,
          data: { external_id: `${source}-${ticket.order_no}`, order_no: ticket.order_no, source, amount_cents: 500, reason: `E2E多选${source}` },
        }),
      );
    }
    await okData(await api.post(`/api/tickets/${ticket.ticket_id}/deductions`, { headers: authHeaders(lead.token), data: { amount_cents: 300, reason: 'E2E多选review' } }));

    await designerPage.goto(`/#/order-management/deduction?keyword=${ticket.order_no}`);
    const table = designerPage.getByRole('table', { name: '扣款列表' });
    const rows = table.locator('tbody tr[data-deduction-id]');
    await expect(rows).toHaveCount(3);

    const sources = designerPage.getByRole('search', { name: '扣款筛选' }).getByRole('combobox', { name: '扣款来源' });
    await sources.click();
    await designerPage.getByRole('option', { name: '质检扣款' }).click();
    await designerPage.getByRole('option', { name: '售后扣款' }).click();
    await designerPage.keyboard.press('Escape');
    await expect(designerPage).toHaveURL(/[?&]source=qc(%2C|,)after_sales/);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '审核扣款' })).toHaveCount(0);

    // The URL alone brings the same choice back (a bookmark, the back button).
    await designerPage.reload();
    await expect(rows).toHaveCount(2);
    await expect(designerPage.getByRole('search', { name: '扣款筛选' })).toContainText('质检扣款');
    await expect(designerPage.getByRole('search', { name: '扣款筛选' })).toContainText('售后扣款');
  });

  test('a lead deducts from a ticket in its detail (review deduction); the designer sees it live in their deduction list', async ({
    api,
    demoSession,
    leadPage,
    designerPage,
  }) => {
    test.slow();
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'V');

    await designerPage.goto(`/#/order-management/deduction?keyword=${ticket.order_no}`);
    await waitForRealtime(designerPage);
    const table = designerPage.getByRole('table', { name: '扣款列表' });
    await expect(table).toContainText('暂无符合条件的扣款');

    await leadPage.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    const drawer = leadPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    await drawer.getByRole('button', { name: '扣款', exact: true }).click({ timeout: 15_000 });
    const confirm = leadPage.getByRole('dialog', { name: '扣款' });
    // Amount and reason are required; the amount takes at most two decimals.
    await confirm.getByRole('button', { name: '确认扣款' }).click();
    await expect(confirm.getByText('请填写扣款金额')).toBeVisible();
    await expect(confirm.getByText('请填写扣款原因')).toBeVisible();
    await confirm.getByRole('textbox', { name: '扣款金额（元）' }).fill('8.255');
    await confirm.getByRole('textbox', { name: '扣款原因' }).fill('终稿文字有错别字');
    await confirm.getByRole('button', { name: '确认扣款' }).click();
    await expect(confirm.getByText('金额格式不正确，最多两位小数')).toBeVisible();
    await confirm.getByRole('textbox', { name: '扣款金额（元）' }).fill('8.25');
    await confirm.getByRole('button', { name: '确认扣款' }).click();
    await expect(leadPage.getByText('扣款已创建')).toBeVisible();

    // Message 19 refreshes the designer's list.
    const row = table.locator('tbody tr[data-deduction-id]');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toContainText('-¥8.25');
    await expect(row).toContainText('终稿文字有错别字');
  });

  test('a lead refuses a factory-reject application from the ticket detail; the designer may then appeal it', async ({ api, demoSession, leadPage, designerPage }) => {
    // The lead's My tickets (the whole team's list) and the drawer load while the other worker's
    // suite keeps both cores busy: the drawer took over 15 s to appear in CI runs.
    test.slow();
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'R');
    await okData(await api.post(`/api/tickets/${ticket.ticket_id}/factory-reject`, { headers: authHeaders(designer.token), data: { reason: '工厂无法生产该尺寸' } }));

    await leadPage.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    const drawer = leadPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    const decide = drawer.getByRole('group', { name: '审核工厂驳回申请' });
    await decide.getByRole('button', { name: '驳回工厂驳回申请' }).click({ timeout: 30_000 });
    const confirm = leadPage.getByRole('dialog', { name: '驳回工厂驳回申请' });
    // A refusal needs a reason.
    await confirm.getByRole('button', { name: '确认驳回' }).click();
    await expect(confirm.getByText('驳回时请填写审核意见')).toBeVisible();
    await confirm.getByRole('textbox', { name: '审核意见' }).fill('尺寸在工厂能力范围内');
    await confirm.getByRole('button', { name: '确认驳回' }).click();
    await expect(leadPage.getByText('已驳回工厂驳回申请')).toBeVisible();
    await expect(decide).toHaveCount(0);

    // The designer appeals the refusal from the same detail.
    await designerPage.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    const mine = designerPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    await mine.getByRole('region', { name: '申诉与审核' }).getByRole('button', { name: '申诉' }).click({ timeout: 30_000 });
    const modal = designerPage.getByRole('dialog', { name: '提交申诉' });
    await modal.getByLabel('申诉类型').click();
    await designerPage.getByRole('option', { name: '工厂驳回申诉' }).click();
    await expect(modal.getByRole('textbox', { name: '申请金额（元）' })).toHaveCount(0);
    await modal.getByRole('textbox', { name: '申诉理由' }).fill('该尺寸超出工厂设备幅面，附设备参数');
    await submitAppeal(modal);
    await expect(designerPage.getByText('申诉已提交，等待组长审核')).toBeVisible();
  });

  test('the appeal, deduction and fee screens have no serious or critical accessibility violation', async ({ api, demoSession, leadPage, designerPage }) => {
    // Axe on five screens, two of them lists that grow with every suite before it: past 60 s on
    // two loaded CI cores (the page closed under the last analysis).
    test.slow();
    // A completed ticket: the designer has a settlement with a fee line.
    const designer = await demoSession('designer');
    const lead = await demoSession('lead');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await ticketForDesigner(api, lead.token, me.designer_id, 'A');
    await okData(await api.post(`/api/integration/orders/${ticket.order_no}/status`, { headers: upstream, data: { event: 'completion' } }));

    await leadPage.goto('/#/order-management/appeal?tab=review');
    await expect(leadPage.getByRole('tab', { name: /待审核/ })).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
    await expect(leadPage.getByRole('table', { name: '待审核申诉' })).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
    expect(await seriousViolations(leadPage)).toEqual([]);

    const page = designerPage;
    await page.goto('/#/order-management/deduction');
    await expect(page.getByRole('table', { name: '扣款列表' })).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/#/order-fee/index');
    const settlements = page.getByRole('table', { name: '结算列表' });
    await expect(settlements.locator('tbody tr[data-settlement-id]').first()).toBeVisible({ timeout: 15_000 });
    // The trend is an image named by its figures, with the same figures in a table for screen readers.
    await expect(page.getByRole('img', { name: /^实发金额趋势：共\d+项/ })).toBeVisible();
    await expect(page.getByRole('table', { name: '实发金额趋势' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: Enter on a period opens its detail.
    await settlements.locator('tbody tr[data-settlement-id]').first().press('Enter');
    await expect(page).toHaveURL(/#\/order-fee\/detail\/\d+/);
    await expect(page.getByRole('region', { name: '工单费用' })).toContainText(ticket.order_no);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
