import { authHeaders, expect, okData, randomPhone, readSmsCode, test } from '../fixtures';

/**
 * A candidate without an account takes a public exam (a recruitment test): verifies a phone by SMS
 * code, answers, reloads and finds the answer in place, submits and reads the result. The exam is
 * the test's own, made public through the lead's API.
 */
test('a candidate takes a public exam without an account', async ({ api, demoSession, page }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const headers = authHeaders((await demoSession('lead')).token);
  const exam = await okData<{ exam_id: number }>(
    await api.post('/api/study/manage/exams', {
      headers,
      data: { title: `E2E招聘笔试${tag}`, description: '公开考试', pass_mark: 50, time_limit_minutes: 15, attempts_allowed: 1, is_public: true, review_enabled: true },
    }),
  );
  const questions = [
    { kind: 'single', stem: `常用印刷色彩模式${tag}`, options: ['RGB', 'CMYK'], answer: 'B', points: 10, explanation: '印刷使用CMYK' },
    { kind: 'true_false', stem: `出血是为了裁切误差${tag}`, answer: true, points: 10, explanation: '裁切有误差' },
  ];
  await okData(await api.post(`/api/study/manage/exams/${exam.exam_id}/questions`, { headers, data: { questions } }));
  await okData(await api.post(`/api/study/manage/exams/${exam.exam_id}/publish`, { headers }));

  await page.goto(`/#/online-exam?id=${exam.exam_id}`);
  await expect(page.getByRole('heading', { name: `E2E招聘笔试${tag}` })).toBeVisible();
  const form = page.getByRole('form', { name: '验证手机号' });
  const phone = randomPhone();
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await form.getByLabel('验证码').fill(await readSmsCode(api, phone));
  await form.getByRole('button', { name: '验证并进入考试' }).click();

  const take = page.getByRole('region', { name: '参加考试' });
  await expect(take).toContainText(`已验证手机号 ${phone.slice(0, 3)}`);
  await take.getByRole('button', { name: '开始考试' }).click();

  const q1 = page.getByRole('region', { name: '第1题' });
  await q1.getByRole('radio', { name: 'B. CMYK' }).check();
  await expect(q1.getByText('已保存')).toBeVisible();

  // The credential stays with the tab: a reload resumes the attempt with the answer in place.
  await page.reload();
  await expect(q1.getByRole('radio', { name: 'B. CMYK' })).toBeChecked();

  await page.getByRole('button', { name: '交卷' }).first().click();
  const confirm = page.getByRole('dialog', { name: '确认交卷' });
  await expect(confirm).toContainText('第2题');
  await confirm.getByRole('button', { name: '确认交卷' }).click();
  await expect(page.getByTestId('exam-score')).toContainText('10');
  await expect(page.getByTestId('exam-passed')).toHaveText('已通过');
  await expect(page.getByRole('region', { name: '答案解析' })).toContainText('印刷使用CMYK');
});

test('an exam that is not public asks a visitor to log in', async ({ api, demoSession, page }) => {
  const designer = await demoSession('designer');
  const exams = await okData<{ exam_id: number; is_public: boolean }[]>(await api.get('/api/study/exams', { headers: authHeaders(designer.token) }));
  const closed = exams.find((e) => !e.is_public);
  test.skip(!closed, 'no exam that is not public on this deployment');
  await page.goto(`/#/online-exam?id=${closed!.exam_id}`);
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fonline-exam%3Fid%3D\d+$/);
});
