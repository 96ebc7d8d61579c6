import { Alert, Badge, Box, Button, Card, Group, List, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { type AnswerValue, type Attempt, countdownText, type ExamTaker, isAnswered, QUESTION_KIND_TEXT } from '@/entities/study';
import { ApiError } from '@/shared/api';
import { unansweredNumbers } from '../model/save-policy';
import { useAnswers } from '../model/use-answers';
import { useCountdown } from '../model/use-countdown';
import { QuestionInput } from './question-input';
import { SaveMark } from './save-mark';

interface Props {
  taker: ExamTaker;
  attempt: Attempt;
  /** When the attempt (with server_now) was received, for the clock offset. */
  receivedAt: number;
  /** The attempt is over on the server (submitted, or its time is up): read it again. */
  onClosed: (message: string | null) => void;
  onSubmitted: (attempt: Attempt) => void;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * An attempt in progress: the countdown to the server's deadline, the questions in the attempt's
 * order with their answers saved as given, a navigator, and the submit with a confirm that lists
 * the unanswered questions.
 */
export function AttemptForm({ taker, attempt, receivedAt, onClosed, onSubmitted }: Props): ReactElement {
  const { entries, saver } = useAnswers({ taker, attempt, onClosed });
  const remaining = useCountdown(attempt.deadline, attempt.server_now, receivedAt, true);
  const timeUp = remaining <= 0;
  useEffect(() => {
    // The deadline passed on the server's clock: the server submits the attempt on the next read.
    if (timeUp) onClosed(null);
  }, [timeUp, onClosed]);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const values = useMemo(() => new Map<number, AnswerValue>([...entries].map(([id, e]) => [id, e.value])), [entries]);
  const unanswered = unansweredNumbers(attempt.questions, values);
  const answeredCount = attempt.questions.length - unanswered.length;

  const submit = async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const allSaved = await saver.flush();
      if (!allSaved) {
        setSubmitError('部分答案尚未保存成功，请检查网络后重试提交');
        return;
      }
      const result = await taker.submit(attempt.attempt_id);
      setConfirming(false);
      onSubmitted(result);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : '提交失败，请重试';
      if (error instanceof ApiError && (error.status === 409 || error.status === 410)) {
        setConfirming(false);
        onClosed(message);
      } else setSubmitError(message);
    } finally {
      setSubmitting(false);
    }
  };

  const jump = (questionId: number) => {
    const target = document.getElementById(`question-${questionId}`);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="sm" pos="sticky" top={0} style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Title order={1} fz="lg">
              {attempt.exam_title}
            </Title>
            <Text size="sm" c="dimmed">
              已答 {answeredCount}/{attempt.questions.length}
            </Text>
          </Stack>
          <Group gap="md">
            <Text
              fz={24}
              fw={700}
              ff="monospace"
              c={remaining <= FIVE_MINUTES ? 'red' : undefined}
              role="timer"
              aria-label={`剩余时间 ${countdownText(remaining)}`}
              data-testid="exam-countdown"
            >
              {countdownText(remaining)}
            </Text>
            <Button onClick={() => setConfirming(true)} disabled={timeUp}>
              交卷
            </Button>
          </Group>
        </Group>
        <Group gap={6} mt="sm" component="nav" aria-label="答题卡">
          {attempt.questions.map((q, i) => {
            const entry = entries.get(q.question_id);
            const done = isAnswered(entry?.value);
            const failed = entry?.status === 'failed';
            return (
              <UnstyledButton
                key={q.question_id}
                onClick={() => jump(q.question_id)}
                aria-label={`第${i + 1}题，${failed ? '保存失败' : done ? '已作答' : '未作答'}`}
                style={{
                  width: 32,
                  height: 32,
                  borderRadius: 6,
                  textAlign: 'center',
                  fontSize: 14,
                  border: `1px solid ${failed ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-default-border)'}`,
                  background: done ? 'var(--mantine-color-blue-6)' : 'transparent',
                  color: done ? 'white' : 'inherit',
                }}
              >
                {i + 1}
              </UnstyledButton>
            );
          })}
        </Group>
      </Card>

      {timeUp ? (
        <Alert color="red" role="alert" title="考试时间已到">
          答卷已按截止时间自动提交，正在读取成绩…
        </Alert>
      ) : remaining <= FIVE_MINUTES ? (
        <Alert color="yellow" role="status" title={remaining <= 60_000 ? '最后1分钟' : '剩余不到5分钟'}>
          时间到后将按已保存的答案自动提交，请抓紧时间。
        </Alert>
      ) : null}

      {attempt.questions.map((q, i) => {
        const label = `第${i + 1}题`;
        const entry = entries.get(q.question_id);
        return (
          <Card key={q.question_id} withBorder radius="md" padding="md" component="section" aria-label={label} id={`question-${q.question_id}`} tabIndex={-1} data-question-id={q.question_id}>
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <Text fw={600}>{label}</Text>
                <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                  {QUESTION_KIND_TEXT[q.kind]}
                </Badge>
                <Text size="sm" c="dimmed">
                  {q.points}分
                </Text>
              </Group>
              <SaveMark entry={entry} onRetry={() => void saver.send(q.question_id)} />
            </Group>
            <Text mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {q.stem}
            </Text>
            <QuestionInput
              question={q}
              value={entry?.value}
              disabled={timeUp}
              label={`${label}答案`}
              onAnswer={(value, debounce) => saver.answer(q.question_id, value, debounce)}
              onLeave={() => saver.saveNow(q.question_id)}
            />
          </Card>
        );
      })}

      <Box>
        <Button onClick={() => setConfirming(true)} disabled={timeUp}>
          交卷
        </Button>
      </Box>

      <Modal opened={confirming} onClose={submitting ? () => {} : () => setConfirming(false)} title="确认交卷" centered>
        <Stack gap="sm">
          {unanswered.length ? (
            <Alert color="yellow" title={`还有${unanswered.length}题未作答`}>
              <List size="sm">
                <List.Item>第{unanswered.join('、')}题</List.Item>
              </List>
            </Alert>
          ) : (
            <Text>全部题目已作答。</Text>
          )}
          <Text size="sm">交卷后不能再修改答案，确定要交卷吗？</Text>
          {submitError ? (
            <Text c="red" size="sm" role="alert">
              {submitError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={submitting}>
              继续作答
            </Button>
            <Button onClick={() => void submit()} loading={submitting}>
              确认交卷
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
