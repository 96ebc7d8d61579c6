import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { attemptsAllowedText, ITEM_STATUS_TEXT, type ItemStatus, studyAdminQueries } from '@/entities/study-admin';
import { CourseSettingsModal } from '@/features/author-course';
import { ExamSettingsModal } from '@/features/author-exam';
import { TableBodyStates } from '@/shared/ui';
import { CourseManageView } from './course-manage-view';
import { ExamManageView } from './exam-manage-view';

type Open = { type: 'exam'; id: number } | { type: 'course'; id: number } | null;

function StatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge color={status === 'published' ? 'teal' : 'gray'} variant="dot" radius="sm">
      {ITEM_STATUS_TEXT[status]}
    </Badge>
  );
}

/**
 * The leads' 管理 tab of 学习考试: the team's exams and courses (drafts and published) with their
 * create buttons; opening one shows its authoring, assignment and results.
 */
export function StudyManagePanel() {
  const [open, setOpen] = useState<Open>(null);
  const [creatingExam, createExam] = useDisclosure(false);
  const [creatingCourse, createCourse] = useDisclosure(false);
  const exams = useQuery(studyAdminQueries.examList());
  const courses = useQuery(studyAdminQueries.courseList());

  if (open?.type === 'exam') return <ExamManageView examId={open.id} onBack={() => setOpen(null)} />;
  if (open?.type === 'course') return <CourseManageView courseId={open.id} onBack={() => setOpen(null)} />;

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>考试</Title>
          <Button size="sm" onClick={createExam.open}>
            新建考试
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="团队考试">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>考试名称</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>题数 / 总分</Table.Th>
                <Table.Th>时长</Table.Th>
                <Table.Th>可考次数</Table.Th>
                <Table.Th>关联产品</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={6}
              loading={exams.isPending}
              error={exams.error}
              onRetry={() => void exams.refetch()}
              empty={(exams.data ?? []).length === 0}
              emptyText="还没有考试，点击「新建考试」开始"
              rows={3}
            >
              {(exams.data ?? []).map((e) => (
                <Table.Tr key={e.exam_id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => setOpen({ type: 'exam', id: e.exam_id })}>
                      {e.title}
                    </Anchor>
                    {e.is_public ? (
                      <Badge ml={6} size="xs" variant="outline">
                        公开
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={e.status} />
                  </Table.Td>
                  <Table.Td>
                    {e.question_count}题 / {e.total_points}分
                  </Table.Td>
                  <Table.Td>{e.time_limit_minutes}分钟</Table.Td>
                  <Table.Td>{attemptsAllowedText(e.attempts_allowed)}</Table.Td>
                  <Table.Td>{e.product_name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </TableBodyStates>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>课程</Title>
          <Button size="sm" onClick={createCourse.open}>
            新建课程
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="团队课程">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>课程名称</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>课时数</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={4}
              loading={courses.isPending}
              error={courses.error}
              onRetry={() => void courses.refetch()}
              empty={(courses.data ?? []).length === 0}
              emptyText="还没有课程，点击「新建课程」开始"
              rows={3}
            >
              {(courses.data ?? []).map((c) => (
                <Table.Tr key={c.course_id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => setOpen({ type: 'course', id: c.course_id })}>
                      {c.title}
                    </Anchor>
                    {c.is_public ? (
                      <Badge ml={6} size="xs" variant="outline">
                        公开
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td>{c.required ? '必修' : '选修'}</Table.Td>
                  <Table.Td>{c.lesson_count}</Table.Td>
                </Table.Tr>
              ))}
            </TableBodyStates>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          新建的考试和课程是草稿，发布后团队成员才能看到；发布后可以指派给设计师并设置截止时间。
        </Text>
      </Stack>

      {creatingExam ? <ExamSettingsModal opened onClose={createExam.close} onSaved={(e) => setOpen({ type: 'exam', id: e.exam_id })} /> : null}
      {creatingCourse ? <CourseSettingsModal opened onClose={createCourse.close} onSaved={(c) => setOpen({ type: 'course', id: c.course_id })} /> : null}
    </Stack>
  );
}
