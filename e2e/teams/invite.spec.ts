import { authHeaders, expect, okData, test } from '../fixtures';

test('a lead creates an invite link and a new designer joins through it', async ({ leadPage, newUserPage, newUser, api }) => {
  await leadPage.goto('/#/home');
  await leadPage.getByRole('button', { name: '团队邀请与大屏' }).click();
  const dialog = leadPage.getByRole('dialog', { name: '团队邀请与大屏' });
  await dialog.getByLabel('可用次数').fill('3');
  await dialog.getByRole('button', { name: '生成邀请链接' }).click();
  const created = dialog.getByTestId('created-invite');
  await expect(created).toContainText('/#/team-invite?code=');
  const link = (await created.textContent())!.match(/https?:\/\/\S+?code=[A-Za-z0-9_%-]+/)![0];

  await newUserPage.goto(link);
  await expect(newUserPage.getByText('星河设计一组')).toBeVisible();
  await newUserPage.getByRole('button', { name: '加入团队' }).click();
  await newUserPage.getByRole('dialog', { name: '加入团队' }).getByRole('button', { name: '确定加入' }).click();
  await expect(newUserPage.getByText('加入成功')).toBeVisible();
  await expect(newUserPage.getByRole('link', { name: '返回首页' })).toBeVisible();

  const profile = await okData<{ team_name: string | null }>(await api.get('/api/user/profile', { headers: authHeaders(newUser.token) }));
  expect(profile.team_name).toBe('星河设计一组');

  // The lead's list shows the join.
  await leadPage.reload();
  await leadPage.getByRole('button', { name: '团队邀请与大屏' }).click();
  // This run's link (earlier runs left theirs in the list), by the start of its code.
  const code = decodeURIComponent(new URL(link.replace('/#/', '/')).searchParams.get('code')!);
  const row = leadPage.getByRole('dialog', { name: '团队邀请与大屏' }).getByRole('row').filter({ hasText: code.slice(0, 8) });
  await expect(row).toContainText('1/3');
});

test('a visitor without a session is sent to log in, and registering carries the invite', async ({ page, demoSession, api }) => {
  const lead = await demoSession('lead');
  const invite = await okData<{ code: string }>(await api.post('/api/teams/invites', { headers: authHeaders(lead.token), data: { expires_in_hours: 1, max_uses: 1 } }));
  await page.goto(`/#/team-invite?code=${invite.code}`);
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  const register = page.getByRole('link', { name: '注册账号' });
  await expect(register).toHaveAttribute('href', `#/register?invite=${invite.code}`);
  await register.click();
  await expect(page.getByLabel(/邀请码/)).toHaveValue(invite.code);
});

test('a member who opens their own team’s link is told so and not offered to join', async ({ designerPage, demoSession, api }) => {
  const lead = await demoSession('lead');
  const invite = await okData<{ code: string }>(await api.post('/api/teams/invites', { headers: authHeaders(lead.token), data: { expires_in_hours: 1, max_uses: 1 } }));
  await designerPage.goto(`/#/team-invite?code=${invite.code}`);
  await expect(designerPage.getByText('你已是该团队成员')).toBeVisible();
  await expect(designerPage.getByRole('button', { name: '加入团队' })).toHaveCount(0);
  await expect(designerPage.getByRole('link', { name: '返回首页' })).toBeVisible();
});
