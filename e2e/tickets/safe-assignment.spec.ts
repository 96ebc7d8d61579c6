import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, finishOnboarding, INTEGRATION_API_KEY, okData, registerNewUser, test } from '../fixtures';

/**
 * Safe assignment (issue #24): a lead bulk-assigns past a designer's capacity. The test makes its
 * own designer (registered, onboarded, joined through an invite) with room for one ticket today, so
 * no other test's designer changes and it runs again on the same deployment.
 */

interface TicketItem {
  ticket_id: number;
  order_no: string;
  designer_id: string | null;
}

const tag = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** An unassigned ticket of the demo team (product 彩盒: nobody online is qualified). */
async function poolTicket(api: APIRequestContext, title: string): Promise<TicketItem> {
  const data = await okData<{ ticket: TicketItem }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { order_no: tag('E2ES'), shop_id: 2, product_id: 3, team_id: 1, title, requirements: '安全指派 e2e', allowed_minutes: 240, fee_cents: 5600 },
    }),
  );
  expect(data.ticket.designer_id).toBeNull();
  return data.ticket;
}

test('a lead bulk-assigns past a designer’s capacity: warned with the capacity, must tick it, then it lands', async ({ api, leadPage: page, demoSession }) => {
  test.slow();
  const lead = await demoSession('lead');
  // A designer of the lead's team with room for one ticket today.
  const member = await registerNewUser(api);
  await finishOnboarding(api, member.token);
  const invite = await okData<{ code: string }>(await api.post('/api/teams/invites', { headers: authHeaders(lead.token), data: { expires_in_hours: 1, max_uses: 1 } }));
  await okData(await api.post(`/api/teams/invites/${invite.code}/join`, { headers: authHeaders(member.token) }));
  const me = await okData<{ designer_id: string; real_name: string | null; nickname: string | null }>(await api.get('/api/user/profile', { headers: authHeaders(member.token) }));
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const d = new Date(`${today}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
  const created = await api.post('/api/order-plans', { headers: authHeaders(lead.token), data: { week_start: monday } });
  expect([200, 409]).toContain(created.status());
  const plans = await okData<{ items: { plan_id: number; week_start: string }[] }>(await api.get('/api/order-plans', { headers: authHeaders(lead.token), params: { pageSize: 100 } }));
  const plan = plans.items.find((p) => p.week_start === monday)!;
  await okData(await api.put(`/api/order-plans/${plan.plan_id}/cells`, { headers: authHeaders(lead.token), data: { cells: [{ designer_id: me.designer_id, day: today, capacity: 1 }] } }));

  const mark = tag('超限');
  const tickets = [await poolTicket(api, `彩盒设计｜${mark}｜1`), await poolTicket(api, `彩盒设计｜${mark}｜2`)];
  await page.goto(`/#/team-management/orders?keyword=${encodeURIComponent(mark)}`);
  const table = page.getByRole('table', { name: '团队工单' });
  await expect(table.locator('tbody tr[data-ticket-id]')).toHaveCount(2, { timeout: 15_000 });
  await table.getByRole('checkbox', { name: '全选本页工单' }).check();
  await page.getByRole('button', { name: '批量指派' }).click();
  const dialog = page.getByRole('dialog', { name: '批量指派' });
  await dialog.getByRole('combobox', { name: '设计师' }).fill(me.designer_id);
  await page.getByRole('option', { name: new RegExp(me.designer_id) }).click();

  // Two tickets for room for one: the warning names the capacity, and nothing goes until it is ticked.
  const capacity = dialog.getByRole('checkbox', { name: /我已知晓并确认.*超出今日接单上限/ });
  await expect(capacity).toBeVisible();
  const submit = dialog.getByRole('button', { name: /^确认指派给/ });
  await submit.click();
  await expect(dialog.getByText(/请先确认风险：.*超出今日接单上限/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: '处理结果' })).toHaveCount(0);
  for (const t of tickets) expect((await okData<TicketItem>(await api.get(`/api/tickets/${t.ticket_id}`, { headers: authHeaders(lead.token) }))).designer_id).toBeNull();

  for (const box of await dialog.getByRole('checkbox', { name: /我已知晓并确认/ }).all()) await box.check();
  await submit.click();
  await expect(dialog.getByRole('status')).toHaveText('已指派 2 张');
  await dialog.getByRole('button', { name: '完成' }).click();

  for (const t of tickets) {
    const detail = await okData<TicketItem>(await api.get(`/api/tickets/${t.ticket_id}`, { headers: authHeaders(lead.token) }));
    expect(detail.designer_id).toBe(me.designer_id);
  }
  // The timeline says what the lead confirmed.
  await table.locator(`tr[data-ticket-id="${tickets[0]!.ticket_id}"]`).getByText(tickets[0]!.order_no).click();
  await expect(page.getByRole('dialog', { name: `工单 ${tickets[0]!.order_no}` })).toContainText(/负责人已确认风险：.*超出今日接单上限/);
});

test('a lead reads the team’s allocation rules, changes the strategy and saves it', async ({ api, leadPage: page, demoSession }) => {
  const lead = await demoSession('lead');
  interface Rules {
    strategy: string;
    skill_by_product: boolean;
    capacity_from_plan: boolean;
  }
  const before = await okData<Rules>(await api.get('/api/team/allocation-rules', { headers: authHeaders(lead.token) }));
  const other = before.strategy === 'round_robin' ? { label: '最少接单优先', value: 'least_loaded' } : { label: '轮流派单', value: 'round_robin' };
  try {
    await page.goto('/#/team-management/designers?tab=rules');
    const form = page.getByRole('form', { name: '分配规则' });
    await expect(form.getByRole('switch', { name: '按产品资质派单' })).toBeVisible();
    const save = form.getByRole('button', { name: '保存规则' });
    await expect(save).toBeDisabled();
    await form.getByRole('radio', { name: other.label }).check();
    await save.click();
    await expect(page.getByText('分配规则已保存，下一张新工单起生效')).toBeVisible();
    await expect(form.getByText(/上次修改：/)).toBeVisible();
    expect((await okData<Rules>(await api.get('/api/team/allocation-rules', { headers: authHeaders(lead.token) }))).strategy).toBe(other.value);
  } finally {
    // Other suites' system assignments run on this team: its rules go back as they were.
    await okData(
      await api.put('/api/team/allocation-rules', {
        headers: authHeaders(lead.token),
        data: { strategy: before.strategy, skill_by_product: before.skill_by_product, capacity_from_plan: before.capacity_from_plan },
      }),
    );
  }
});
