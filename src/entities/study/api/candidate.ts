import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { attemptSchema, candidateStateSchema, candidateVerifiedSchema, publicExamSchema, savedAnswerSchema } from '../model/study.schema';
import { studyKeys } from './study.queries';
import type { ExamTaker } from './exam-taker';

/** The header that carries a candidate's credential (bound to the phone and the exam). */
const CANDIDATE_HEADER = 'x-candidate-token';
const STORAGE_PREFIX = 'exam-candidate:';

export const candidateQueries = {
  /** A public exam's settings, read without a login. */
  publicExam: (examId: number) =>
    queryOptions({
      queryKey: [...studyKeys.exams(), 'public', examId] as const,
      queryFn: ({ signal }) => http.get(`study/public/exams/${examId}`, publicExamSchema, { signal }),
      retry: false,
    }),
  /** The verified candidate's state (attempts, whether a start is possible). */
  state: (examId: number, token: string) =>
    queryOptions({
      queryKey: [...studyKeys.exams(), 'candidate', examId, token] as const,
      queryFn: ({ signal }) => http.get('study/public/candidate', candidateStateSchema, { signal, headers: { [CANDIDATE_HEADER]: token } }),
      retry: false,
    }),
};

export const candidateApi = {
  /** Verifies the phone with its SMS code (scene exam_candidate): the credential and the state. */
  verify: (examId: number, phone: string, code: string) => http.post(`study/public/exams/${examId}/candidate`, candidateVerifiedSchema, { json: { phone, code } }),
};

/** The exam-taking calls of a candidate, with their credential. */
export function candidateExamTaker(token: string): ExamTaker {
  const headers = { [CANDIDATE_HEADER]: token };
  return {
    start: () => http.post('study/public/candidate/attempts', attemptSchema, { headers }),
    read: (attemptId) => http.get(`study/public/candidate/attempts/${attemptId}`, attemptSchema, { headers }),
    save: (attemptId, questionId, answer) => http.put(`study/public/candidate/attempts/${attemptId}/answers/${questionId}`, savedAnswerSchema, { json: { answer }, headers }),
    submit: (attemptId) => http.post(`study/public/candidate/attempts/${attemptId}/submit`, attemptSchema, { headers }),
  };
}

/**
 * The credential is kept for the tab (sessionStorage, per exam) with its end: a reload resumes the
 * attempt; past its end it is dropped here rather than sent (the server would answer 401).
 */
export const candidateTokenStore = {
  get(examId: number, now = Date.now()): string | null {
    try {
      const saved = JSON.parse(sessionStorage.getItem(`${STORAGE_PREFIX}${examId}`) ?? 'null') as { token?: unknown; expires_at?: unknown } | null;
      if (!saved || typeof saved.token !== 'string' || typeof saved.expires_at !== 'string') return null;
      return Date.parse(saved.expires_at) > now ? saved.token : null;
    } catch {
      return null;
    }
  },
  set: (examId: number, token: string, expiresAt: string) => sessionStorage.setItem(`${STORAGE_PREFIX}${examId}`, JSON.stringify({ token, expires_at: expiresAt })),
  clear: (examId: number) => sessionStorage.removeItem(`${STORAGE_PREFIX}${examId}`),
};
