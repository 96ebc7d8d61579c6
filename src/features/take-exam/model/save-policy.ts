import type { AnswerValue, QuestionView } from '@/entities/study';
import { isAnswered } from '@/entities/study';

/** A fill-in answer is saved this long after the last keystroke (or at once when the field is left). */
export const FILL_DEBOUNCE_MS = 800;
/** Retries of a save that did not reach the server: 1 s, 2 s, 4 s … capped. */
export const RETRY_MAX_DELAY_MS = 15_000;

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1));
}

/** What a failed save or submit means for the attempt. */
export type FailureKind = 'retry' | 'closed' | 'refused';

/**
 * A failure the same call may get past later (offline, timeout, busy, a server fault) is retried;
 * 410 (the time is up: submitted at the deadline) and 409 (already submitted) close the attempt;
 * anything else (422, 404) is refused for good.
 */
export function failureKind(status: number): FailureKind {
  if (status === 410 || status === 409) return 'closed';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** The 1-based numbers of the questions without an answer, in the attempt's order. */
export function unansweredNumbers(questions: readonly Pick<QuestionView, 'question_id'>[], values: ReadonlyMap<number, AnswerValue>): number[] {
  return questions.flatMap((q, i) => (isAnswered(values.get(q.question_id)) ? [] : [i + 1]));
}
