import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axe } from '../axe';
import { authHeaders, expect, okData, test } from '../fixtures';

/** The demo designer's code and the name the lead's pickers show. */
async function designerIdentity(api: APIRequestContext, leadToken: string, designerToken: string) {
  const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designerToken) }));
  const team = await okData<{ items: { designer_id: string; designer_name: string }[] }>(
    await api.get('/api/team/designers', { params: { page: 1, pageSize: 100 }, headers: authHeaders(leadToken) }),
  );
  const row = team.items.find((d) => d.designer_id === me.designer_id);
  if (!row) throw new Error(`the demo designer ${me.designer_id} is not in the lead's team`);
  return { id: row.designer_id, label: `${row.designer_name}（${row.designer_id}）` };
}

async function seriousViolations(page: Page) {
  const result = await axe(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('study: a lead authors, assigns and follows an exam', () => {
  test('a lead writes an exam by hand, publishes and assigns it; the designer’s submitted result shows in the lead’s results table', async ({
    leadPage,
    designerPage,
    demoSession,
    api,
  }) => {
    test.slow();
    const lead = await demoSession('lead');
    const designer = await demoSession('designer');
    const who = await designerIdentity(api, lead.token, designer.token);
    const title = `印刷工艺测验 ${Date.now()}-${Math.floor(Math.random() * 1000)}`;

    // The 管理 tab: a new exam (a draft) opens for authoring.
    await leadPage.goto('/#/study-exam/index?tab=manage');
    await leadPage.getByRole('tab', { name: '管理' }).click();
    await leadPage.getByRole('button', { name: '新建考试' }).click();
    const settings = leadPage.getByRole('dialog', { name: '新建考试' });
    await settings.getByRole('textbox', { name: '考试名称' }).fill(title);
    await settings.getByRole('textbox', { name: '可考次数' }).fill('0');
    await settings.getByRole('button', { name: '创建' }).click();
    await expect(leadPage.getByText('考试已创建（草稿）')).toBeVisible();
    await expect(leadPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(leadPage.getByText('草稿', { exact: true })).toBeVisible();

    // Two questions by hand: a single choice and a true/false; a missing answer is named first.
    await leadPage.getByRole('button', { name: '添加题目' }).click();
    const editor = leadPage.getByRole('dialog', { name: '添加题目' });
    await editor.getByRole('textbox', { name: '题目' }).fill('印刷品的出血位一般留多少？');
    for (const [key, text] of [['A', '1mm'], ['B', '3mm'], ['C', '5mm'], ['D', '10mm']]) await editor.getByRole('textbox', { name: `选项${key}`, exact: true }).fill(text!);
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await expect(editor.getByText('请选择正确答案')).toBeVisible();
    await editor.getByRole('radio', { name: '选项B为正确答案' }).check();
    await editor.getByRole('textbox', { name: '答案解析' }).fill('常用 3mm 出血。');
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await expect(leadPage.getByText('题目已添加')).toBeVisible();
    await editor.getByText('判断题', { exact: true }).click();
    await editor.getByRole('textbox', { name: '题目' }).fill('RGB 模式的文件可以直接送印。');
    await editor.getByRole('radio', { name: '错误' }).check();
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await expect(leadPage.getByRole('table', { name: '题库' }).getByRole('row')).toHaveCount(3);
    await editor.getByRole('button', { name: '完成' }).click();
    await expect(leadPage.getByText('共 2 题，总分 10 分')).toBeVisible();

    // The preview shows the questions without their answers.
    await leadPage.getByRole('button', { name: '预览' }).click();
    const preview = leadPage.getByRole('dialog', { name: '预览（设计师看到的试卷）' });
    await expect(preview.getByText('1. 【单选题】印刷品的出血位一般留多少？（5分）')).toBeVisible();
    await expect(preview.getByRole('radio', { name: 'B. 3mm' })).not.toBeChecked();
    await expect(preview.getByText('常用 3mm 出血。')).toHaveCount(0);
    await preview.getByRole('button').first().click(); // the modal's close button
    await expect(preview).toHaveCount(0);

    // Publish (asked first), then assign to the demo designer with the default due date.
    await leadPage.getByRole('button', { name: '发布', exact: true }).click();
    await leadPage.getByRole('dialog', { name: '发布考试' }).getByRole('button', { name: '确认发布' }).click();
    await expect(leadPage.getByText('考试已发布')).toBeVisible();
    await leadPage.getByRole('button', { name: '指派', exact: true }).click();
    const assign = leadPage.getByRole('dialog', { name: `指派考试：${title}` });
    await assign.getByPlaceholder('搜索姓名或编号').fill(who.id);
    await leadPage.getByRole('option', { name: who.label }).click();
    await leadPage.keyboard.press('Tab'); // leaving the picker closes its list
    await assign.getByRole('button', { name: '指派', exact: true }).click();
    await expect(leadPage.getByText('已指派1人，已通知1人')).toBeVisible();

    // The results table: the designer is assigned and has not taken it yet.
    await leadPage.getByRole('tab', { name: '成绩' }).click();
    const results = leadPage.getByRole('table', { name: '考试成绩' });
    const row = results.locator(`tr[data-designer="${who.id}"]`);
    await expect(row).toContainText('已指派');
    await expect(row).toContainText('未参加');

    // The designer (a second browser) finds the exam assigned, takes it on the exam page and submits it.
    const exams = await okData<{ exam_id: number; title: string; assignment: { due_at: string } | null }[]>(
      await designerPage.request.get('/api/study/exams', { headers: authHeaders(designer.token) }),
    );
    const mine = exams.find((e) => e.title === title);
    expect(mine?.assignment).not.toBeNull();
    await designerPage.goto(`/#/online-exam?id=${mine!.exam_id}`);
    await designerPage.getByRole('region', { name: '考试说明' }).getByRole('button', { name: '开始考试' }).click();
    await designerPage.getByRole('dialog', { name: '开始考试' }).getByRole('button', { name: '开始考试' }).click();
    const q = (n: number) => designerPage.getByRole('region', { name: `第${n}题` });
    await q(1).getByRole('radio', { name: 'B. 3mm' }).check();
    await expect(q(1).getByText('已保存')).toBeVisible();
    await q(2).getByRole('radio', { name: '错误' }).check();
    await expect(q(2).getByText('已保存')).toBeVisible();
    await designerPage.getByRole('button', { name: '交卷' }).first().click();
    await designerPage.getByRole('dialog', { name: '确认交卷' }).getByRole('button', { name: '确认交卷' }).click();
    await expect(designerPage.getByTestId('exam-passed')).toHaveText('已通过');

    // The lead's table shows it live, without a reload or a click: the submit sends the team's
    // leads message 42 (考试交卷), whose refresh area is the courses and exams.
    await expect(row).toContainText('已通过');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(row.getByRole('cell').nth(4)).toHaveText('10');
    await expect(row.getByRole('cell').nth(5)).toHaveText('是');
  });

  test('a lead builds a course: a Markdown lesson with its preview, a PDF uploaded with progress, the order changed from the keyboard, then published', async ({ leadPage }) => {
    test.slow();
    const page = leadPage;
    const title = `印前检查进阶 ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
    await page.goto('/#/study-exam/index?tab=manage');
    await page.getByRole('button', { name: '新建课程' }).click();
    const settings = page.getByRole('dialog', { name: '新建课程' });
    await settings.getByRole('textbox', { name: '课程名称' }).fill(title);
    await settings.getByRole('switch', { name: '必修课程' }).check();
    await settings.getByRole('button', { name: '创建' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('必修', { exact: true })).toBeVisible();

    // A text lesson: Markdown, previewed as members will read it (raw HTML stays text).
    await page.getByRole('button', { name: '添加课时' }).click();
    let editor = page.getByRole('dialog', { name: '添加课时' });
    await editor.getByRole('textbox', { name: '课时名称' }).fill('出血与裁切');
    await editor.getByRole('textbox', { name: '课时内容' }).fill('## 出血\n\n四边各留 **3mm**。\n\n- 背景延伸到出血线\n- 文字离裁切线 5mm');
    await editor.getByText('预览', { exact: true }).click();
    const preview = editor.getByLabel('内容预览');
    await expect(preview.getByRole('heading', { name: '出血' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('3mm');
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await expect(page.getByText('课时已添加')).toBeVisible();

    // A PDF through the signed upload, with its progress while the store answers.
    await page.route('**/oss', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.getByRole('button', { name: '添加课时' }).click();
    editor = page.getByRole('dialog', { name: '添加课时' });
    await editor.getByText('文档', { exact: true }).click();
    await editor.getByRole('textbox', { name: '课时名称' }).fill('印前检查清单');
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await expect(editor.getByText('请上传文件')).toBeVisible();
    await editor.locator('input[type="file"]').setInputFiles({ name: 'e2e-检查清单.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(128 * 1024, 1) });
    const task = editor.getByRole('list', { name: '上传任务列表' }).getByRole('listitem', { name: 'e2e-检查清单.pdf' });
    await expect(task).toContainText(/上传中 \d+%/);
    await expect(page.getByText('上传成功')).toBeVisible({ timeout: 15_000 });
    await expect(editor.getByText('e2e-检查清单.pdf', { exact: true })).toBeVisible();
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    // (the first lesson's 课时已添加 may still be showing: the closed dialog says this one was saved)
    await expect(page.getByRole('dialog', { name: '添加课时' })).toHaveCount(0);

    // The PDF first: Alt+↑ on the focused lesson saves the new order.
    const lessons = page.getByRole('list', { name: '课时列表' }).getByRole('listitem');
    await expect(lessons).toHaveCount(2);
    await lessons.nth(1).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(lessons.nth(0)).toHaveAccessibleName('第1课时：印前检查清单');
    await expect(lessons.nth(1)).toHaveAccessibleName('第2课时：出血与裁切');
    await expect(lessons.nth(0)).toBeFocused();

    // Deleting asks first; cancelling keeps the lesson.
    await page.getByRole('button', { name: '删除 出血与裁切' }).click();
    await page.getByRole('dialog', { name: '删除课时' }).getByRole('button', { name: '取消' }).click();
    await expect(lessons).toHaveCount(2);

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('dialog', { name: '发布课程' }).getByRole('button', { name: '确认发布' }).click();
    await expect(page.getByText('课程已发布')).toBeVisible();
    await page.getByRole('button', { name: '← 返回列表' }).click();
    const row = page.getByRole('table', { name: '团队课程' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('已发布');
    await expect(row).toContainText('必修');
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  });

  test('questions come from the Excel template; a bad sheet lists each bad cell and adds nothing', async ({ leadPage, demoSession, api }) => {
    test.slow();
    const page = leadPage;
    const lead = await demoSession('lead');
    const title = `导入题目测验 ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
    await page.goto('/#/study-exam/index?tab=manage');
    await page.getByRole('button', { name: '新建考试' }).click();
    const settings = page.getByRole('dialog', { name: '新建考试' });
    await settings.getByRole('textbox', { name: '考试名称' }).fill(title);
    await settings.getByRole('button', { name: '创建' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // A sheet with two bad rows: every bad cell is named, nothing is imported.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('题目');
    sheet.addRow(['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '分值', '解析']);
    sheet.addRow(['单选', '出血位留多少？', '1mm', '3mm', '', '', '', '', 'D', 5, '']);
    sheet.addRow(['判断', '', '', '', '', '', '', '', '对', 500, '']);
    const bad = Buffer.from(await book.xlsx.writeBuffer());
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: '坏表.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    const errors = page.getByRole('list', { name: '导入错误' });
    await expect(errors).toContainText('第2行I列（正确答案）');
    await expect(errors).toContainText('第3行B列（题目）');
    await expect(errors).toContainText('第3行J列（分值）');
    await expect(page.getByText('共 0 题，总分 0 分')).toBeVisible();

    // The server's template imports as it is.
    const template = await api.get('/api/study/manage/questions/import-template', { headers: authHeaders(lead.token) });
    expect(template.ok()).toBe(true);
    await file.setInputFiles({ name: '题目导入模板.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await template.body() });
    await expect(page.getByText(/已从《题目导入模板\.xlsx》导入题目，现共\d+题/)).toBeVisible();
    await expect(errors).toHaveCount(0);
    await expect(page.getByRole('table', { name: '题库' }).getByRole('row')).not.toHaveCount(1);
  });

  test('the 管理 tab, an exam’s results and the question editor have no serious or critical accessibility violation', async ({ leadPage: page, demoSession, api }) => {
    // An exam of this test's own (another test's may have attempts, which freeze its questions).
    const title = `无障碍检查考试 ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
    const headers = authHeaders((await demoSession('lead')).token);
    await okData(await api.post('/api/study/manage/exams', { headers, data: { title, pass_mark: 60, time_limit_minutes: 10 } }));
    await page.goto('/#/study-exam/index?tab=manage');
    await expect(page.getByRole('table', { name: '团队考试' }).getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('table', { name: '团队课程' }).getByRole('row')).not.toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('table', { name: '团队考试' }).getByRole('button', { name: title }).click();
    await page.getByRole('tab', { name: '成绩' }).click();
    await expect(page.getByRole('table', { name: '考试成绩' }).getByRole('row')).not.toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: '题库' }).click();
    await page.getByRole('button', { name: '添加题目' }).click();
    await expect(page.getByRole('dialog', { name: '添加题目' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
