import * as z from 'zod/mini';
import type { ExamSettingsInput, ManagedExamSummary } from '@/entities/study-admin';

/** A whole number typed into a text field, within [min, max]. */
export const intText = (min: number, max: number, message: string) =>
  z.string().check(z.refine((s) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max, { error: message }));

const requiredText = (max: number, empty: string, tooLong: string) =>
  z.string().check(
    z.refine((s) => s.trim().length > 0, { error: empty }),
    z.refine((s) => s.trim().length <= max, { error: tooLong }),
  );

/** The exam settings form; field names are the server's, so a 422 lands on the same field. */
export const examFormSchema = z.object({
  title: requiredText(100, '请填写考试名称', '考试名称不能超过100个字符'),
  description: z.string().check(z.refine((s) => s.trim().length <= 2000, { error: '考试说明不能超过2000个字符' })),
  pass_mark: intText(0, 100, '及格线必须是0-100的整数'),
  time_limit_minutes: intText(1, 600, '考试时长必须是1-600分钟'),
  attempts_allowed: intText(0, 20, '可考次数必须是0-20的整数'),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  review_enabled: z.boolean(),
  is_public: z.boolean(),
  /** '' = not linked. */
  product_id: z.string(),
  /** '' = none. */
  required_course_id: z.string(),
});
export type ExamFormValues = z.input<typeof examFormSchema>;

export const EMPTY_EXAM_FORM: ExamFormValues = {
  title: '',
  description: '',
  pass_mark: '60',
  time_limit_minutes: '30',
  attempts_allowed: '1',
  shuffle_questions: false,
  shuffle_options: false,
  review_enabled: true,
  is_public: false,
  product_id: '',
  required_course_id: '',
};

export function examFormOf(exam: ManagedExamSummary): ExamFormValues {
  return {
    title: exam.title,
    description: exam.description,
    pass_mark: String(exam.pass_mark),
    time_limit_minutes: String(exam.time_limit_minutes),
    attempts_allowed: String(exam.attempts_allowed),
    shuffle_questions: exam.shuffle_questions,
    shuffle_options: exam.shuffle_options,
    review_enabled: exam.review_enabled,
    is_public: exam.is_public,
    product_id: exam.product_id === null ? '' : String(exam.product_id),
    required_course_id: exam.required_course_id === null ? '' : String(exam.required_course_id),
  };
}

/** What PUT/POST /study/manage/exams takes, from validated form values. */
export function examInputOf(v: ExamFormValues): ExamSettingsInput {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    pass_mark: Number(v.pass_mark),
    time_limit_minutes: Number(v.time_limit_minutes),
    attempts_allowed: Number(v.attempts_allowed),
    shuffle_questions: v.shuffle_questions,
    shuffle_options: v.shuffle_options,
    review_enabled: v.review_enabled,
    is_public: v.is_public,
    product_id: v.product_id ? Number(v.product_id) : null,
    required_course_id: v.required_course_id ? Number(v.required_course_id) : null,
  };
}
