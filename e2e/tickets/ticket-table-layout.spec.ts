import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * The ticket lists read well on a 1280 px screen with the menu open (the project's desktop
 * viewport): no sideways scrolling, the created time whole, status tags never cut to 收到….
 */
async function expectFits(page: Page, tableName: string) {
  const table = page.getByRole('table', { name: tableName });
  await expect(table.locator('tbody tr[data-ticket-id]').first()).toBeVisible();
  const layout = await table.evaluate((el) => {
    const scroller = el.parentElement!.closest('[class*="ScrollContainer"]') ?? el.parentElement!;
    const cut = (node: Element) => node.scrollWidth > node.clientWidth + 1;
    return {
      overflow: scroller.scrollWidth - scroller.clientWidth,
      right: el.getBoundingClientRect().right,
      viewport: window.innerWidth,
      cutTags: [...el.querySelectorAll('tbody [data-status-tag] .mantine-Badge-label')].filter(cut).map((n) => n.textContent),
    };
  });
  expect(layout.viewport).toBe(1280);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.right).toBeLessThanOrEqual(layout.viewport);
  expect(layout.cutTags).toEqual([]);
  // The created time is whole on one line in every row.
  const created = table.locator('tbody tr[data-ticket-id] td:last-child');
  for (const text of await created.allInnerTexts()) expect(text.trim()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
}

test('team orders fit a 1280 px screen', async ({ leadPage: page }) => {
  await page.goto('/#/team-management/orders');
  await expectFits(page, '团队工单');
});

test('my tickets fit a 1280 px screen', async ({ designerPage: page }) => {
  await page.goto('/#/order-management/index');
  await expectFits(page, '工单列表');
});
