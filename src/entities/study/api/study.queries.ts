import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import {
  type AnswerValue,
  attemptSchema,
  courseDetailSchema,
  courseListSchema,
  examCardSchema,
  examListSchema,
  progressResultSchema,
  savedAnswerSchema,
} from '../model/study.schema';

/**
 * Query keys of the study entity, all under ['study'] so the refresh area 'study' (messages 40 and
 * 41) invalidates every one of them.
 */
export const studyKeys = {
  all: () => ['study'] as const,
  courses: () => [...studyKeys.all(), 'course'] as const,
  exams: () => [...studyKeys.all(), 'exam'] as const,
  attempts: () => [...studyKeys.all(), 'attempt'] as const,
};

export const studyQueries = {
  ...studyKeys,
  /** The published courses of the caller's team, assigned first, with the caller's progress. */
  courseList: () =>
    queryOptions({
      queryKey: [...studyKeys.courses(), 'list'] as const,
      queryFn: ({ signal }) => http.get('study/courses', courseListSchema, { signal }),
      staleTime: 10_000,
    }),
  /** A course with its lessons and the caller's progress (signed-in reader). */
  course: (id: number) =>
    queryOptions({
      queryKey: [...studyKeys.courses(), 'detail', id] as const,
      queryFn: ({ signal }) => http.get(`study/courses/${id}`, courseDetailSchema, { signal }),
    }),
  /** A course marked public, read without a login (no progress). */
  publicCourse: (id: number) =>
    queryOptions({
      queryKey: [...studyKeys.courses(), 'public', id] as const,
      queryFn: ({ signal }) => http.get(`study/public/courses/${id}`, courseDetailSchema, { signal }),
    }),
  /** The published exams of the caller's team, assigned first. */
  examList: () =>
    queryOptions({
      queryKey: [...studyKeys.exams(), 'list'] as const,
      queryFn: ({ signal }) => http.get('study/exams', examListSchema, { signal }),
      staleTime: 10_000,
    }),
  /** An exam before starting: its rules, the caller's attempts, whether a start is possible. */
  exam: (id: number) =>
    queryOptions({
      queryKey: [...studyKeys.exams(), 'detail', id] as const,
      queryFn: ({ signal }) => http.get(`study/exams/${id}`, examCardSchema, { signal }),
    }),
  attempt: (id: number) =>
    queryOptions({
      queryKey: [...studyKeys.attempts(), id] as const,
      queryFn: ({ signal }) => http.get(`study/attempts/${id}`, attemptSchema, { signal }),
      // An attempt's answers are saved one by one by the page: a refetch on focus would not add
      // anything the page does not hold, and would race a save in flight.
      refetchOnWindowFocus: false,
    }),
};

/** Calls that change study data; features wrap them in mutations. */
export const studyApi = {
  /** A video's position (seconds) or a text/document read to the end. */
  reportProgress: (lessonId: number, body: { position_seconds?: number; completed?: boolean }, keepalive = false) =>
    http.put(`study/lessons/${lessonId}/progress`, progressResultSchema, { json: body, keepalive }),
  /** Starts an attempt, or returns the one in progress (same deadline, saved answers in place). */
  startAttempt: (examId: number) => http.post(`study/exams/${examId}/attempts`, attemptSchema),
  readAttempt: (attemptId: number) => http.get(`study/attempts/${attemptId}`, attemptSchema),
  saveAnswer: (attemptId: number, questionId: number, answer: AnswerValue) =>
    http.put(`study/attempts/${attemptId}/answers/${questionId}`, savedAnswerSchema, { json: { answer } }),
  submitAttempt: (attemptId: number) => http.post(`study/attempts/${attemptId}/submit`, attemptSchema),
};
