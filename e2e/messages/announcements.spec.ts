import { authHeaders, expect, okData, test } from '../fixtures';

test('a lead corrects a published announcement, then withdraws it; designers no longer see it', async ({ api, leadPage: page, demoSession }) => {
  const lead = await demoSession('lead');
  const designer = await demoSession('designer');
  const title = `排期提醒 ${Date.now()}`;
  const { announcement_id: id } = await okData<{ announcement_id: number }>(
    await api.post('/api/messages/announcements', { headers: authHeaders(lead.token), data: { title, body: '请周四前确认。', scope: 4, product_ids: [] } }),
  );

  await page.goto(`/#/message-center/announcement?id=${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑公告' });
  await dialog.getByLabel('标题').fill(`${title}（更正）`);
  await dialog.getByLabel('内容').fill('请周五前确认。');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${title}（更正）` })).toBeVisible();
  await expect(page.getByText('请周五前确认。')).toBeVisible();
  await expect(page.getByText(/修改于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();

  // Withdrawing is asked first, then the page goes back to the message centre.
  await page.getByRole('button', { name: '撤回' }).click();
  const confirm = page.getByRole('dialog', { name: '撤回公告' });
  await expect(confirm).toContainText(`${title}（更正）`);
  await confirm.getByRole('button', { name: '确定撤回' }).click();
  await expect(page).toHaveURL(/#\/message-center\/index/);

  const seen = await okData<{ items: { announcement_id: number }[] }>(await api.get('/api/messages/announcements?pageSize=100', { headers: authHeaders(designer.token) }));
  expect(seen.items.map((a) => a.announcement_id)).not.toContain(id);
  expect((await api.get(`/api/messages/announcements/${id}`, { headers: authHeaders(designer.token) })).status()).toBe(404);
});

test('a designer sees no edit or withdraw on an announcement', async ({ designerPage: page, api, demoSession }) => {
  const designer = await demoSession('designer');
  const list = await okData<{ items: { announcement_id: number; title: string }[] }>(await api.get('/api/messages/announcements?pageSize=1', { headers: authHeaders(designer.token) }));
  const first = list.items[0]!;
  await page.goto(`/#/message-center/announcement?id=${first.announcement_id}`);
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '撤回' })).toHaveCount(0);
});
