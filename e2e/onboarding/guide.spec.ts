import { expect, test } from '../fixtures';

/**
 * Onboarding from a freshly registered account: every step of /guide through the UI, one
 * validation error corrected on the way, a reload in the middle resuming at the same step, and the
 * workbench at the end. The orientation answers are the server's (server/src/modules/onboarding/orientation.ts).
 */
test.describe('onboarding guide', () => {
  test('a new account completes every step, resumes after a reload and lands on /home', async ({ newUserPage: page }) => {
    test.slow();
    const stepHeading = (n: number, label: string) => page.getByRole('heading', { name: `第${n}步 · ${label}` });
    const submit = page.getByRole('button', { name: '保存并继续', exact: true });

    await page.goto('/#/guide');
    await expect(page).toHaveURL(/#\/guide/);

    // Step 1 · 基本信息: an invalid email first, then the corrected one.
    await expect(stepHeading(1, '基本信息')).toBeVisible();
    const basic = page.getByRole('form', { name: '基本信息' });
    await basic.getByRole('textbox', { name: '真实姓名', exact: true }).fill('张三');
    await basic.getByRole('radio', { name: '女', exact: true }).check();
    await basic.getByRole('textbox', { name: '所在城市', exact: true }).fill('杭州');
    const email = basic.getByRole('textbox', { name: '邮箱', exact: true });
    await email.fill('abc');
    await basic.getByRole('textbox', { name: '微信号', exact: true }).fill('zhangsan_wx');
    await submit.click();
    await expect(basic.getByText('邮箱格式不正确')).toBeVisible();
    await expect(stepHeading(1, '基本信息')).toBeVisible();
    await email.fill('zhangsan@example.com');
    await submit.click();

    // Step 2 · 工作情况.
    await expect(stepHeading(2, '工作情况')).toBeVisible();
    await expect(page.getByText('邮箱格式不正确')).toHaveCount(0);
    const work = page.getByRole('form', { name: '工作情况' });
    await work.getByRole('combobox', { name: '工作目的', exact: true }).click();
    await page.getByRole('option', { name: '兼职增收', exact: true }).click();
    await work.getByRole('textbox', { name: '当前职业', exact: true }).fill('平面设计师');
    await work.getByRole('textbox', { name: '可接单时间', exact: true }).fill('工作日 19:00-23:00');
    await submit.click();

    // Step 3's UI means the server saved step 2: a reload resumes there.
    await expect(stepHeading(3, '技能标签')).toBeVisible();
    await page.reload();
    await expect(stepHeading(3, '技能标签')).toBeVisible();
    await expect(page.getByText('已完成 2/5 步')).toBeVisible();

    // Step 3 · 技能标签.
    const skills = page.getByRole('form', { name: '技能标签' });
    // Mantine chips hide their checkbox visually: click the chip's label, then check the state.
    for (const [group, tag] of [
      ['擅长领域', '海报设计'],
      ['常用软件', 'Photoshop'],
    ] as const) {
      const chips = skills.getByRole('group', { name: group, exact: true });
      await chips.getByText(tag, { exact: true }).click();
      await expect(chips.getByRole('checkbox', { name: tag, exact: true })).toBeChecked();
    }
    await submit.click();

    // Step 4 · 收款信息 (the account name is pre-filled with the real name).
    await expect(stepHeading(4, '收款信息')).toBeVisible();
    const bank = page.getByRole('form', { name: '收款信息' });
    await expect(bank.getByRole('textbox', { name: '开户人姓名', exact: true })).toHaveValue('张三');
    await bank.getByRole('textbox', { name: '开户银行', exact: true }).fill('招商银行');
    await bank.getByRole('textbox', { name: '银行卡号', exact: true }).fill('6225880123456789');
    await submit.click();

    // Step 5 · 平台须知: the right answers.
    await expect(stepHeading(5, '平台须知')).toBeVisible();
    const orientation = page.getByRole('form', { name: '平台须知' });
    await orientation.getByRole('radio', { name: '工单显示的设计时限内', exact: true }).check();
    await orientation.getByRole('radio', { name: '在7天内通过申诉工单发起申诉', exact: true }).check();
    await orientation.getByRole('radio', { name: '仅用于当前工单的设计', exact: true }).check();
    await orientation.getByRole('button', { name: '提交答案', exact: true }).click();

    // Step 6 · 完成.
    await expect(stepHeading(6, '完成')).toBeVisible();
    await page.getByRole('button', { name: '进入工作台', exact: true }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('greeting')).toBeVisible();
  });
});
