import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/** The Asia/Shanghai wall clock of an instant, `YYYY-MM-DD HH:mm` (what the Excel cell shows). */
const shanghaiMinute = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

test.describe('ticket list export', () => {
  test('a lead exports the team orders as filtered: an Excel file with Chinese headers, the Shanghai time and the fee as a number', async ({ api, leadPage: page }) => {
    const no = `EXP${Date.now().toString(36).toUpperCase()}`;
    // Product 3 for the demo team: no regular designer is qualified, so it stays in the team, unassigned.
    const { ticket } = await okData<{ ticket: { ticket_id: number; created_at: string } }>(
      await api.post('/api/integration/orders', {
        headers: { 'x-api-key': INTEGRATION_API_KEY },
        data: { order_no: no, shop_id: 2, product_id: 3, team_id: 1, title: `彩盒设计｜导出｜${no}`, allowed_minutes: 240, fee_cents: 6850 },
      }),
    );
    await page.goto(`/#/team-management/orders?keyword=${no}`);
    await expect(page.getByRole('table', { name: '团队工单' }).locator(`tr[data-ticket-id="${ticket.ticket_id}"]`)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('团队工单.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = ws.getRow(1).values as unknown[];
    const col = (name: string) => header.findIndex((h) => (h as { richText?: { text: string }[] })?.richText?.[0]?.text === name);
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2);
    expect(row.getCell(col('订单号')).text).toBe(no);
    expect(row.getCell(col('状态')).text).toBe('正常');
    expect(row.getCell(col('设计费（元）')).value).toBe(68.5);
    const created = row.getCell(col('创建时间')).value as Date;
    expect(created).toBeInstanceOf(Date);
    expect(created.toISOString().slice(0, 16).replace('T', ' ')).toBe(shanghaiMinute(ticket.created_at));
  });

  test('a designer exports my tickets as CSV: every ticket of the list, not only the page shown', async ({ designerPage: page }) => {
    // Tickets made before today: others' tests add today's while this one runs.
    const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/#/order-management/index?created_to=${yesterday}&pageSize=10`);
    const table = page.getByRole('table', { name: '工单列表' });
    await expect(table.locator('tbody tr[data-ticket-id]').first()).toBeVisible();
    const total = Number((await page.getByText(/^共 \d+ 条$/).innerText()).match(/\d+/)![0]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('我的工单.csv');
    const buf = await readFile((await download.path())!);
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.subarray(3).toString('utf8');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^订单号,标题,/);
    expect(lines).toHaveLength(total + 1);
    // In the list's order: the rows shown on the first page open the file.
    const rows = table.locator('tbody tr[data-ticket-id]');
    const shown = await rows.count();
    expect(shown).toBe(Math.min(10, total));
    for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText(lines[i + 1]!.split(',')[0]!);
  });
});
