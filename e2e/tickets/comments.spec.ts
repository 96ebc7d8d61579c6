import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/**
 * Issue #24: the conversation on a ticket. A lead comments with an @mention of the ticket's
 * designer; the designer's open page gets the message live, the row's unread badge appears, and
 * the thread in the drawer shows the comment (which reads it: the badge goes).
 */

interface TicketItem {
  ticket_id: number;
  order_no: string;
  designer_id: string | null;
}

async function waitForRealtime(page: Page) {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
}

/** A fresh team ticket the lead assigns to the demo designer (product 3: nobody is qualified, so it waits for the lead). */
async function heldTicket(api: APIRequestContext, leadToken: string, designerId: string): Promise<TicketItem> {
  const no = `CMT${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { ticket } = await okData<{ ticket: TicketItem }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { order_no: no, shop_id: 2, product_id: 3, team_id: 1, title: `手提袋设计｜评论｜${no}`, requirements: '按附件排版', allowed_minutes: 240, fee_cents: 5000 },
    }),
  );
  // Safe assignment: the designer is not qualified for 彩盒 (and may be full or offline); the lead confirms every risk.
  await okData(
    await api.post(`/api/tickets/${ticket.ticket_id}/assign`, {
      headers: authHeaders(leadToken),
      data: { designer_id: designerId, confirm: ['offline', 'over_capacity', 'unqualified'] },
    }),
  );
  return ticket;
}

test.describe('comments on a ticket', () => {
  test('a lead’s comment with an @mention reaches the designer live: notification, unread badge, thread', async ({ api, leadPage, designerPage, demoSession }) => {
    test.slow();
    const lead = await demoSession('lead');
    const designer = await demoSession('designer');
    const me = await okData<{ designer_id: string; real_name: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));
    const ticket = await heldTicket(api, lead.token, me.designer_id);

    // The designer has My tickets open on this ticket's row.
    await designerPage.goto(`/#/order-management/index?keyword=${ticket.order_no}`);
    await waitForRealtime(designerPage);
    const row = designerPage.getByRole('table', { name: '工单列表' }).locator(`tr[data-ticket-id="${ticket.ticket_id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByLabel(/条未读评论$/)).toHaveCount(0);

    // The lead opens the ticket and writes, choosing the designer from the @ suggestions.
    await leadPage.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    const drawer = leadPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    const comments = drawer.getByRole('region', { name: '评论' });
    await expect(comments.getByText('还没有评论')).toBeVisible();
    const box = comments.getByRole('textbox', { name: '评论内容' });
    await box.click();
    await box.pressSequentially(`@${me.real_name.slice(0, 1)}`);
    await leadPage.getByRole('option', { name: new RegExp(me.designer_id) }).click();
    await expect(box).toHaveValue(`@${me.real_name} `);
    await box.pressSequentially('客户要求主色改为深蓝，请今天更新初稿');
    await comments.getByRole('button', { name: '发送' }).click();
    await expect(comments.getByRole('listitem', { name: /的评论$/ })).toContainText('客户要求主色改为深蓝');
    await expect(box).toHaveValue('');
    // The timeline records it, naming whom it mentioned.
    await expect(drawer.getByRole('region', { name: '时间线' })).toContainText(`提及 @${me.real_name}`);

    // The designer's page, untouched: the mention's notification and the row's badge arrive live.
    const notification = designerPage.getByRole('alert').filter({ hasText: `在工单 ${ticket.order_no}的评论中提到了你` });
    await expect(notification).toBeVisible();
    await expect(notification).toContainText('评论提及');
    await expect(row.getByLabel('1条未读评论')).toBeVisible();

    // Opening the ticket shows the thread with the comment and the mention; reading it clears the badge.
    await row.click();
    const designerDrawer = designerPage.getByRole('dialog', { name: `工单 ${ticket.order_no}` });
    const thread = designerDrawer.getByRole('region', { name: '评论' });
    await expect(thread.getByRole('listitem', { name: /的评论$/ })).toContainText(`@${me.real_name} 客户要求主色改为深蓝，请今天更新初稿`);
    await expect(row.getByLabel(/条未读评论$/)).toHaveCount(0);
  });
});
