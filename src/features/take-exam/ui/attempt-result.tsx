import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { answerText, type Attempt, QUESTION_KIND_TEXT } from '@/entities/study';
import { formatTime } from '@/shared/lib';

/** A submitted attempt: score, pass or fail, and the review of each question (unless the exam hides it). */
export function AttemptResult({ attempt }: { attempt: Attempt }): ReactElement {
  const result = attempt.result;
  if (!result)
    return (
      <Text c="dimmed" role="status">
        成绩计算中…
      </Text>
    );
  const reviewById = new Map((result.review ?? []).map((r) => [r.question_id, r]));
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="考试成绩">
        <Title order={1} fz="lg" mb="xs">
          {attempt.exam_title}
        </Title>
        <Group gap="lg" align="flex-end">
          <Text fz={36} fw={700} data-testid="exam-score">
            {result.score}
            <Text component="span" fz="md" c="dimmed">
              {' '}
              / {result.total_points}分
            </Text>
          </Text>
          <Badge size="lg" color={result.passed ? 'teal' : 'red'} variant="filled" data-testid="exam-passed">
            {result.passed ? '已通过' : '未通过'}
          </Badge>
          <Text size="sm" c="dimmed">
            及格线 {result.pass_mark}%
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          交卷时间 {formatTime(attempt.submitted_at, 'dateTimeSeconds')}
          {attempt.submitted_by === 'deadline' ? '（考试时间到，已按截止时间自动提交）' : ''}
        </Text>
      </Card>

      {result.review === null ? (
        <Alert color="gray" title="答案解析">
          本考试不公布答案和解析。
        </Alert>
      ) : (
        <Stack gap="sm" component="section" aria-label="答案解析">
          <Title order={2} fz="md">
            答案解析
          </Title>
          {attempt.questions.map((q, i) => {
            const r = reviewById.get(q.question_id);
            if (!r) return null;
            return (
              <Card key={q.question_id} withBorder radius="md" padding="md" role="group" aria-label={`第${i + 1}题解析`} data-review-question={q.question_id}>
                <Group gap="xs" mb="xs">
                  <Text fw={600}>第{i + 1}题</Text>
                  <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                    {QUESTION_KIND_TEXT[q.kind]}
                  </Badge>
                  <Badge color={r.correct ? 'teal' : 'red'} variant="light" c="var(--mantine-color-text)">
                    {r.correct ? '✓ 正确' : '✗ 错误'}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    得分 {r.points_awarded}/{r.points}
                  </Text>
                </Group>
                <Text mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  {q.stem}
                </Text>
                {q.options.length ? (
                  <Stack gap={2} mb="xs">
                    {q.options.map((o) => (
                      <Text key={o.key} size="sm">
                        {o.key}. {o.text}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
                <Text size="sm">你的答案：{answerText(q, r.your_answer)}</Text>
                <Text size="sm" c="var(--app-color-positive)">
                  正确答案：{answerText(q, r.correct_answer)}
                </Text>
                {r.explanation ? (
                  <Text size="sm" c="dimmed" mt={4}>
                    解析：{r.explanation}
                  </Text>
                ) : null}
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
