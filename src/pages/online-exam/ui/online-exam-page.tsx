import { Alert, Badge, Button, Card, Group, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { type ReactElement, useCallback, useState } from 'react';
import {
  attemptsLeft,
  EXAM_STATUS_COLOR,
  EXAM_STATUS_TEXT,
  type ExamCard,
  examStatus,
  type ExamTaker,
  memberExamTaker,
  studyQueries,
} from '@/entities/study';
import { ExamAttempt } from '@/features/take-exam';
import { StudyShell } from '@/widgets/study-shell';
import { ApiError, tokenStore } from '@/shared/api';
import { formatTime } from '@/shared/lib';
import { DetailStates } from '@/shared/ui';
import { AnchorLink, ButtonLink } from '@/shared/ui/router-links';
import { CandidateExam } from './candidate-exam';

const validId = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

/**
 * `/online-exam?id=`: an exam's rules and the caller's attempts, then (`&attempt=`) the attempt:
 * answered question by question against the server's deadline, submitted once, then its score and
 * review. Signed-in members take it through the member calls; without a login a public exam is
 * taken as a candidate (phone + SMS code, the candidate calls), any other exam asks to log in.
 */
export function OnlineExamPage(): ReactElement {
  const search = useSearch({ strict: false }) as { id?: unknown; attempt?: unknown };
  const location = useRouterState({ select: (s) => s.location });
  const navigate = useNavigate();
  const [signedIn] = useState(() => !!tokenStore.get());
  const examId = validId(search.id);
  const attemptId = validId(search.attempt);

  // While the router moves on to the login page this page is still mounted: only its own address
  // sends there (and is where the login comes back to).
  const onOwnPath = location.pathname === '/online-exam';
  const href = location.href;
  const toLogin = useCallback(() => {
    if (onOwnPath) void navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [onOwnPath, navigate, href]);

  const toIntro = () => void navigate({ href: `/online-exam?id=${examId}`, replace: true });
  const toAttempt = (id: number) => void navigate({ href: `/online-exam?id=${examId}&attempt=${id}` });

  return (
    <StudyShell signedIn={signedIn} loginRedirect={location.href}>
      {!examId ? (
        <Text c="red" role="alert" ta="center" py="xl">
          考试编号不正确
        </Text>
      ) : !signedIn ? (
        <CandidateExam examId={examId} attemptId={attemptId} onAttempt={toAttempt} toIntro={toIntro} onNeedLogin={toLogin} />
      ) : attemptId ? (
        <Stack gap="sm">
          <ExamAttempt
            taker={memberExamTaker}
            attemptId={attemptId}
            errorActions={
              <Button variant="default" size="xs" onClick={toIntro}>
                返回考试说明
              </Button>
            }
          />
          <Group>
            <Button variant="subtle" size="xs" onClick={toIntro}>
              返回考试说明
            </Button>
          </Group>
        </Stack>
      ) : (
        <ExamIntro examId={examId} taker={memberExamTaker} onAttempt={toAttempt} />
      )}
    </StudyShell>
  );
}

function ExamIntro({ examId, taker, onAttempt }: { examId: number; taker: ExamTaker; onAttempt: (attemptId: number) => void }): ReactElement {
  const exam = useQuery(studyQueries.exam(examId));
  return (
    <DetailStates
      query={exam}
      skeleton={[160, 120]}
      errorActions={
        <ButtonLink variant="default" size="xs" to="/study-exam/index" search={{ tab: 'exams' }}>
          返回考试列表
        </ButtonLink>
      }
    >
      {(data) => <Intro exam={data} taker={taker} onAttempt={onAttempt} />}
    </DetailStates>
  );
}

function Rule({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed" w={96}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}

function Intro({ exam, taker, onAttempt }: { exam: ExamCard; taker: ExamTaker; onAttempt: (attemptId: number) => void }): ReactElement {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const status = examStatus(exam);
  const left = attemptsLeft(exam);
  const resuming = exam.open_attempt_id !== null;

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const attempt = await taker.start(exam.exam_id);
      queryClient.setQueryData(studyQueries.attempt(attempt.attempt_id).queryKey, attempt);
      void queryClient.invalidateQueries({ queryKey: studyQueries.exams() });
      setConfirming(false);
      onAttempt(attempt.attempt_id);
    } catch (error) {
      setStartError(error instanceof ApiError && error.message ? error.message : '开始考试失败，请重试');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="考试说明">
        <Group gap="sm" mb="xs">
          <Title order={1} fz="xl">
            {exam.title}
          </Title>
          <Badge variant="dot" color={EXAM_STATUS_COLOR[status]} c="var(--mantine-color-text)">
            {EXAM_STATUS_TEXT[status]}
          </Badge>
        </Group>
        {exam.description ? (
          <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {exam.description}
          </Text>
        ) : null}
        <Stack gap={4}>
          <Rule label="考试时长" value={`${exam.time_limit_minutes}分钟（开始后计时，不能暂停）`} />
          <Rule label="题目" value={`${exam.question_count}题，共${exam.total_points}分`} />
          <Rule label="及格线" value={`${exam.pass_mark}%（${Math.ceil((exam.pass_mark * exam.total_points) / 100)}分）`} />
          <Rule label="考试次数" value={left === null ? `不限次数，已考${exam.attempts.length}次` : `共${exam.attempts_allowed}次，剩余${left}次`} />
          <Rule label="最高分" value={exam.best_score === null ? '—' : `${exam.best_score}分`} />
          {exam.assignment ? <Rule label="截止时间" value={`${formatTime(exam.assignment.due_at)}${exam.assignment.overdue ? '（已逾期）' : ''}`} /> : null}
          <Rule label="答案解析" value={exam.review_enabled ? '交卷后可查看' : '不公布'} />
          {exam.product_name ? <Rule label="资格" value={`通过后可接${exam.product_name}产品工单`} /> : null}
          {exam.required_course_id && exam.required_course_title ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={96}>
                前置课程
              </Text>
              <AnchorLink to="/study-exam/course-detail" search={{ id: exam.required_course_id }} size="sm">
                《{exam.required_course_title}》
              </AnchorLink>
            </Group>
          ) : null}
        </Stack>
        <List size="sm" mt="sm" c="dimmed">
          <List.Item>每道题作答后自动保存，刷新页面或换设备可继续作答。</List.Item>
          <List.Item>时间到后系统按已保存的答案自动交卷。</List.Item>
        </List>
        {!exam.can_start && !resuming && exam.cannot_start_reason ? (
          <Alert color="orange" mt="md" role="status">
            {exam.cannot_start_reason}
          </Alert>
        ) : null}
        <Group mt="md">
          <Button onClick={() => (resuming ? void start() : setConfirming(true))} disabled={!resuming && !exam.can_start} loading={starting && !confirming}>
            {resuming ? '继续作答' : exam.attempts.length ? '再考一次' : '开始考试'}
          </Button>
          <ButtonLink variant="default" to="/study-exam/index" search={{ tab: 'exams' }}>
            返回考试列表
          </ButtonLink>
        </Group>
        {startError && !confirming ? (
          <Text c="red" size="sm" mt="xs" role="alert">
            {startError}
          </Text>
        ) : null}
      </Card>

      {exam.attempts.length ? (
        <Card withBorder radius="md" padding="md" component="section" aria-label="考试记录">
          <Title order={2} fz="md" mb="sm">
            考试记录
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="考试记录">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>开始时间</Table.Th>
                  <Table.Th>交卷时间</Table.Th>
                  <Table.Th ta="right">得分</Table.Th>
                  <Table.Th>结果</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exam.attempts.map((a) => (
                  <Table.Tr key={a.attempt_id}>
                    <Table.Td>{formatTime(a.started_at)}</Table.Td>
                    <Table.Td>{a.submitted_at ? formatTime(a.submitted_at) : '作答中'}</Table.Td>
                    <Table.Td ta="right">{a.score ?? '—'}</Table.Td>
                    <Table.Td>{a.passed === null ? '—' : a.passed ? '通过' : '未通过'}</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => onAttempt(a.attempt_id)}>
                        {a.status === 'in_progress' ? '继续作答' : '查看'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}

      <Modal opened={confirming} onClose={starting ? () => {} : () => setConfirming(false)} title="开始考试" centered>
        <Stack gap="sm">
          <Text size="sm">
            开始后计时{exam.time_limit_minutes}分钟，中途不能暂停；时间到后按已保存的答案自动交卷。
            {left !== null ? `这将使用1次考试机会（剩余${left}次）。` : ''}
          </Text>
          {startError ? (
            <Text c="red" size="sm" role="alert">
              {startError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={starting}>
              取消
            </Button>
            <Button onClick={() => void start()} loading={starting}>
              开始考试
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
