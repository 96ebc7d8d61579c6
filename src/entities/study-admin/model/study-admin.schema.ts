import * as z from 'zod/mini';
import { answerValueSchema, examSettingsFields } from '@/entities/study/@x/study-admin';

export type { AnswerValue } from '@/entities/study/@x/study-admin';

const int = () => z.number().check(z.int());

export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'fill'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_TEXT: Record<QuestionKind, string> = { single: '单选题', multiple: '多选题', true_false: '判断题', fill: '填空题' };

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

export const ITEM_STATUSES = ['draft', 'published'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_STATUS_TEXT: Record<ItemStatus, string> = { draft: '草稿', published: '已发布' };

export const LESSON_KINDS = ['text', 'video', 'document'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const LESSON_KIND_TEXT: Record<LessonKind, string> = { text: '图文', video: '视频', document: '文档' };

export const STUDY_ITEM_TYPES = ['course', 'exam'] as const;
export type StudyItemType = (typeof STUDY_ITEM_TYPES)[number];


/** A question as its author edits it, with the answer (GET /study/manage/exams/:id). */
export const managedQuestionSchema = z.object({
  question_id: int(),
  kind: z.enum(QUESTION_KINDS),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer: answerValueSchema,
  explanation: z.string(),
  points: int(),
  position: int(),
});
export type ManagedQuestion = z.infer<typeof managedQuestionSchema>;

/** An exam's settings and totals, as the lead's list shows it. */
export const managedExamSummarySchema = z.object({
  ...examSettingsFields,
  status: z.enum(ITEM_STATUSES),
});
export type ManagedExamSummary = z.infer<typeof managedExamSummarySchema>;
export const managedExamListSchema = z.array(managedExamSummarySchema);

export const managedExamSchema = z.extend(managedExamSummarySchema, {
  questions: z.array(managedQuestionSchema),
  /** Attempts started by anyone: once there is one, the questions are frozen. */
  attempt_count: int(),
});
export type ManagedExam = z.infer<typeof managedExamSchema>;

export const managedLessonSchema = z.object({
  lesson_id: int(),
  position: int(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  body: z.string(),
  object_key: z.nullable(z.string()),
  url: z.nullable(z.string()),
  duration_seconds: int(),
});
export type ManagedLesson = z.infer<typeof managedLessonSchema>;

export const managedCourseSummarySchema = z.object({
  course_id: int(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  is_public: z.boolean(),
  lesson_count: int(),
  status: z.enum(ITEM_STATUSES),
});
export type ManagedCourseSummary = z.infer<typeof managedCourseSummarySchema>;
export const managedCourseListSchema = z.array(managedCourseSummarySchema);

export const managedCourseSchema = z.extend(managedCourseSummarySchema, { lessons: z.array(managedLessonSchema) });
export type ManagedCourse = z.infer<typeof managedCourseSchema>;

/** One designer's row of the lead's results table (GET /study/manage/results). */
export const studyResultRowSchema = z.object({
  designer_id: z.string(),
  name: z.string(),
  assigned: z.boolean(),
  due_at: z.nullable(z.string()),
  overdue: z.boolean(),
  progress_percent: z.nullable(int()),
  done: z.boolean(),
  attempts: z.nullable(int()),
  best_score: z.nullable(int()),
  passed: z.nullable(z.boolean()),
});
export type StudyResultRow = z.infer<typeof studyResultRowSchema>;

/** A public exam's candidate (an attempt by a verified phone, shown masked). */
export const candidateResultSchema = z.object({
  phone_masked: z.string(),
  attempts: int(),
  best_score: z.nullable(int()),
  passed: z.boolean(),
  last_started_at: z.string(),
  /** The account the phone registered since (its attempts joined it); null while none. */
  designer_id: z.nullable(z.string()),
  name: z.nullable(z.string()),
});
export type CandidateResult = z.infer<typeof candidateResultSchema>;

export const studyResultsSchema = z.object({
  item_type: z.enum(STUDY_ITEM_TYPES),
  item_id: int(),
  title: z.string(),
  total_points: z.nullable(int()),
  rows: z.array(studyResultRowSchema),
  /** A public exam's candidates by first attempt; empty for a course. */
  candidates: z.array(candidateResultSchema),
});
export type StudyResults = z.infer<typeof studyResultsSchema>;

export const assignResultSchema = z.object({ assigned: z.array(z.string()), notified: z.array(z.string()), due_at: z.string() });
export type AssignResult = z.infer<typeof assignResultSchema>;

// What the manage calls send -------------------------------------------------------------------

export interface ExamSettingsInput {
  title: string;
  description: string;
  pass_mark: number;
  time_limit_minutes: number;
  attempts_allowed: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  product_id: number | null;
  required_course_id: number | null;
  is_public: boolean;
  review_enabled: boolean;
}

export type QuestionInput =
  | { kind: 'single'; stem: string; options: string[]; answer: string; points: number; explanation: string }
  | { kind: 'multiple'; stem: string; options: string[]; answer: string[]; points: number; explanation: string }
  | { kind: 'true_false'; stem: string; answer: boolean; points: number; explanation: string }
  | { kind: 'fill'; stem: string; answer: string[]; points: number; explanation: string };

export interface CourseSettingsInput {
  title: string;
  description: string;
  required: boolean;
  is_public: boolean;
}

export type LessonInput =
  | { kind: 'text'; title: string; body: string }
  | { kind: 'video'; title: string; object_key: string; duration_seconds: number }
  | { kind: 'document'; title: string; object_key: string };

export interface AssignmentInput {
  item_type: StudyItemType;
  item_id: number;
  designer_ids: string[];
  due_at: string;
}
