import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, okData, test } from '../fixtures';

/**
 * A designer takes a timed exam: answers are saved as given and come back after a reload, the
 * countdown runs to the server's deadline, the submit lists the unanswered question, and the result
 * shows the score and the review with the right answers and explanations. The exam is the test's
 * own (made through the lead's API), so other runs' data does not matter.
 */

interface ExamManage {
  exam_id: number;
  questions: { question_id: number; stem: string }[];
}

async function createExam(api: APIRequestContext, token: string, tag: string, minutes = 10): Promise<ExamManage> {
  const headers = authHeaders(token);
  const exam = await okData<ExamManage>(
    await api.post('/api/study/manage/exams', {
      headers,
      data: { title: `E2E限时考试${tag}`, description: '端到端测试用', pass_mark: 60, time_limit_minutes: minutes, attempts_allowed: 0, review_enabled: true },
    }),
  );
  const questions = [
    { kind: 'single', stem: `出血一般留多少${tag}`, options: ['1mm', '3mm', '10mm'], answer: 'B', points: 10, explanation: '每边留3mm出血' },
    { kind: 'multiple', stem: `印刷常用的色彩模式和专色${tag}`, options: ['CMYK', 'RGB', 'Pantone专色'], answer: ['A', 'C'], points: 10, explanation: '印刷不用RGB' },
    { kind: 'true_false', stem: `黑色文字使用单色黑${tag}`, answer: true, points: 10, explanation: '避免套印不准' },
    { kind: 'fill', stem: `印刷图片分辨率至少多少dpi${tag}`, answer: ['300', '300dpi'], points: 10, explanation: '至少300dpi' },
  ];
  await okData(await api.post(`/api/study/manage/exams/${exam.exam_id}/questions`, { headers, data: { questions } }));
  return okData<ExamManage>(await api.post(`/api/study/manage/exams/${exam.exam_id}/publish`, { headers }));
}

test('a designer takes a timed exam, reloads mid-way with the answers in place, submits and reads the review', async ({ api, demoSession, designerPage: page }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const exam = await createExam(api, (await demoSession('lead')).token, tag);

  await page.goto(`/#/online-exam?id=${exam.exam_id}`);
  const rules = page.getByRole('region', { name: '考试说明' });
  await expect(rules.getByRole('heading', { name: `E2E限时考试${tag}` })).toBeVisible();
  await expect(rules).toContainText('10分钟');
  await expect(rules).toContainText('60%');
  await rules.getByRole('button', { name: '开始考试' }).click();
  const startDialog = page.getByRole('dialog', { name: '开始考试' });
  await startDialog.getByRole('button', { name: '开始考试' }).click();

  const q = (n: number) => page.getByRole('region', { name: `第${n}题` });
  await expect(q(1)).toContainText(`出血一般留多少${tag}`);
  // The countdown runs from the server's deadline: at most 10 minutes, and it moves.
  const countdown = page.getByTestId('exam-countdown');
  await expect(countdown).toHaveText(/^(0\d|10):\d\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);

  await q(1).getByRole('radio', { name: 'B. 3mm' }).check();
  await expect(q(1).getByText('已保存')).toBeVisible();
  await q(2).getByRole('checkbox', { name: 'A. CMYK' }).check();
  await q(2).getByRole('checkbox', { name: 'B. RGB' }).check();
  await expect(q(2).getByText('已保存')).toBeVisible();
  await q(4).getByRole('textbox', { name: '第4题答案' }).fill('300');
  await expect(q(4).getByText('已保存')).toBeVisible();

  // A reload resumes the same attempt with every saved answer in place.
  await page.reload();
  await expect(q(1).getByRole('radio', { name: 'B. 3mm' })).toBeChecked();
  await expect(q(2).getByRole('checkbox', { name: 'A. CMYK' })).toBeChecked();
  await expect(q(2).getByRole('checkbox', { name: 'B. RGB' })).toBeChecked();
  await expect(q(2).getByRole('checkbox', { name: 'C. Pantone专色' })).not.toBeChecked();
  await expect(q(4).getByRole('textbox', { name: '第4题答案' })).toHaveValue('300');
  await expect(page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: '第3题，未作答' })).toBeVisible();

  // Change an answer after the reload: the newest one is what counts.
  await q(2).getByRole('checkbox', { name: 'B. RGB' }).uncheck();
  await q(2).getByRole('checkbox', { name: 'C. Pantone专色' }).check();
  await expect(q(2).getByText('已保存')).toBeVisible();

  await page.getByRole('button', { name: '交卷' }).first().click();
  const confirm = page.getByRole('dialog', { name: '确认交卷' });
  await expect(confirm).toContainText('还有1题未作答');
  await expect(confirm).toContainText('第3题');
  await confirm.getByRole('button', { name: '确认交卷' }).click();

  // 30 of 40 points: passed (60%); the review shows each right answer and its explanation.
  await expect(page.getByTestId('exam-score')).toContainText('30');
  await expect(page.getByTestId('exam-passed')).toHaveText('已通过');
  const review = page.getByRole('region', { name: '答案解析' });
  const third = review.locator('[data-review-question]').nth(2);
  await expect(third).toContainText('你的答案：未作答');
  await expect(third).toContainText('正确答案：正确');
  await expect(third).toContainText('避免套印不准');
  await expect(review.locator('[data-review-question]').nth(1)).toContainText('正确答案：A. CMYK、C. Pantone专色');

  // The submitted attempt stays submitted after a reload: the result, not the form.
  await page.reload();
  await expect(page.getByTestId('exam-score')).toContainText('30');
  await expect(page.getByRole('button', { name: '交卷' })).toHaveCount(0);
});

