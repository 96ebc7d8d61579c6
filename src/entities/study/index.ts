export { studyApi, studyKeys, studyQueries } from './api/study.queries';
export { type ExamTaker, memberExamTaker } from './api/exam-taker';
export { candidateApi, candidateExamTaker, candidateQueries, candidateTokenStore } from './api/candidate';
export {
  ANSWER_KEYS_JOIN,
  answerText,
  isAnswered,
} from './lib/answers';
export { assignedFirst, attemptsLeft, attemptsText, EXAM_STATUS_COLOR, EXAM_STATUS_TEXT, examStatus, type ExamStatus } from './lib/exam-status';
export { clockOffsetMs, COUNTDOWN_WARNINGS_MS, countdownText, dueWarning, remainingMs } from './lib/server-clock';
export {
  type AnswerValue,
  type AssignmentState,
  type Attempt,
  type AttemptSummary,
  type CandidateState,
  type PublicExam,
  type CourseCard,
  type CourseDetail,
  type ExamCard,
  type Lesson,
  LESSON_KIND_TEXT,
  type LessonKind,
  type LessonProgress,
  type ProgressResult,
  QUESTION_KIND_TEXT,
  type QuestionKind,
  type QuestionView,
  type ReviewItem,
  type SavedAnswer,
  VIDEO_DONE_SHARE,
  attemptSchema,
  courseCardSchema,
  courseDetailSchema,
  examCardSchema,
} from './model/study.schema';
