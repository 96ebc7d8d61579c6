import { Badge, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ITEM_STATUS_TEXT, studyAdminQueries } from '@/entities/study-admin';
import { AssignStudyModal } from '@/features/assign-study';
import { CourseSettingsModal, LessonList, PublishCourseButton } from '@/features/author-course';
import { uploadFile, UploadTaskList } from '@/features/upload-file';
import { DetailStates } from '@/shared/ui';
import { ResultsTable } from './results-table';

const uploadLessonFile = async (file: File, signal: AbortSignal) => {
  const uploaded = await uploadFile(file, 'default', { signal });
  return { key: uploaded.key, name: uploaded.name };
};

/** One course for its lead: settings, lessons (text, video, PDF; ordered), publish, assign, progress per designer. */
export function CourseManageView({ courseId, onBack }: { courseId: number; onBack: () => void }) {
  const course = useQuery(studyAdminQueries.course(courseId));
  const [settings, editSettings] = useDisclosure(false);
  const [assigning, assign] = useDisclosure(false);

  return (
    <Stack>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={onBack}>
          ← 返回列表
        </Button>
      </Group>
      <DetailStates query={course} errorActions={<Button variant="default" size="xs" onClick={onBack}>返回列表</Button>}>
        {(c) => (
          <Stack>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Title order={3}>{c.title}</Title>
                  <Badge color={c.status === 'published' ? 'teal' : 'gray'} variant="dot" radius="sm">
                    {ITEM_STATUS_TEXT[c.status]}
                  </Badge>
                  <Badge variant="dot" radius="sm" color={c.required ? 'red' : 'gray'}>
                    {c.required ? '必修' : '选修'}
                  </Badge>
                  {c.is_public ? <Badge variant="outline">公开</Badge> : null}
                </Group>
                {c.description ? (
                  <Text size="sm" c="dimmed">
                    {c.description}
                  </Text>
                ) : null}
              </Stack>
              <Group gap="xs">
                <Button size="sm" variant="default" onClick={editSettings.open}>
                  设置
                </Button>
                <Tooltip label="请先发布再指派" disabled={c.status === 'published'}>
                  <Button size="sm" variant="light" disabled={c.status !== 'published'} onClick={assign.open}>
                    指派
                  </Button>
                </Tooltip>
                <PublishCourseButton course={c} />
              </Group>
            </Group>
            <Tabs defaultValue="lessons" keepMounted={false}>
              <Tabs.List aria-label="课程管理">
                <Tabs.Tab value="lessons">课时</Tabs.Tab>
                <Tabs.Tab value="results">学习情况</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="lessons" pt="md">
                <LessonList course={c} upload={uploadLessonFile} progress={<UploadTaskList />} />
              </Tabs.Panel>
              <Tabs.Panel value="results" pt="md">
                <ResultsTable itemType="course" itemId={c.course_id} title={c.title} />
              </Tabs.Panel>
            </Tabs>
            {settings ? <CourseSettingsModal opened onClose={editSettings.close} course={c} /> : null}
            {assigning ? <AssignStudyModal itemType="course" itemId={c.course_id} title={c.title} onClose={assign.close} /> : null}
          </Stack>
        )}
      </DetailStates>
    </Stack>
  );
}
