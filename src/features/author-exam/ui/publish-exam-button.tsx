import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManagedExamSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { ConfirmButton, notify } from '@/shared/ui';

/** 发布 / 撤回发布 an exam, asked first. Publishing needs a question (the server says so otherwise). */
export function PublishExamButton({ exam }: { exam: ManagedExamSummary }) {
  const queryClient = useQueryClient();
  const publish = exam.status === 'draft';
  const toggle = useMutation({
    mutationKey: ['study', 'manage', 'publish-exam'],
    mutationFn: () => studyAdminApi.setExamPublished(exam.exam_id, publish),
    onSuccess: (next) => {
      notify(publish ? '考试已发布' : '考试已撤回为草稿', 'success');
      queryClient.setQueryData(studyAdminQueries.exam(exam.exam_id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['study'] });
    },
  });
  return (
    <ConfirmButton
      tone="primary"
      variant={publish ? 'filled' : 'default'}
      label={publish ? '发布' : '撤回发布'}
      title={publish ? '发布考试' : '撤回发布'}
      message={
        publish
          ? `发布后，团队成员可以看到并参加《${exam.title}》。已有人作答后题目不能再修改。`
          : `撤回后，《${exam.title}》回到草稿，成员不能再开始新的作答；已有的答卷和成绩保留。`
      }
      confirmLabel={publish ? '确认发布' : '确认撤回'}
      onConfirm={() => toggle.mutateAsync()}
    />
  );
}
