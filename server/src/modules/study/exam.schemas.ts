/** zod schemas of the exams' and attempts' requests and answers (they also make `/api/docs`). */
import { z } from 'zod';
import { idSchema, MAX_ROW_ID } from '../../lib/http.js';
import { assignmentStateSchema } from './assignment.schemas.js';
import { QUESTION_KINDS } from './scoring.js';

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const MAX_QUESTIONS = 200;

export const examIdParams = z.object({ id: idSchema('考试编号不正确') });
export const questionIdParams = z.object({ id: idSchema('题目编号不正确') });
export const attemptIdParams = z.object({ id: idSchema('答卷编号不正确') });
export const answerParams = z.object({ id: idSchema('答卷编号不正确'), questionId: idSchema('题目编号不正确') });

const flag = (message: string) => z.boolean({ error: message });

/** An exam's settings (create, and every field again on edit). */
export const examInput = z.object({
  title: z.string({ error: '请填写考试名称' }).trim().min(1, { error: '请填写考试名称' }).max(100, { error: '考试名称不能超过100个字符' }),
  description: z.string({ error: '考试说明格式不正确' }).trim().max(2000, { error: '考试说明不能超过2000个字符' }).default(''),
  pass_mark: z
    .number({ error: '及格线必须是0-100的整数' })
    .int({ error: '及格线必须是0-100的整数' })
    .min(0, { error: '及格线必须是0-100的整数' })
    .max(100, { error: '及格线必须是0-100的整数' })
    .describe('Percentage of the total points needed to pass'),
  time_limit_minutes: z
    .number({ error: '考试时长必须是1-600分钟' })
    .int({ error: '考试时长必须是1-600分钟' })
    .min(1, { error: '考试时长必须是1-600分钟' })
    .max(600, { error: '考试时长必须是1-600分钟' }),
  attempts_allowed: z
    .number({ error: '可考次数必须是0-20的整数' })
    .int({ error: '可考次数必须是0-20的整数' })
    .min(0, { error: '可考次数必须是0-20的整数' })
    .max(20, { error: '可考次数必须是0-20的整数' })
    .default(1)
    .describe('Attempts each designer may start; 0 = unlimited'),
  shuffle_questions: flag('题目乱序只能是true或false').default(false),
  shuffle_options: flag('选项乱序只能是true或false').default(false),
  product_id: z.number({ error: '产品编号不正确' }).int({ error: '产品编号不正确' }).positive({ error: '产品编号不正确' }).max(MAX_ROW_ID, { error: '产品编号不正确' }).nullable().default(null).describe('Passing qualifies the designer for this product'),
  required_course_id: z
    .number({ error: '课程编号不正确' })
    .int({ error: '课程编号不正确' })
    .positive({ error: '课程编号不正确' })
    .max(MAX_ROW_ID, { error: '课程编号不正确' })
    .nullable()
    .default(null)
    .describe('A course of the team to finish before starting'),
  is_public: flag('公开设置只能是true或false').default(false),
  review_enabled: flag('答案解析设置只能是true或false').default(true).describe('After submitting, show each question with its right answer and explanation'),
});
export type ExamInput = z.infer<typeof examInput>;

const optionText = z.string({ error: '选项内容格式不正确' }).trim().min(1, { error: '选项内容不能为空' }).max(500, { error: '选项内容不能超过500个字符' });
const optionsInput = z.array(optionText, { error: '选项格式不正确' }).min(2, { error: '至少需要2个选项' }).max(OPTION_KEYS.length, { error: `最多${OPTION_KEYS.length}个选项` });
const optionKey = z.enum(OPTION_KEYS, { error: '正确答案必须是选项字母' });
const common = {
  stem: z.string({ error: '请填写题目' }).trim().min(1, { error: '请填写题目' }).max(2000, { error: '题目不能超过2000个字符' }),
  explanation: z.string({ error: '解析格式不正确' }).trim().max(2000, { error: '解析不能超过2000个字符' }).default(''),
  points: z.number({ error: '分值必须是1-100的整数' }).int({ error: '分值必须是1-100的整数' }).min(1, { error: '分值必须是1-100的整数' }).max(100, { error: '分值必须是1-100的整数' }),
};

const keyInOptions = (q: { options: string[] }, key: string) => OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]) < q.options.length;

/** A question with its answer: options are given in order and keyed A, B, C… */
export const questionInput = z.discriminatedUnion(
  'kind',
  [
    z
      .object({ kind: z.literal('single'), ...common, options: optionsInput, answer: optionKey })
      .refine((q) => keyInOptions(q, q.answer), { error: '正确答案不在选项中', path: ['answer'] }),
    z
      .object({
        kind: z.literal('multiple'),
        ...common,
        options: optionsInput,
        answer: z
          .array(optionKey, { error: '正确答案格式不正确' })
          .min(1, { error: '请选择正确答案' })
          .refine((a) => new Set(a).size === a.length, { error: '正确答案重复' }),
      })
      .refine((q) => q.answer.every((k) => keyInOptions(q, k)), { error: '正确答案不在选项中', path: ['answer'] }),
    z.object({ kind: z.literal('true_false'), ...common, answer: z.boolean({ error: '判断题答案只能是true或false' }) }),
    z.object({
      kind: z.literal('fill'),
      ...common,
      answer: z
        .array(z.string({ error: '参考答案格式不正确' }).trim().min(1, { error: '参考答案不能为空' }).max(200, { error: '参考答案不能超过200个字符' }), { error: '参考答案格式不正确' })
        .min(1, { error: '请填写参考答案' })
        .max(10, { error: '参考答案最多10个' })
        .describe('Accepted texts (compared trimmed, without case, full-width as half-width)'),
    }),
  ],
  { error: '题型只能是single、multiple、true_false或fill' },
);
export type QuestionInput = z.infer<typeof questionInput>;