test('an attempt submitted elsewhere cannot be saved any more: the server refuses and the page says so', async ({ api, demoSession, designerPage: page }) => {
  // The attempt is submitted by another tab (here the API) first; this tab's next answer is refused
  // (409) and the refusal reaches the designer. (A save after the deadline, 410, takes the same
  // path; the server's tests cover the deadline itself.)
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const exam = await createExam(api, (await demoSession('lead')).token, tag);
  const designer = await demoSession('designer');
  const attempt = await okData<{ attempt_id: number }>(await api.post(`/api/study/exams/${exam.exam_id}/attempts`, { headers: authHeaders(designer.token) }));

  await page.goto(`/#/online-exam?id=${exam.exam_id}&attempt=${attempt.attempt_id}`);
  const q1 = page.getByRole('region', { name: '第1题' });
  await expect(q1).toBeVisible();
  await okData(await api.post(`/api/study/attempts/${attempt.attempt_id}/submit`, { headers: authHeaders(designer.token) }));
  // click, not check: the refusal replaces the form by the result at once, so the radio may be gone
  // before a check could read it back.
  await q1.getByRole('radio', { name: 'B. 3mm' }).click();
  await expect(page.getByText('答卷已提交，不能再修改或重复提交').first()).toBeVisible();
  // The page reads the attempt again and shows its result.
  await expect(page.getByTestId('exam-score')).toContainText('0');
});

test('the last minute is announced, and at the deadline the server submits what was saved', async ({ api, demoSession, designerPage: page }) => {
  // A one-minute exam: the 1-minute warning at once, the deadline a minute later.
  test.slow();
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const exam = await createExam(api, (await demoSession('lead')).token, tag, 1);

  await page.goto(`/#/online-exam?id=${exam.exam_id}`);
  await page.getByRole('region', { name: '考试说明' }).getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('dialog', { name: '开始考试' }).getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByRole('status').filter({ hasText: '最后1分钟' })).toBeVisible();
  await expect(page.getByText(/距离考试结束还有1分钟/)).toBeVisible();

  const q1 = page.getByRole('region', { name: '第1题' });
  await q1.getByRole('radio', { name: 'B. 3mm' }).check();
  await expect(q1.getByText('已保存')).toBeVisible();

  // Nobody submits: past the deadline the page shows the result the server made with the saved answer.
  await expect(page.getByTestId('exam-score')).toContainText('10', { timeout: 100_000 });
  await expect(page.getByText('考试时间到，已按截止时间自动提交')).toBeVisible();
  await expect(page.getByTestId('exam-passed')).toHaveText('未通过');
});
