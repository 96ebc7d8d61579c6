import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { env } from '@/shared/config/env';
import {
  type AssignmentInput,
  assignResultSchema,
  type CourseSettingsInput,
  type ExamSettingsInput,
  type LessonInput,
  managedCourseListSchema,
  managedCourseSchema,
  managedExamListSchema,
  managedExamSchema,
  type QuestionInput,
  type StudyItemType,
  studyResultsSchema,
} from '../model/study-admin.schema';

/**
 * The lead's side of courses and exams (`/study/manage/…`). Keys start with 'study', so the
 * 'study' refresh area (messages 40/41) invalidates them with the members' study data.
 */
export const studyAdminQueries = {
  all: () => ['study', 'manage'] as const,
  exams: () => [...studyAdminQueries.all(), 'exams'] as const,
  courses: () => [...studyAdminQueries.all(), 'courses'] as const,
  results: () => [...studyAdminQueries.all(), 'results'] as const,
  examList: () =>
    queryOptions({
      queryKey: [...studyAdminQueries.exams(), 'list'] as const,
      queryFn: ({ signal }) => http.get('study/manage/exams', managedExamListSchema, { signal }),
    }),
  exam: (examId: number) =>
    queryOptions({
      queryKey: [...studyAdminQueries.exams(), 'detail', examId] as const,
      queryFn: ({ signal }) => http.get(`study/manage/exams/${examId}`, managedExamSchema, { signal }),
    }),
  courseList: () =>
    queryOptions({
      queryKey: [...studyAdminQueries.courses(), 'list'] as const,
      queryFn: ({ signal }) => http.get('study/manage/courses', managedCourseListSchema, { signal }),
    }),
  course: (courseId: number) =>
    queryOptions({
      queryKey: [...studyAdminQueries.courses(), 'detail', courseId] as const,
      queryFn: ({ signal }) => http.get(`study/manage/courses/${courseId}`, managedCourseSchema, { signal }),
    }),
  /** Per designer of the team: progress (course) or attempts, best score, passed (exam); due and overdue. */
  itemResults: (itemType: StudyItemType, itemId: number) =>
    queryOptions({
      queryKey: [...studyAdminQueries.results(), itemType, itemId] as const,
      queryFn: ({ signal }) => http.get('study/manage/results', studyResultsSchema, { searchParams: { item_type: itemType, item_id: itemId }, signal }),
    }),
};

const apiBase = () => env.apiBase.replace(/\/+$/, '');

/** The results table as a file (GET /study/manage/results/export), downloaded with the login token. */
export function studyResultsExportUrl(itemType: StudyItemType, itemId: number, format: 'xlsx' | 'csv'): string {
  return `${apiBase()}/study/manage/results/export?${new URLSearchParams({ item_type: itemType, item_id: String(itemId), format }).toString()}`;
}

/** The Excel layout questions are imported from, with one example of each kind. */
export function questionTemplateUrl(): string {
  return `${apiBase()}/study/manage/questions/import-template`;
}

/** Calls that change the team's courses and exams; features wrap them in mutations. */
export const studyAdminApi = {
  createExam: (body: ExamSettingsInput) => http.post('study/manage/exams', managedExamSchema, { json: body }),
  updateExam: (examId: number, body: ExamSettingsInput) => http.put(`study/manage/exams/${examId}`, managedExamSchema, { json: body }),
  setExamPublished: (examId: number, published: boolean) =>
    http.post(published ? `study/manage/exams/${examId}/publish` : `study/manage/exams/${examId}/unpublish`, managedExamSchema),
  addQuestions: (examId: number, questions: QuestionInput[]) => http.post(`study/manage/exams/${examId}/questions`, managedExamSchema, { json: { questions } }),
  /** `file`: the .xlsx as base64. */
  importQuestions: (examId: number, file: string) => http.post(`study/manage/exams/${examId}/questions/import`, managedExamSchema, { json: { file } }),
  editQuestion: (questionId: number, body: QuestionInput) => http.put(`study/manage/questions/${questionId}`, managedExamSchema, { json: body }),
  deleteQuestion: (questionId: number) => http.post(`study/manage/questions/${questionId}/delete`, managedExamSchema),
  createCourse: (body: CourseSettingsInput) => http.post('study/manage/courses', managedCourseSchema, { json: body }),
  updateCourse: (courseId: number, body: CourseSettingsInput) => http.put(`study/manage/courses/${courseId}`, managedCourseSchema, { json: body }),
  setCoursePublished: (courseId: number, published: boolean) =>
    http.post(published ? `study/manage/courses/${courseId}/publish` : `study/manage/courses/${courseId}/unpublish`, managedCourseSchema),
  addLesson: (courseId: number, body: LessonInput) => http.post(`study/manage/courses/${courseId}/lessons`, managedCourseSchema, { json: body }),
  reorderLessons: (courseId: number, lessonIds: number[]) =>
    http.put(`study/manage/courses/${courseId}/lesson-order`, managedCourseSchema, { json: { lesson_ids: lessonIds } }),
  editLesson: (lessonId: number, body: LessonInput) => http.put(`study/manage/lessons/${lessonId}`, managedCourseSchema, { json: body }),
  deleteLesson: (lessonId: number) => http.post(`study/manage/lessons/${lessonId}/delete`, managedCourseSchema),
  assign: (body: AssignmentInput) => http.post('study/manage/assignments', assignResultSchema, { json: body }),
};
