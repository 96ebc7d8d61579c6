import { expect, test } from '../fixtures';

test.describe('navigation tabs', () => {
  test('home is a pinned first tab that cannot be closed', async ({ designerPage: page }) => {
    await page.goto('/#/home');
    const tabs = page.getByRole('tablist', { name: '已打开的页面' });
    await expect(tabs.getByRole('tab').first()).toHaveText('首页');
    await expect(page.getByTestId('close-tab-/home')).toHaveCount(0);
    await tabs.getByRole('tab', { name: '首页' }).press('Delete');
    await expect(tabs.getByRole('tab', { name: '首页' })).toBeVisible();
  });

  test('a tab closes with its close button or the Delete key, moving to a neighbour', async ({ designerPage: page }) => {
    const tabs = page.getByRole('tablist', { name: '已打开的页面' });
    await page.goto('/#/message-center/index');
    await expect(tabs.getByRole('tab', { name: '消息中心' })).toBeVisible();
    await page.goto('/#/system/account');
    await expect(tabs.getByRole('tab', { name: '个人中心' })).toBeVisible();
    await tabs.getByRole('tab', { name: '个人中心' }).press('Delete');
    await expect(tabs.getByRole('tab', { name: '个人中心' })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/message-center\/index$/);
    await page.getByTestId('close-tab-/message-center/index').click();
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('a tab keeps its page state when you come back to it', async ({ designerPage: page }) => {
    await page.goto('/#/message-center/index');
    const tabs = page.getByRole('tablist', { name: '已打开的页面' });
    await expect(tabs.getByRole('tab', { name: '消息中心' })).toBeVisible();
    // Change the page's own state: switch the read filter to 全部.
    await page.getByText('全部', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '全部' })).toBeChecked();
    await tabs.getByRole('tab', { name: '首页' }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await tabs.getByRole('tab', { name: '消息中心' }).click();
    await expect(page.getByRole('radio', { name: '全部' })).toBeChecked();
  });

  test('closing tabs keeps the affixed home tab', async ({ designerPage: page }) => {
    const tabs = page.getByRole('tablist', { name: '已打开的页面' });
    await page.goto('/#/message-center/index');
    await expect(tabs.getByRole('tab', { name: '消息中心' })).toBeVisible();
    await page.goto('/#/system/account');
    await expect(tabs.getByRole('tab', { name: '个人中心' })).toBeVisible();
    await expect(tabs.getByRole('tab')).toHaveCount(3);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(tabs.getByRole('tab').first()).toHaveText('首页');
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('a pinned tab has no close button and stays through 关闭全部 until unpinned', async ({ designerPage: page }) => {
    const tabs = page.getByRole('tablist', { name: '已打开的页面' });
    await page.goto('/#/message-center/index');
    await expect(tabs.getByRole('tab', { name: '消息中心' })).toBeVisible();
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '固定当前标签' }).click();
    const pinned = tabs.getByRole('tab', { name: /消息中心/ });
    await expect(pinned).toHaveAttribute('data-pinned', 'true');
    await expect(pinned).toHaveAccessibleName(/^消息中心\s*（已固定）$/);
    await expect(page.getByTestId('close-tab-/message-center/index')).toHaveCount(0);
    await pinned.press('Delete');
    await expect(pinned).toBeVisible();

    for (const [path, title] of [
      ['/order-management/deduction', '扣款工单'],
      ['/system/account', '个人中心'],
    ] as const) {
      await page.goto(`/#${path}`);
      await expect(tabs.getByRole('tab', { name: title })).toBeVisible();
    }
    await expect(tabs.getByRole('tab')).toHaveCount(4);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(tabs.getByRole('tab')).toHaveCount(2);
    await expect(pinned).toBeVisible();

    // Unpinned, it closes like any other.
    await pinned.click();
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '取消固定当前标签' }).click();
    await expect(page.getByTestId('close-tab-/message-center/index')).toBeVisible();
    await pinned.press('Delete');
    await expect(tabs.getByRole('tab')).toHaveCount(1);
  });
});
