import { authHeaders, expect, okData, test } from '../fixtures';

test('the daily panel opens with a lead-issued key and refuses a wrong one', async ({ page, demoSession, api }) => {
  const lead = await demoSession('lead');
  const { key } = await okData<{ key: string }>(await api.post('/api/teams/panel-keys', { headers: authHeaders(lead.token) }));

  await page.goto(`/#/order-daily-panel?key=${encodeURIComponent(key)}`);
  await expect(page.getByRole('heading', { name: /星河设计一组/ })).toBeVisible();
  for (const label of ['今日接单', '进行中', '已完成', '已超时']) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '每小时接单数' })).toBeVisible();

  await page.goto('/#/order-daily-panel?key=Pwrong-key');
  await expect(page.getByText('无法打开数据大屏')).toBeVisible();
  await expect(page.getByText(/大屏密钥无效/)).toBeVisible();
  await expect(page.getByText('今日接单')).toHaveCount(0);
});
