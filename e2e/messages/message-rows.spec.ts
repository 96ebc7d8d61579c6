import type { APIRequestContext, Page } from '@playwright/test';
import { axe } from '../axe';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/**
 * Issue #24, defect 2: a row of the message centre opens what the message is about. The ticket is
 * the test's own (an upstream order, system-assigned to the demo designer); its 系统派单 message
 * is the one the assignment sent.
 */
async function createOrder(api: APIRequestContext, orderNo: string): Promise<{ ticket_id: number; order_no: string; designer_id: string | null }> {
  const data = await okData<{ created: boolean; ticket: { ticket_id: number; order_no: string; designer_id: string | null } }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: {
        order_no: orderNo,
        shop_id: 2,
        product_id: 1,
        title: `不干胶标签设计｜消息行｜${orderNo}`,
        requirements: '按客户提供的文案排版。',
        allowed_minutes: 240,
        fee_cents: 5600,
      },
    }),
  );
  expect(data.created).toBe(true);
  return data.ticket;
}

/** Every image shown in the drawer is a real picture the browser decoded (not the blank fallback). */
async function expectImagesDecoded(page: Page) {
  const images = page.getByRole('dialog').locator('img');
  await expect(async () => {
    const sizes = await images.evaluateAll((els) => els.map((el) => [(el as HTMLImageElement).complete, (el as HTMLImageElement).naturalWidth, el.getAttribute('src') ?? '']));
    expect(sizes.length).toBeGreaterThan(0);
    for (const [complete, width, src] of sizes) {
      expect(complete, String(src)).toBe(true);
      expect(String(src)).toMatch(/\/oss\/.+Signature=/);
      expect(width, String(src)).toBe(320);
    }
  }).toPass({ timeout: 10_000 });
}

test.describe('message centre rows', () => {
  test('clicking a ticket message row opens that ticket\'s drawer', async ({ api, designerPage: page, demoSession }) => {
    const designer = await demoSession('designer');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const no = `E2EMSG${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const ticket = await createOrder(api, no);
    expect(ticket.designer_id).toBe(me.designer_id);

    await page.goto('/#/message-center/index');
    await page.getByRole('radiogroup', { name: '已读状态' }).getByText('全部', { exact: true }).click();
    const table = page.getByRole('table', { name: '消息列表' });
    const row = table.locator('tbody tr').filter({ hasText: no });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('系统派单');
    // The rows that open their message stay accessible (a real button per row for the keyboard).
    const result = await axe(page).include('table[aria-label="消息列表"]').analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await row.getByText(`系统为你分配了新工单 ${no}`).click();
    await expect(page).toHaveURL(new RegExp(`#/order-management/index\\?ticket=${ticket.ticket_id}$`));
    const drawer = page.getByRole('dialog', { name: `工单 ${no}` });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(`订单号${no}`);
    // Opening it read it.
    await expect
      .poll(async () => {
        const list = await okData<{ items: { is_read: number; ext_json: { title: string } }[] }>(
          await api.get('/api/messages/messages?page=1&pageSize=50', { headers: authHeaders(designer.token) }),
        );
        return list.items.find((m) => m.ext_json.title.includes(no))?.is_read;
      })
      .toBe(1);
  });

  test('a seeded ticket message opens a real ticket whose reference image and draft preview render', async ({ api, designerPage: page, demoSession }) => {
    test.slow();
    const designer = await demoSession('designer');
    // A draft check the demo seed wrote: its ticket has a draft with a PNG preview.
    const list = await okData<{ items: { message_type: number; ext_json: { title: string; info: { ticket_id?: number } } }[] }>(
      await api.get('/api/messages/messages?page=1&pageSize=100&message_type=15', { headers: authHeaders(designer.token) }),
    );
    // One of the seed's own (order numbers DM…): earlier runs' e2e tickets have draft checks too,
    // newer, with files of their own.
    const seeded = list.items.filter((m) => /工单 DM\d+ 的初稿/.test(m.ext_json.title));
    expect(seeded.length, 'the demo data has draft checks').toBeGreaterThan(0);
    const message = seeded[0]!;
    const no = /工单 (\S+) 的初稿/.exec(message.ext_json.title)![1]!;

    await page.goto('/#/message-center/index');
    await page.getByRole('radiogroup', { name: '已读状态' }).getByText('全部', { exact: true }).click();
    await page.getByRole('combobox', { name: '消息类型' }).fill('初稿检查完成');
    await page.getByRole('option', { name: '初稿检查完成' }).click();
    const row = page.getByRole('table', { name: '消息列表' }).locator('tbody tr').filter({ hasText: `工单 ${no} 的初稿` }).first();
    await row.locator('td').nth(3).click();
    await expect(page).toHaveURL(new RegExp(`ticket=${message.ext_json.info.ticket_id}$`));
    await expect(page.getByRole('dialog', { name: `工单 ${no}` })).toBeVisible();
    await expectImagesDecoded(page);
  });
  test('a seeded appeal decision opens that appeal, with its evidence readable', async ({ api, designerPage: page, demoSession }) => {
    test.slow();
    const designer = await demoSession('designer');
    // 售后申诉审核结果: the demo seed's decided after-sales appeal of the demo designer, filed with a screenshot.
    const list = await okData<{ items: { ext_json: { title: string; info: { appeal_id?: number } } }[] }>(
      await api.get('/api/messages/messages?page=1&pageSize=100&message_type=13', { headers: authHeaders(designer.token) }),
    );
    const seeded = list.items.filter((m) => /工单 DM\d+ 的售后申诉/.test(m.ext_json.title));
    expect(seeded.length, 'the demo data has a decided after-sales appeal').toBeGreaterThan(0);
    const message = seeded[0]!;
    const no = /工单 (\S+) 的售后申诉/.exec(message.ext_json.title)![1]!;

    await page.goto('/#/message-center/index');
    await page.getByRole('radiogroup', { name: '已读状态' }).getByText('全部', { exact: true }).click();
    await page.getByRole('combobox', { name: '消息类型' }).fill('售后申诉审核结果');
    await page.getByRole('option', { name: '售后申诉审核结果' }).click();
    await page.getByRole('table', { name: '消息列表' }).getByRole('button', { name: message.ext_json.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/order-management/appeal\\?appeal=${message.ext_json.info.appeal_id}$`));
    const drawer = page.getByRole('dialog', { name: `申诉 ${no}` });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('已通过');
    await expect(drawer.getByRole('img', { name: new RegExp(`沟通截图-${no}`) })).toBeVisible();
    await expectImagesDecoded(page);
  });
});