export const answerInput = z.object({
  answer: z
    .union([z.string().max(200, { error: '答案不能超过200个字符' }), z.array(z.string().max(8)).max(OPTION_KEYS.length), z.boolean()], { error: '答案格式不正确' })
    .describe('single: an option key; multiple: option keys; true_false: true/false; fill: the text'),
});

const kindEnum = z.enum(QUESTION_KINDS);
const optionSchema = z.object({ key: z.string(), text: z.string() });
const answerValue = z.union([z.string(), z.array(z.string()), z.boolean()]);

/** What a designer sees of a question before submitting: no answer, no explanation. */
export const questionViewSchema = z
  .object({ question_id: z.number().int(), kind: kindEnum, stem: z.string(), options: z.array(optionSchema).describe('In this attempt’s order'), points: z.number().int() })
  .meta({ id: 'ExamQuestion' });

/** A question as its author edits it, with the answer. */
export const questionManageSchema = z
  .object({
    question_id: z.number().int(),
    kind: kindEnum,
    stem: z.string(),
    options: z.array(optionSchema),
    answer: answerValue,
    explanation: z.string(),
    points: z.number().int(),
    position: z.number().int(),
  })
  .meta({ id: 'ExamQuestionManage' });

export const examSettingsSchema = z.object({
  exam_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  pass_mark: z.number().int(),
  time_limit_minutes: z.number().int(),
  attempts_allowed: z.number().int(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  required_course_id: z.number().int().nullable(),
  required_course_title: z.string().nullable(),
  is_public: z.boolean(),
  review_enabled: z.boolean(),
  status: z.enum(['draft', 'published']),
  question_count: z.number().int(),
  total_points: z.number().int(),
});

export const examManageSchema = examSettingsSchema.extend({ questions: z.array(questionManageSchema), attempt_count: z.number().int() }).meta({ id: 'ExamManage' });

export const attemptSummarySchema = z.object({
  attempt_id: z.number().int(),
  started_at: z.string(),
  deadline: z.string(),
  submitted_at: z.string().nullable(),
  status: z.enum(['in_progress', 'submitted']),
  score: z.number().int().nullable(),
  passed: z.boolean().nullable(),
});

/** An exam as a designer sees it in a list or before starting: settings, own attempts, whether a start is possible. */
export const examCardSchema = examSettingsSchema
  .omit({ status: true })
  .extend({
    attempts: z.array(attemptSummarySchema).describe('The caller’s attempts, newest first'),
    best_score: z.number().int().nullable(),
    passed: z.boolean(),
    open_attempt_id: z.number().int().nullable().describe('An attempt in progress: starting again resumes it'),
    can_start: z.boolean(),
    cannot_start_reason: z.string().nullable().describe('Why a new attempt cannot be started (Chinese)'),
    assignment: assignmentStateSchema,
  })
  .meta({ id: 'ExamCard' });

export const reviewItemSchema = z.object({
  question_id: z.number().int(),
  correct: z.boolean(),
  your_answer: answerValue.nullable(),
  correct_answer: answerValue,
  explanation: z.string(),
  points: z.number().int(),
  points_awarded: z.number().int(),
});

export const attemptSchema = z
  .object({
    attempt_id: z.number().int(),
    exam_id: z.number().int(),
    exam_title: z.string(),
    status: z.enum(['in_progress', 'submitted']),
    started_at: z.string(),
    deadline: z.string().describe('Fixed at the start on the server’s clock: the countdown runs to it'),
    server_now: z.string().describe('The server’s clock when answering, to correct the browser’s'),
    submitted_at: z.string().nullable(),
    submitted_by: z.enum(['designer', 'deadline']).nullable().describe('deadline: the server submitted it at its deadline with what was saved'),
    questions: z.array(questionViewSchema),
    answers: z.array(z.object({ question_id: z.number().int(), answer: answerValue, saved_at: z.string() })),
    result: z
      .object({
        score: z.number().int(),
        total_points: z.number().int(),
        pass_mark: z.number().int(),
        passed: z.boolean(),
        review: z.array(reviewItemSchema).nullable().describe('Null when the exam turns the review off'),
      })
      .nullable()
      .describe('Only once submitted'),
  })
  .meta({ id: 'ExamAttempt' });
export type AttemptView = z.infer<typeof attemptSchema>;

export const savedAnswerSchema = z.object({ question_id: z.number().int(), answer: answerValue, saved_at: z.string() }).meta({ id: 'ExamSavedAnswer' });
