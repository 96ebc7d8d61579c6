import type { Page } from '@playwright/test';
import { authHeaders, expect, login, okData, signedInPage, test } from '../fixtures';
import { MESSAGE_TYPE } from '../../src/shared/contract';

async function unreadCount(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/messages/messages/unread', { headers: authHeaders(token) });
  return (await okData<{ total: number }>(res)).total;
}

async function waitForRealtime(page: Page) {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
}

// The bell in the top bar (the home's shortcuts have a 消息中心 button too).
const badge = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^消息中心/ });

const badgeName = (unread: number) => (unread ? `消息中心，${unread}条未读` : '消息中心');

/**
 * The badge shows the server's unread count. The demo designer also receives (and, in the "mark
 * all read" test, reads) the messages of tests running alongside, so the expected number is read
 * from the server on each try, never compared with an earlier count.
 */
async function expectBadgeInSync(page: Page, token: string) {
  await expect(async () => {
    const unread = await unreadCount(page, token);
    await expect(badge(page)).toHaveAccessibleName(badgeName(unread), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('real-time messages', () => {
  test('an announcement published by the lead reaches the designer live: notification, badge, list, click', async ({
    leadPage,
    designerPage,
    demoSession,
  }) => {
    // Two signed-in browsers, a publish and four badge checks: every step passed, but the whole ran
    // past the default 30 s on two loaded CI cores.
    test.slow();
    const designer = await demoSession('designer');
    await designerPage.goto('/#/message-center/index');
    await waitForRealtime(designerPage);
    await expectBadgeInSync(designerPage, designer.token);

    const title = `系统维护通知 ${Date.now()}`;
    await leadPage.goto('/#/message-center/index');
    await leadPage.getByRole('tab', { name: '公告' }).click();
    await leadPage.getByRole('button', { name: '发布公告' }).click();
    const dialog = leadPage.getByRole('dialog', { name: '发布公告' });
    await dialog.getByRole('textbox', { name: '标题' }).fill(title);
    await dialog.getByRole('textbox', { name: '内容' }).fill('今晚 22:00 起维护一小时。\n\n- 请提前保存稿件');
    await dialog.getByRole('button', { name: '发布' }).click();
    await expect(leadPage.getByText(/公告已发布，送达\d+人/)).toBeVisible();

    // The designer's screen updates by itself: notification, badge and list.
    const notification = designerPage.getByRole('alert').filter({ hasText: `新公告：${title}` });
    await expect(notification).toBeVisible();
    await expect(notification).toContainText('公告');
    // Its message is in the designer's inbox on the server and the badge shows the server's count.
    // Not "more unread than before": the suite's "mark all read" test may run alongside and empty
    // the designer's unread count at any moment.
    await expect
      .poll(async () => {
        const list = await okData<{ items: { ext_json: { title: string } }[] }>(
          await designerPage.request.get('/api/messages/messages?page=1&pageSize=100', { headers: authHeaders(designer.token) }),
        );
        return list.items.some((m) => m.ext_json.title === `新公告：${title}`);
      })
      .toBe(true);
    await expectBadgeInSync(designerPage, designer.token);
    await expect(designerPage.getByRole('table', { name: '消息列表' }).getByText(`新公告：${title}`)).toBeVisible();

    // Clicking the notification opens the announcement, which marks it read.
    await notification.getByText(`新公告：${title}`).click();
    await expect(designerPage).toHaveURL(/#\/message-center\/announcement\?id=\d+/);
    await expect(designerPage.getByRole('heading', { name: title })).toBeVisible();
    // The announcement is read now: the badge follows the server's count.
    await expectBadgeInSync(designerPage, designer.token);
  });

  test('a ticket message from the lead notifies only its designer, with the type’s name and text', async ({
    api,
    designerPage,
    partTimePage,
    demoSession,
  }) => {
    const lead = await demoSession('lead');
    const designer = await demoSession('designer');
    const profile = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    await designerPage.goto('/#/home');
    await partTimePage.goto('/#/home');
    await waitForRealtime(designerPage);
    await waitForRealtime(partTimePage);

    const text = `工单 T${Date.now()} 已指派给你，请尽快处理`;
    await okData(await api.post('/api/demo/emit-message', { headers: authHeaders(lead.token), data: { designer_id: profile.designer_id, message_type: 25, title: text } }));

    const notification = designerPage.getByRole('alert').filter({ hasText: text });
    await expect(notification).toBeVisible();
    await expect(notification).toContainText('手动派单');
    // The badge shows the server's count (not "more than before": see the announcement test above).
    await expectBadgeInSync(designerPage, designer.token);
    // Nobody else is told.
    await expect(partTimePage.getByText(text)).toHaveCount(0);
    // A ticket notification opens My tickets (spec §2).
    await notification.getByText(text).click();
    await expect(designerPage).toHaveURL(/#\/order-management\/index\?ticket=\d+/);
    await expect(designerPage.getByRole('table', { name: '工单列表' })).toBeVisible();
    // The notification names the designer's ticket, whose detail opens.
    await expect(designerPage.getByRole('dialog')).toBeVisible();
  });

  test('marking messages read updates the list and the badge', async ({ api, designerPage, demoSession }) => {
    const lead = await demoSession('lead');
    const designer = await demoSession('designer');
    const profile = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    // Two unread messages of this test's own. A live deployment keeps sending the designer others
    // (the demo's order simulator, other suites), so the checks name these two and compare the
    // badge with the server's count at that moment, never with a count taken earlier.
    const titles = [`催稿 M${Date.now()}`, `订单标记异常 M${Date.now()}`];
    for (const [i, type] of [MESSAGE_TYPE.DRAFT_URGED, MESSAGE_TYPE.MARKED_ABNORMAL].entries()) {
      await okData(await api.post('/api/demo/emit-message', { headers: authHeaders(lead.token), data: { designer_id: profile.designer_id, message_type: type, title: titles[i] } }));
    }
    const isRead = async (title: string) => {
      const list = await okData<{ items: { is_read: number; ext_json: { title: string } }[] }>(
        await api.get('/api/messages/messages?page=1&pageSize=100', { headers: authHeaders(designer.token) }),
      );
      return list.items.find((m) => m.ext_json.title === title)?.is_read;
    };
    await designerPage.goto('/#/message-center/index');
    const table = designerPage.getByRole('table', { name: '消息列表' });
    await expectBadgeInSync(designerPage, designer.token);
    await table.locator('tbody tr').filter({ hasText: titles[0] }).getByRole('button', { name: '标为已读' }).click();
    // That one is read on the server, the other is not, and the badge follows the server.
    await expect.poll(() => isRead(titles[0]!)).toBe(1);
    expect(await isRead(titles[1]!)).toBe(0);
    await expectBadgeInSync(designerPage, designer.token);
    await designerPage.getByRole('button', { name: '全部标为已读' }).click();
    await expect.poll(() => isRead(titles[1]!)).toBe(1);
    await expect(table.locator('tbody tr').filter({ hasText: titles[1] }).getByRole('button', { name: '标为已读' })).toHaveCount(0);
    await expectBadgeInSync(designerPage, designer.token);
  });

  test('a token revoked on the server ends reconnecting with the expired-token prompt', async ({ api, browser, baseURL, runAccount }) => {
    // A session of the worker's own account: revoking it must not end the demo sessions others use.
    const session = await login(api, runAccount.phone, runAccount.password);
    const page = await signedInPage(browser, baseURL!, session);
    let sockets = 0;
    page.on('websocket', (ws) => {
      if (ws.url().endsWith('/mqtt')) sockets++;
    });
    await page.goto('/#/home');
    await waitForRealtime(page);
    const opened = sockets;
    await okData(await api.post('/api/user/logout', { headers: authHeaders(session.token) }));

    await expect(page.getByText('token失效')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/#\/login/);
    // Said once (spec §8), not once by the closed connection and again by the 401.
    await expect(page.getByText('token失效')).toHaveCount(1);
    await expect(page.getByText('登录状态已失效')).toHaveCount(0);
    // Reconnecting has stopped: no new broker connection over two reconnect periods.
    await page.waitForTimeout(11_000);
    expect(sockets).toBe(opened);
    await page.context().close();
  });
});

test.describe('desktop notifications', () => {
  test('the question comes with the first live message, small beside the bell, and only once', async ({ api, browser, baseURL, demoSession }) => {
    const lead = await demoSession('lead');
    const session = await demoSession('designer');
    const profile = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(session.token) }));
    const page = await signedInPage(browser, baseURL!, session, { desktopNotificationQuestion: true });
    // This page has not been asked yet (the fixtures' pages count as asked). Headless Chromium's own
    // answer varies by version; a person's browser has not decided yet. The browser's permission
    // dialog cannot be driven, so its answer is recorded instead.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
      Notification.requestPermission = async () => {
        (window as unknown as { asked?: boolean }).asked = true;
        return 'default';
      };
    });
    const question = page.getByRole('dialog', { name: '开启桌面通知？' });
    const emit = async (title: string) =>
      okData(await api.post('/api/demo/emit-message', { headers: authHeaders(lead.token), data: { designer_id: profile.designer_id, message_type: MESSAGE_TYPE.MANUALLY_ASSIGNED, title } }));

    await page.goto('/#/home');
    await waitForRealtime(page);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(question).toHaveCount(0);

    await emit(`工单 Q${Date.now()} 已指派给你`);
    await expect(question).toBeVisible();
    const box = await question.boundingBox();
    expect(box!.height).toBeLessThan(160);
    await question.getByRole('button', { name: '开启' }).click();
    await expect(question).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { asked?: boolean }).asked)).toBe(true);

    // Asked once: a later message in a new page load does not ask again.
    await page.reload();
    await waitForRealtime(page);
    const later = `工单 R${Date.now()} 已指派给你`;
    await emit(later);
    await expect(page.getByRole('alert').filter({ hasText: later })).toBeVisible();
    await expect(question).toHaveCount(0);
    await page.context().close();
  });
});
