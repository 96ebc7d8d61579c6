import { Badge, Card, Group, Progress, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { assignedFirst, type CourseCard, studyQueries } from '@/entities/study';
import { formatTime } from '@/shared/lib';
import { CardGridStates } from './states';

/** Tab 课程: the team's published courses, assigned first, with progress, due date and overdue marks. */
export function CourseList(): ReactElement {
  const list = useQuery(studyQueries.courseList());
  const items = assignedFirst(list.data ?? []);
  return (
    <CardGridStates
      label="课程列表"
      loading={list.isPending}
      error={list.data ? null : list.error}
      onRetry={() => void list.refetch()}
      empty={items.length === 0}
      emptyText="团队暂无课程"
    >
      {items.map((c) => (
        <li key={c.course_id}>
          <CourseCardView course={c} />
        </li>
      ))}
    </CardGridStates>
  );
}

function CourseCardView({ course }: { course: CourseCard }): ReactElement {
  const navigate = useNavigate();
  const due = course.assignment;
  return (
    <UnstyledButton
      w="100%"
      h="100%"
      aria-label={`课程：${course.title}`}
      data-course-id={course.course_id}
      onClick={() => void navigate({ to: '/study-exam/course-detail', search: { id: course.course_id } })}
    >
      <Card withBorder radius="md" padding="md" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
          <Text fw={600} lineClamp={1} title={course.title}>
            {course.title}
          </Text>
          <Badge variant="light" color={course.required ? 'red' : 'gray'} c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
            {course.required ? '必修' : '选修'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {course.description || `共${course.lesson_count}个课时`}
        </Text>
        <Group justify="space-between" mt="sm" mb={4}>
          <Text size="sm">
            {course.done ? '已完成' : `已学${course.progress_percent}%`}
          </Text>
          <Text size="xs" c="dimmed">
            {course.lesson_count}个课时
          </Text>
        </Group>
        <Progress value={course.progress_percent} color={course.done ? 'teal' : 'blue'} aria-label={`学习进度${course.progress_percent}%`} />
        {due ? (
          <Group gap="xs" mt="sm">
            <Text size="xs" c={due.overdue ? 'red' : 'dimmed'}>
              截止 {formatTime(due.due_at)}
            </Text>
            {due.overdue ? (
              <Badge size="sm" color="red" variant="filled">
                已逾期
              </Badge>
            ) : (
              <Badge size="sm" color="blue" variant="light" c="var(--mantine-color-text)">
                已指派
              </Badge>
            )}
          </Group>
        ) : null}
      </Card>
    </UnstyledButton>
  );
}
