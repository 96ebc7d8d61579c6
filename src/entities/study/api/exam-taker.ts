import type { AnswerValue, Attempt, SavedAnswer } from '../model/study.schema';
import { studyApi } from './study.queries';

/**
 * The calls the exam-taking screen makes, behind one small interface: a signed-in member's today;
 * a candidate of a public exam (phone + SMS code, no account) can bring the same four calls.
 */
export interface ExamTaker {
  /** Starts an attempt of the exam or resumes the one in progress. */
  start(examId: number): Promise<Attempt>;
  read(attemptId: number): Promise<Attempt>;
  save(attemptId: number, questionId: number, answer: AnswerValue): Promise<SavedAnswer>;
  submit(attemptId: number): Promise<Attempt>;
}

export const memberExamTaker: ExamTaker = {
  start: (examId) => studyApi.startAttempt(examId),
  read: (attemptId) => studyApi.readAttempt(attemptId),
  save: (attemptId, questionId, answer) => studyApi.saveAnswer(attemptId, questionId, answer),
  submit: (attemptId) => studyApi.submitAttempt(attemptId),
};
