import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManagedCourseSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { ConfirmButton, notify } from '@/shared/ui';

/** 发布 / 撤回发布 a course, asked first. Publishing needs a lesson (the server says so otherwise). */
export function PublishCourseButton({ course }: { course: ManagedCourseSummary }) {
  const queryClient = useQueryClient();
  const publish = course.status === 'draft';
  const toggle = useMutation({
    mutationKey: ['study', 'manage', 'publish-course'],
    mutationFn: () => studyAdminApi.setCoursePublished(course.course_id, publish),
    onSuccess: (next) => {
      notify(publish ? '课程已发布' : '课程已撤回为草稿', 'success');
      queryClient.setQueryData(studyAdminQueries.course(course.course_id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['study'] });
    },
  });
  return (
    <ConfirmButton
      tone="primary"
      variant={publish ? 'filled' : 'default'}
      label={publish ? '发布' : '撤回发布'}
      title={publish ? '发布课程' : '撤回发布'}
      message={publish ? `发布后，团队成员可以看到并学习《${course.title}》。` : `撤回后，《${course.title}》回到草稿，成员看不到它；学习进度保留。`}
      confirmLabel={publish ? '确认发布' : '确认撤回'}
      onConfirm={() => toggle.mutateAsync()}
    />
  );
}
