import { authHeaders, expect, finishOnboarding, login, okData, test } from '../fixtures';

test.describe('personal centre security', () => {
  test('change the password, then sign in with the new one', async ({ api, newUser, newUserPage: page }) => {
    // Registration, onboarding, two password hashes and a second browser page: 30–33 s on two
    // loaded CI cores, against the default 30 s.
    test.slow();
    await finishOnboarding(api, newUser.token);
    const other = await login(api, newUser.phone, newUser.password);
    await page.goto('/#/system/account');
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel(/^原密码/).fill('Wrong@2026x');
    await dialog.getByLabel(/^新密码/).fill('Newpass@2026');
    await dialog.getByLabel(/^确认新密码/).fill('Newpass@2026');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog.getByText('原密码不正确')).toBeVisible();

    await dialog.getByLabel(/^原密码/).fill(newUser.password);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    // The toast lasts 3 s from the answer: look for it first, then for the closed dialog.
    await expect(page.getByText('密码已修改，其他设备已退出登录').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // This session stays; the other one is over.
    expect((await api.get('/api/user/profile', { headers: authHeaders(newUser.token) })).status()).toBe(200);
    expect((await api.get('/api/user/profile', { headers: authHeaders(other.token) })).status()).toBe(401);

    // Sign in through the login page with the new password.
    const fresh = await page.context().browser()!.newPage();
    await fresh.goto(page.url().replace(/#.*$/, '#/login'));
    await fresh.getByLabel('手机号').fill(newUser.phone);
    await fresh.getByRole('textbox', { name: '密码', exact: true }).fill('Newpass@2026');
    await fresh.getByRole('button', { name: '登录', exact: true }).click();
    await expect(fresh).toHaveURL(/#\/home$/);
    await fresh.close();
  });

  test('退出所有设备 ends every session and goes to the login page', async ({ api, newUser, newUserPage: page }) => {
    await finishOnboarding(api, newUser.token);
    const other = await login(api, newUser.phone, newUser.password);
    await page.goto('/#/system/account');
    await page.getByRole('button', { name: '退出所有设备' }).click();
    const dialog = page.getByRole('dialog', { name: '退出所有设备' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '确定退出所有设备' }).click();
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    for (const token of [newUser.token, other.token]) {
      expect((await api.get('/api/user/profile', { headers: authHeaders(token) })).status()).toBe(401);
    }
  });
});

test.describe('guidance tour', () => {
  test('replays from the personal centre, moves with the keyboard, keeps focus inside and can be skipped', async ({ api, newUser, newUserPage: page }) => {
    await finishOnboarding(api, newUser.token);
    await page.goto('/#/system/account');
    await page.getByRole('button', { name: '重新查看新手引导' }).click();
    const card = page.getByRole('dialog', { name: '欢迎来到设计师工作台' });
    await expect(card).toBeVisible();
    await expect(card.getByText('新手引导 1 / 5')).toBeVisible();
    await card.getByRole('button', { name: '下一步' }).click();
    const menuStep = page.getByRole('dialog', { name: '主菜单' });
    await expect(menuStep).toBeVisible();
    await expect(page.getByTestId('guidance-highlight')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(card).toBeVisible();
    // A modal dialog: Tab and Shift+Tab cycle inside the card, never into the page behind it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(card.locator(':focus')).toHaveCount(1);
    }
    await card.getByRole('button', { name: '跳过' }).click();
    await expect(page.getByTestId('guidance-tour')).toHaveCount(0);
  });

  test('/new-guidance opens home with the tour; Esc skips it', async ({ api, newUser, newUserPage: page }) => {
    await finishOnboarding(api, newUser.token);
    await page.goto('/#/new-guidance');
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByRole('dialog', { name: '欢迎来到设计师工作台' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('guidance-tour')).toHaveCount(0);
  });

  test('/new-guidance without a token is a public page whose sign-in leads back into the tour', async ({ page }) => {
    await page.goto('/#/new-guidance');
    await expect(page.getByRole('heading', { level: 1, name: '新手引导' })).toBeVisible();
    await expect(page).toHaveURL(/#\/new-guidance$/);
    await expect(page.getByRole('list', { name: '开始前的步骤' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('link', { name: '登录后开始引导' }).click();
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  });
});

// A 2 × 1 red PNG: wide, so the square crop has something to cut.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('avatar', () => {
  test('refuses a non-image, previews the crop, uploads and shows it in the header', async ({ api, newUser, newUserPage: page }) => {
    await finishOnboarding(api, newUser.token);
    await page.goto('/#/system/account');
    await expect(page.getByRole('button', { name: '更换头像' })).toBeVisible();
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('仅支持 JPG、PNG、WEBP、GIF 格式的图片')).toBeVisible();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const dialog = page.getByRole('dialog', { name: '预览头像' });
    await expect(dialog.getByTestId('avatar-preview')).toBeVisible();
    await dialog.getByRole('button', { name: '上传并保存' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-tour="user-menu"] img')).toHaveAttribute('src', /\/user\/D\d+\/.+\.png$/);
    const profile = await okData<{ avatar: string }>(await api.get('/api/user/profile', { headers: authHeaders(newUser.token) }));
    expect(profile.avatar).toMatch(/\/user\/D\d+\/.+\.png$/);
  });
});
