import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManagedCourseSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { notify } from '@/shared/ui';

/** 发布 / 撤回发布 a course, asked first. Publishing needs a lesson (the server says so otherwise). */
export function PublishCourseButton({ course }: { course: ManagedCourseSummary }) {
  const queryClient = useQueryClient();
  const [asking, ask] = useDisclosure(false);
  const publish = course.status === 'draft';
  const toggle = useMutation({
    mutationKey: ['study', 'manage', 'publish-course'],
    mutationFn: () => studyAdminApi.setCoursePublished(course.course_id, publish),
    onSuccess: (next) => {
      notify(publish ? '课程已发布' : '课程已撤回为草稿', 'success');
      queryClient.setQueryData(studyAdminQueries.course(course.course_id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['study'] });
      ask.close();
    },
  });
  return (
    <>
      <Button size="sm" variant={publish ? 'filled' : 'default'} onClick={ask.open}>
        {publish ? '发布' : '撤回发布'}
      </Button>
      <Modal opened={asking} onClose={ask.close} title={publish ? '发布课程' : '撤回发布'} centered>
        <Stack>
          <Text size="sm">
            {publish ? `发布后，团队成员可以看到并学习《${course.title}》。` : `撤回后，《${course.title}》回到草稿，成员看不到它；学习进度保留。`}
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
