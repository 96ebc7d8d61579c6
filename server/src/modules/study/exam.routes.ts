import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { currentDesigner } from '../auth/index.js';
import {
  answerInput,
  answerParams,
  attemptIdParams,
  attemptSchema,
  examCardSchema,
  examIdParams,
  examInput,
  examManageSchema,
  examSettingsSchema,
  MAX_QUESTIONS,
  questionIdParams,
  questionInput,
  savedAnswerSchema,
} from './exam.schemas.js';
import { importTemplate } from './question-import.js';

/**
 * Exams and attempts (issue #16): the leads author their team's exams under `/study/manage/…`;
 * the team's members list, start, answer and submit under `/study/exams` and `/study/attempts`.
 * Every route parses, calls `app.exams` and answers; the rules are the service's.
 */
export default async function examRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['study'], summary, description, security: [{ bearer: [] }] });
  const manageResponse = { 200: envelope(examManageSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };
  const leads = 'Team leads (designer_type 0) of the exam’s team; a member gets 403, another team 404.';

  r.get(
    '/study/manage/exams',
    { ...secured, schema: { ...doc('The team’s exams (leads)', 'Drafts included, newest first. Leads only (403).'), response: { 200: envelope(z.array(examSettingsSchema)), 403: errorEnvelope, ...authErrors } } },
    async (req) => ok(await app.exams.manageList(currentDesigner(req)), '获取成功'),
  );

  r.post(
    '/study/manage/exams',
    { ...secured, schema: { ...doc('Create an exam (leads)', 'A draft of the lead’s team; add questions, then publish. Leads only (403).'), body: examInput, response: manageResponse } },
    async (req) => ok(await app.exams.create(currentDesigner(req), req.body), '创建成功'),
  );

  r.get(
    '/study/manage/exams/:id',
    { ...secured, schema: { ...doc('An exam with its questions and answers (leads)', leads), params: examIdParams, response: manageResponse } },
    async (req) => ok(await app.exams.manage(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.put(
    '/study/manage/exams/:id',
    { ...secured, schema: { ...doc('Edit an exam’s settings (leads)', `${leads} Every setting is sent again.`), params: examIdParams, body: examInput, response: manageResponse } },
    async (req) => ok(await app.exams.update(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  for (const [path, published, summary] of [
    ['/study/manage/exams/:id/publish', true, 'Publish an exam (leads): the team’s members see it. 409 without questions.'],
    ['/study/manage/exams/:id/unpublish', false, 'Withdraw an exam to draft (leads): no new attempts.'],
  ] as const) {
    r.post(path, { ...secured, schema: { ...doc(summary, leads), params: examIdParams, response: manageResponse } }, async (req) =>
      ok(await app.exams.setPublished(currentDesigner(req), req.params.id, published), published ? '发布成功' : '已撤回'),
    );
  }

  r.post(
    '/study/manage/exams/:id/questions',
    {
      ...secured,
      schema: {
        ...doc(
          'Add questions (leads)',
          `${leads} Appended in order. Kinds: single (options, answer: a key A–H), multiple (options, answer: keys), true_false (answer: true/false), fill (answer: accepted texts). ` +
            `409 once anyone has started the exam (an attempt is scored against what it was shown); at most ${MAX_QUESTIONS} per exam.`,
        ),
        params: examIdParams,
        body: z.object({ questions: z.array(questionInput, { error: '题目格式不正确' }).min(1, { error: '请添加题目' }).max(MAX_QUESTIONS, { error: `每场考试最多${MAX_QUESTIONS}道题` }) }),
        response: manageResponse,
      },
    },
    async (req) => ok(await app.exams.addQuestions(currentDesigner(req), req.params.id, req.body.questions), '添加成功'),
  );

  r.post(
    '/study/manage/exams/:id/questions/import',
    {
      ...secured,
      schema: {
        ...doc(
          'Import questions from Excel (leads)',
          `${leads} \`file\`: the .xlsx, base64 (the body is at most 1 MB). The first sheet, headers in row 1, one question a row: ` +
            'A 题型 (单选/多选/判断/填空), B 题目, C–H 选项A–F, I 正确答案 (B; AC; 对/错; texts separated by |), J 分值, K 解析. ' +
            'All or nothing: 422 with a field per bad cell (`row.<n>.<column>`) and a Chinese message naming the row and the column. 409 once anyone has started the exam.',
        ),
        params: examIdParams,
        body: z.object({
          file: z
            .string({ error: '请上传Excel文件' })
            .min(1, { error: '请上传Excel文件' })
            .max(1_400_000, { error: '文件过大' })
            .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: '文件格式不正确' })
            .describe('The .xlsx file, base64'),
        }),
        response: manageResponse,
      },
    },
    async (req) => {
      const { exam, count } = await app.exams.importFile(currentDesigner(req), req.params.id, Buffer.from(req.body.file, 'base64'));
      return ok(exam, `已导入${count}道题`);
    },
  );

  r.get(
    '/study/manage/questions/import-template',
    {
      ...secured,
      schema: {
        ...doc('The question import template (leads)', 'An .xlsx with the columns and one example of each kind.'),
        response: { 200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...authErrors },
      },
    },
    async (_req, reply) => sendExport(reply, 'xlsx', '题目导入模板', importTemplate()),
  );

  r.put(
    '/study/manage/questions/:id',
    { ...secured, schema: { ...doc('Edit a question (leads)', `${leads} 409 once anyone has started the exam.`), params: questionIdParams, body: questionInput, response: manageResponse } },
    async (req) => ok(await app.exams.editQuestion(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  r.post(
    '/study/manage/questions/:id/delete',
    { ...secured, schema: { ...doc('Delete a question (leads)', `${leads} 409 once anyone has started the exam.`), params: questionIdParams, response: manageResponse } },
    async (req) => ok(await app.exams.removeQuestion(currentDesigner(req), req.params.id), '删除成功'),
  );

  r.get(
    '/study/exams',
    {
      ...secured,
      schema: {
        ...doc('My team’s exams', 'Published exams of the caller’s team with the caller’s attempts, best score, passed, and whether a new attempt may start. No question, answer or explanation.'),
        response: { 200: envelope(z.array(examCardSchema)), ...authErrors },
      },
    },
    async (req) => ok(await app.exams.list(currentDesigner(req)), '获取成功'),
  );

  r.get(
    '/study/exams/:id',
    { ...secured, schema: { ...doc('An exam before starting', 'As a list row. 404 for an exam of another team or not published.'), params: examIdParams, response: { 200: envelope(examCardSchema), 404: errorEnvelope, ...authErrors } } },
    async (req) => ok(await app.exams.card(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.post(
    '/study/exams/:id/attempts',
    {
      ...secured,
      schema: {
        ...doc(
          'Start or resume an attempt',
          'Resumes the caller’s attempt in progress (same attempt, answers in place); otherwise starts one whose deadline is now + the time limit on the server’s clock, with its own question/option order when the exam shuffles. 409 when no attempt is left.',
        ),
        params: examIdParams,
        response: { 200: envelope(attemptSchema), 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.exams.start(currentDesigner(req), req.params.id), '开始答题'),
  );

  r.get(
    '/study/attempts/:id',
    {
      ...secured,
      schema: {
        ...doc(
          'An attempt',
          'The caller’s own (404 otherwise). In progress: questions without answers, the saved answers, the deadline and the server’s clock. Past its deadline it is submitted first, finishing at the deadline. Submitted: the result and, unless the exam turns it off, the review.',
        ),
        params: attemptIdParams,
        response: { 200: envelope(attemptSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.exams.attempt(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.put(
    '/study/attempts/:id/answers/:questionId',
    {
      ...secured,
      schema: {
        ...doc(
          'Save an answer',
          'One question at a time; saving again replaces it (the last save wins). 404 for a question not in the attempt; 409 once submitted; 410 after the deadline (the server submits what was saved). Nothing changes when refused.',
        ),
        params: answerParams,
        body: answerInput,
        response: { 200: envelope(savedAnswerSchema), 404: errorEnvelope, 409: errorEnvelope, 410: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.exams.saveAnswer(currentDesigner(req), req.params.id, req.params.questionId, req.body.answer), '已保存'),
  );

  r.post(
    '/study/attempts/:id/submit',
    {
      ...secured,
      schema: {
        ...doc('Submit an attempt', 'Once: 409 on a second submit, 410 after the deadline (the server has submitted it by the deadline). Answers the result and the review. Every submit (also the server’s at the deadline) sends message 42 考试交卷 to the active leads of the exam’s team.'),
        params: attemptIdParams,
        response: { 200: envelope(attemptSchema), 404: errorEnvelope, 409: errorEnvelope, 410: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.exams.submit(currentDesigner(req), req.params.id), '提交成功'),
  );
}
