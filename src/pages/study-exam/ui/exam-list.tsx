import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { assignedFirst, attemptsText, EXAM_STATUS_COLOR, EXAM_STATUS_TEXT, type ExamCard, examStatus, studyQueries } from '@/entities/study';
import { formatTime } from '@/shared/lib';
import { CardGridStates } from './states';

/** Tab 考试: the team's published exams, assigned first, with status, best score, attempts and gates. */
export function ExamList(): ReactElement {
  const list = useQuery(studyQueries.examList());
  // Whether a required course is finished: the caller's course list knows.
  const courses = useQuery(studyQueries.courseList());
  const items = assignedFirst(list.data ?? []);
  const courseDone = (id: number) => courses.data?.find((c) => c.course_id === id)?.done ?? false;
  return (
    <CardGridStates
      label="考试列表"
      loading={list.isPending}
      error={list.data ? null : list.error}
      onRetry={() => void list.refetch()}
      empty={items.length === 0}
      emptyText="团队暂无考试"
    >
      {items.map((e) => (
        <li key={e.exam_id}>
          <ExamCardView exam={e} locked={e.required_course_id !== null && !courseDone(e.required_course_id) && !e.can_start} />
        </li>
      ))}
    </CardGridStates>
  );
}

function ExamCardView({ exam, locked }: { exam: ExamCard; locked: boolean }): ReactElement {
  const navigate = useNavigate();
  const status = examStatus(exam);
  const due = exam.assignment;
  return (
    <UnstyledButton
      w="100%"
      h="100%"
      aria-label={`考试：${exam.title}`}
      data-exam-id={exam.exam_id}
      onClick={() => void navigate({ to: '/online-exam', search: { id: exam.exam_id } })}
    >
      <Card withBorder radius="md" padding="md" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
          <Text fw={600} lineClamp={1} title={exam.title}>
            {exam.title}
          </Text>
          <Badge variant="dot" color={EXAM_STATUS_COLOR[status]} c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
            {EXAM_STATUS_TEXT[status]}
          </Badge>
        </Group>
        <Stack gap={2} mt="xs">
          <Text size="sm">
            最高分：{exam.best_score ?? '—'} / {exam.total_points} · 及格线 {exam.pass_mark}%
          </Text>
          <Text size="sm">
            已考次数：{attemptsText(exam)} · 时长 {exam.time_limit_minutes} 分钟
          </Text>
          {exam.required_course_title ? (
            <Text size="sm" c={locked ? 'orange' : 'dimmed'}>
              {locked ? `🔒 需先完成课程《${exam.required_course_title}》` : `前置课程《${exam.required_course_title}》已完成`}
            </Text>
          ) : null}
          {exam.product_name ? (
            <Text size="sm" c="var(--app-color-positive)">
              通过后可接{exam.product_name}产品工单
            </Text>
          ) : null}
        </Stack>
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
