import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManagedExamSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { notify } from '@/shared/ui';

/** 发布 / 撤回发布 an exam, asked first. Publishing needs a question (the server says so otherwise). */
export function PublishExamButton({ exam }: { exam: ManagedExamSummary }) {
  const queryClient = useQueryClient();
  const [asking, ask] = useDisclosure(false);
  const publish = exam.status === 'draft';
  const toggle = useMutation({
    mutationKey: ['study', 'manage', 'publish-exam'],
    mutationFn: () => studyAdminApi.setExamPublished(exam.exam_id, publish),
    onSuccess: (next) => {
      notify(publish ? '考试已发布' : '考试已撤回为草稿', 'success');
      queryClient.setQueryData(studyAdminQueries.exam(exam.exam_id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['study'] });
      ask.close();
    },
  });
  return (
    <>
      <Button size="sm" variant={publish ? 'filled' : 'default'} onClick={ask.open}>
        {publish ? '发布' : '撤回发布'}
      </Button>
      <Modal opened={asking} onClose={ask.close} title={publish ? '发布考试' : '撤回发布'} centered>
        <Stack>
          <Text size="sm">
            {publish
              ? `发布后，团队成员可以看到并参加《${exam.title}》。已有人作答后题目不能再修改。`
              : `撤回后，《${exam.title}》回到草稿，成员不能再开始新的作答；已有的答卷和成绩保留。`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={ask.close}>
              取消
            </Button>
            <Button loading={toggle.isPending} onClick={() => toggle.mutate()}>
              {publish ? '确认发布' : '确认撤回'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
