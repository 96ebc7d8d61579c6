export { ExamAttempt } from './ui/exam-attempt';
export { AttemptResult } from './ui/attempt-result';
export { failureKind, FILL_DEBOUNCE_MS, retryDelayMs, unansweredNumbers } from './model/save-policy';
