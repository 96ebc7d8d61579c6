import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CourseDetail, type ProgressResult, studyApi, studyQueries } from '@/entities/study';

interface Report {
  lessonId: number;
  body: { position_seconds?: number; completed?: boolean };
  /** Sent while the page is being hidden or closed. */
  keepalive?: boolean;
}

/** How a lesson view reports progress; null for a reader without a login (no progress kept). */
export type LessonReader = ((report: Omit<Report, 'lessonId'>) => void) | null;

/**
 * Reports a lesson's progress (a video's position, a text or document read to the end) and puts
 * the server's answer into the course on screen; the lists' progress and the exams a finished
 * course unlocks are fetched again.
 */
export function useLessonProgress(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['study', 'lesson-progress'],
    mutationFn: ({ lessonId, body, keepalive }: Report) => studyApi.reportProgress(lessonId, body, keepalive),
    onSuccess: (result: ProgressResult) => {
      queryClient.setQueryData(studyQueries.course(courseId).queryKey, (course: CourseDetail | undefined) =>
        course
          ? {
              ...course,
              progress_percent: result.course_progress_percent,
              lessons: course.lessons.map((l) => (l.lesson_id === result.lesson.lesson_id ? result.lesson : l)),
            }
          : course,
      );
      if (result.lesson.progress?.done) {
        void queryClient.invalidateQueries({ queryKey: studyQueries.courses(), predicate: (q) => q.queryKey[2] === 'list' });
        void queryClient.invalidateQueries({ queryKey: studyQueries.exams() });
      }
    },
  });
}
