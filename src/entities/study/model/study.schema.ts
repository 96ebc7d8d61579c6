import * as z from 'zod/mini';

/**
 * The member side of the server's study module (issue #16): courses with their lessons and the
 * caller's progress, exams as a designer sees them, attempts (questions without answers before the
 * submit) and, once submitted, the result with its review. Times are ISO UTC strings.
 */

const int = () => z.number().check(z.int());

/** Assigned to the caller by a lead: the due date and whether it passed unfinished. */
export const assignmentStateSchema = z.nullable(z.object({ due_at: z.string(), overdue: z.boolean() }));
export type AssignmentState = z.infer<typeof assignmentStateSchema>;

export const LESSON_KINDS = ['text', 'video', 'document'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const LESSON_KIND_TEXT: Record<LessonKind, string> = { text: '图文', video: '视频', document: '文档' };
/** A video lesson counts as done once this share of its duration has been reached (the server's rule). */
export const VIDEO_DONE_SHARE = 0.9;

export const lessonProgressSchema = z.object({
  position_seconds: int(),
  furthest_seconds: int(),
  done: z.boolean(),
  done_at: z.nullable(z.string()),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

export const lessonSchema = z.object({
  lesson_id: int(),
  position: int(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  /** Markdown of a text lesson; empty otherwise. */
  body: z.string(),
  object_key: z.nullable(z.string()),
  /** Where the browser reads the video or the document. */
  url: z.nullable(z.string()),
  duration_seconds: int(),
  /** The caller's; null without a login. */
  progress: z.nullable(lessonProgressSchema),
});
export type Lesson = z.infer<typeof lessonSchema>;

const courseBase = {
  course_id: int(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  is_public: z.boolean(),
  lesson_count: int(),
};

export const courseCardSchema = z.object({
  ...courseBase,
  progress_percent: int(),
  done: z.boolean(),
  assignment: assignmentStateSchema,
});
export type CourseCard = z.infer<typeof courseCardSchema>;
export const courseListSchema = z.array(courseCardSchema);

export const courseDetailSchema = z.object({
  ...courseBase,
  /** Null when read without a login (a public course). */
  progress_percent: z.nullable(int()),
  lessons: z.array(lessonSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const progressResultSchema = z.object({ lesson: lessonSchema, course_progress_percent: int() });
export type ProgressResult = z.infer<typeof progressResultSchema>;

export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'fill'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_TEXT: Record<QuestionKind, string> = { single: '单选题', multiple: '多选题', true_false: '判断题', fill: '填空题' };

/** An answer as the server keeps it: single an option key, multiple keys, true/false a boolean, fill the text. */
export const answerValueSchema = z.union([z.string(), z.array(z.string()), z.boolean()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const attemptSummarySchema = z.object({
  attempt_id: int(),
  started_at: z.string(),
  deadline: z.string(),
  submitted_at: z.nullable(z.string()),
  status: z.enum(['in_progress', 'submitted']),
  score: z.nullable(int()),
  passed: z.nullable(z.boolean()),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/** An exam's settings and totals: what the member's card and the lead's list both show. */
export const examSettingsFields = {
  exam_id: int(),
  title: z.string(),
  description: z.string(),
  /** Percentage of the total points needed to pass. */
  pass_mark: int(),
  time_limit_minutes: int(),
  /** 0 = unlimited. */
  attempts_allowed: int(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  product_id: z.nullable(int()),
  product_name: z.nullable(z.string()),
  required_course_id: z.nullable(int()),
  required_course_title: z.nullable(z.string()),
  is_public: z.boolean(),
  review_enabled: z.boolean(),
  question_count: int(),
  total_points: int(),
};

/** An exam as a designer sees it in the list or before starting. */
export const examCardSchema = z.object({
  ...examSettingsFields,
  /** The caller's attempts, newest first. */
  attempts: z.array(attemptSummarySchema),
  best_score: z.nullable(int()),
  passed: z.boolean(),
  open_attempt_id: z.nullable(int()),
  can_start: z.boolean(),
  cannot_start_reason: z.nullable(z.string()),
  assignment: assignmentStateSchema,
});
export type ExamCard = z.infer<typeof examCardSchema>;
export const examListSchema = z.array(examCardSchema);

export const questionViewSchema = z.object({
  question_id: int(),
  kind: z.enum(QUESTION_KINDS),
  stem: z.string(),
  /** In this attempt's order. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  points: int(),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

export const savedAnswerSchema = z.object({ question_id: int(), answer: answerValueSchema, saved_at: z.string() });
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

export const reviewItemSchema = z.object({
  question_id: int(),
  correct: z.boolean(),
  your_answer: z.nullable(answerValueSchema),
  correct_answer: answerValueSchema,
  explanation: z.string(),
  points: int(),
  points_awarded: int(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const attemptSchema = z.object({
  attempt_id: int(),
  exam_id: int(),
  exam_title: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  started_at: z.string(),
  /** Fixed at the start on the server's clock: the countdown runs to it. */
  deadline: z.string(),
  /** The server's clock when answering, to correct the browser's. */
  server_now: z.string(),
  submitted_at: z.nullable(z.string()),
  /** deadline: the server submitted it at its deadline with what was saved. */
  submitted_by: z.nullable(z.enum(['designer', 'deadline'])),
  questions: z.array(questionViewSchema),
  answers: z.array(savedAnswerSchema),
  result: z.nullable(
    z.object({
      score: int(),
      total_points: int(),
      pass_mark: int(),
      passed: z.boolean(),
      /** Null when the exam turns the review off. */
      review: z.nullable(z.array(reviewItemSchema)),
    }),
  ),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** What anyone may read of a public exam: its settings, no question. */
export const publicExamSchema = z.object({
  exam_id: int(),
  title: z.string(),
  description: z.string(),
  pass_mark: int(),
  time_limit_minutes: int(),
  /** Per phone; 0 = unlimited. */
  attempts_allowed: int(),
  question_count: int(),
  total_points: int(),
  review_enabled: z.boolean(),
  /** False when the exam requires a course first: only signed-in members can take it. */
  candidates_can_take: z.boolean(),
});
export type PublicExam = z.infer<typeof publicExamSchema>;

/** A verified candidate (phone + SMS code, no account): the exam, the phone's attempts, whether a start is possible. */
export const candidateStateSchema = z.object({
  expires_at: z.string(),
  phone_masked: z.string(),
  exam: publicExamSchema,
  attempts: z.array(attemptSummarySchema),
  best_score: z.nullable(int()),
  passed: z.boolean(),
  open_attempt_id: z.nullable(int()),
  can_start: z.boolean(),
  cannot_start_reason: z.nullable(z.string()),
});
export type CandidateState = z.infer<typeof candidateStateSchema>;

export const candidateVerifiedSchema = z.object({ ...candidateStateSchema.shape, token: z.string() });
