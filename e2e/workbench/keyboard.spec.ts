import type { Page } from '@playwright/test';
import { axe } from '../axe';
import { authHeaders, expect as baseExpect, okData, test } from '../fixtures';

// The machine the suite runs on is shared: give first paints room.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

interface TicketItem {
  ticket_id: number;
  order_no: string;
  title: string;
}

const rows = (page: Page) => page.getByRole('table', { name: '工单列表' }).locator('tbody tr[data-ticket-id]');
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: /^工单 / }) });

async function openMyTickets(page: Page) {
  await page.goto('/#/order-management/index');
  await expect(rows(page).first()).toBeVisible();
}

test.describe('keyboard and command palette (issue #18)', () => {
  test('the palette finds a ticket by its order number, opens it, and lists it under recent items', async ({ api, demoSession, designerPage: page }) => {
    const me = await demoSession('designer');
    // A ticket of the designer's that is not on the first page of the list.
    const list = await okData<{ items: TicketItem[] }>(
      await api.get('/api/tickets', { params: { page: 2, pageSize: 20 }, headers: authHeaders(me.token) }),
    );
    const ticket = list.items[0]!;

    await page.goto('/#/home');
    await expect(page.getByRole('button', { name: /搜索与命令/ }).first()).toBeVisible();
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: '命令面板搜索' });
    await expect(search).toBeFocused();
    await search.fill(ticket.order_no);
    const found = page.getByTestId('palette-ticket').filter({ hasText: ticket.order_no });
    await expect(found).toBeVisible();
    await expect(page.getByTestId('palette-ticket')).toHaveCount(1);

    // Arrow down onto it and Enter, as a keyboard user does.
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/order-management/index\\?ticket=${ticket.ticket_id}$`));
    await expect(drawer(page).getByRole('heading', { name: `工单 ${ticket.order_no}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);

    // Opened again with nothing typed: the ticket is a recent item, and it opens from there too.
    await page.getByRole('button', { name: /搜索与命令/ }).first().click();
    // (The group's label 最近使用 is drawn by CSS, out of the accessibility tree's text.)
    const recent = page.getByRole('dialog').getByRole('button', { name: new RegExp(ticket.order_no) });
    await expect(recent).toBeVisible();
    await recent.click();
    await expect(drawer(page).getByRole('heading', { name: `工单 ${ticket.order_no}` })).toBeVisible();
  });

  test('the palette finds pages of the menu and runs actions', async ({ designerPage: page }) => {
    await page.goto('/#/home');
    await expect(page.getByRole('button', { name: /搜索与命令/ }).first()).toBeVisible();
    await page.keyboard.press('Control+K');
    // The palette's own entries: the home's shortcuts under it hold the same page names.
    const palette = page.getByRole('dialog', { name: '命令面板' });
    const search = palette.getByRole('textbox', { name: '命令面板搜索' });
    await search.fill('费用');
    await palette.getByRole('button', { name: /我的费用/ }).click();
    await expect(page).toHaveURL(/#\/order-fee\/index/);
    // Ctrl+K toggles the palette: press it again once this one has closed.
    await expect(palette).toHaveCount(0);

    await page.keyboard.press('Control+K');
    await search.fill('快捷键');
    await palette.getByRole('button', { name: /键盘快捷键/ }).click();
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toBeVisible();
  });

  test('j / k move through My tickets, Enter opens, Esc closes, x selects', async ({ designerPage: page }) => {
    await openMyTickets(page);
    // Other suites give this designer new tickets while this runs, and a new one joins the list at
    // its top: each step is checked against the rows as they are then, by ticket id.
    const cursorRow = page.getByRole('table', { name: '工单列表' }).locator('tbody tr[data-cursor="true"]');
    const cursorId = async () => {
      await expect(cursorRow).toHaveCount(1);
      return (await cursorRow.getAttribute('data-ticket-id'))!;
    };
    const rowOf = (id: string) => page.locator(`tbody tr[data-ticket-id="${id}"]`);

    await page.keyboard.press('j');
    const firstId = await cursorId();
    const first = rowOf(firstId);
    await expect(first).toBeFocused();
    // The row after it, read the moment before the key.
    const nextId = await first.evaluate((row) => row.nextElementSibling?.getAttribute('data-ticket-id') ?? null);
    expect(nextId).not.toBeNull();
    await page.keyboard.press('j');
    await expect(rowOf(nextId!)).toHaveAttribute('data-cursor', 'true');
    await expect(first).not.toHaveAttribute('data-cursor', 'true');
    await page.keyboard.press('k');
    await expect(first).toHaveAttribute('data-cursor', 'true');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`ticket=${firstId}$`));
    await expect(drawer(page)).toBeVisible();
    // Under the open drawer the list keys rest: j does not move the cursor.
    await page.keyboard.press('j');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/ticket=/);
    await expect(first).toHaveAttribute('data-cursor', 'true');
    // Closing the drawer gives the focus back to the row it was opened from; the list keys work
    // again once the drawer has left the page (its closing transition still holds a modal).
    await expect(first).toBeFocused();
    await expect(page.locator('[aria-modal="true"]')).toHaveCount(0);

    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveText('已选择 1 张工单');
    await expect(first.getByRole('checkbox')).toBeChecked();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveText('已选择 2 张工单');
    await page.keyboard.press('x');
    await page.keyboard.press('k');
    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
  });

  test('? opens the sheet of every shortcut; g then t / m / f goes to tickets, messages, fees', async ({ designerPage: page }) => {
    await openMyTickets(page);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: '键盘快捷键' });
    await expect(sheet).toBeVisible();
    for (const text of ['打开命令面板', '下一张工单', '上一张工单', '打开当前工单', '选择或取消选择当前工单', '搜索订单号或标题', '关闭工单详情', '前往消息中心']) {
      await expect(sheet.getByText(text, { exact: false })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await page.keyboard.type('gm');
    await expect(page).toHaveURL(/#\/message-center\/index/);
    await page.keyboard.type('gf');
    await expect(page).toHaveURL(/#\/order-fee\/index/);
    await page.keyboard.type('gt');
    await expect(page).toHaveURL(/#\/order-management\/index/);
  });

  test('/ focuses the search box, and nothing typed there fires a shortcut', async ({ designerPage: page }) => {
    await openMyTickets(page);
    await page.keyboard.press('/');
    const box = page.getByRole('search', { name: '工单筛选' }).getByPlaceholder('订单号或标题');
    await expect(box).toBeFocused();
    await page.keyboard.type('jkx?gm');
    await expect(box).toHaveValue('jkx?gm');
    await expect(page.locator('tr[data-cursor]')).toHaveCount(0);
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/order-management\/index/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the palette, the sheet and the list cursor have no accessibility violation (${colorScheme})`, async ({ designerPage: page }) => {
      await page.emulateMedia({ colorScheme });
      await openMyTickets(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      // Every rule of any impact on what this feature shows: the top bar, the list, the dialogs. The
      // page-level rules (one h1, landmarks) belong to the sweep of every route (e2e/a11y). Left out
      // too: Mantine's Modal draws its title bar as a <header>, a second banner beside the app's
      // (landmark-no-duplicate-banner, landmark-unique: moderate), in every modal of the app.
      const violations = async () =>
        (await axe(page).include('header').include('main table').include('[role="dialog"]').disableRules(['page-has-heading-one', 'region', 'landmark-no-duplicate-banner', 'landmark-unique']).analyze()).violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      await page.keyboard.press('j');
      await expect(page.locator('tr[data-cursor]')).toHaveCount(1);
      expect(await violations()).toEqual([]);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toBeVisible();
      expect(await violations()).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toHaveCount(0);
      await page.keyboard.press('Control+K');
      await page.getByRole('dialog', { name: '命令面板' }).getByRole('textbox', { name: '命令面板搜索' }).fill('工单');
      await expect(page.getByRole('dialog').getByRole('button', { name: /我的工单/ })).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }
});
