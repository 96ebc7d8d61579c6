import { DEMO, expect, randomPhone, readSmsCode, test } from '../fixtures';

test('a new phone number registers with an SMS code and is taken to onboarding', async ({ page, api }) => {
  const phone = randomPhone();
  await page.goto('/#/register');
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重试/ })).toBeVisible();
  const code = await readSmsCode(api, phone);
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(DEMO.newUserPassword);
  await page.getByRole('textbox', { name: '确认密码', exact: true }).fill(DEMO.newUserPassword);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /注册/ }).click();
  await expect(page).toHaveURL(/#\/guide/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});
