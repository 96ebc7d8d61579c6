import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { candidateApi, candidateExamTaker, candidateQueries, candidateTokenStore, type PublicExam, studyQueries } from '@/entities/study';
import { userApi } from '@/entities/user';
import { ExamAttempt } from '@/features/take-exam';
import { ApiError } from '@/shared/api';
import { formatTime } from '@/shared/lib';
import { DetailStates } from '@/shared/ui';

/** The credential lasts to the attempt's deadline + 30 minutes once it starts (the server's rule). */
const AFTER_DEADLINE_MS = 30 * 60_000;

interface Props {
  examId: number;
  attemptId: number | undefined;
  onAttempt: (attemptId: number) => void;
  toIntro: () => void;
  /** The exam is not public: log in as for any private page. */
  onNeedLogin: () => void;
}

/**
 * A public exam for someone without an account: its rules, the phone verified by an SMS code, then
 * the same attempt screen as a member's through the candidate's calls.
 */
export function CandidateExam({ examId, attemptId, onAttempt, toIntro, onNeedLogin }: Props): ReactElement {
  const exam = useQuery(candidateQueries.publicExam(examId));
  const [token, setToken] = useState(() => candidateTokenStore.get(examId));
  const taker = useMemo(() => (token ? candidateExamTaker(token) : null), [token]);
  const notPublic = exam.error instanceof ApiError && exam.error.status === 404;
  useEffect(() => {
    if (notPublic) onNeedLogin();
  }, [notPublic, onNeedLogin]);

  const reverify = () => {
    candidateTokenStore.clear(examId);
    setToken(null);
    toIntro();
  };

  if (attemptId && taker)
    return (
      <ExamAttempt
        taker={taker}
        attemptId={attemptId}
        errorActions={
          <Button variant="default" size="xs" onClick={reverify}>
            重新验证手机号
          </Button>
        }
      />
    );
  return (
    <DetailStates query={exam} skeleton={[160, 120]}>
      {(data) => (
        <Stack gap="md">
          <Rules exam={data} />
          {!data.candidates_can_take ? (
            <Alert color="orange" role="status">
              该考试需要先完成指定课程，请注册登录后参加。
            </Alert>
          ) : token ? (
            <CandidateStart examId={examId} token={token} onAttempt={onAttempt} onExpired={reverify} />
          ) : (
            <VerifyPhone
              examId={examId}
              onVerified={(t, expiresAt) => {
                candidateTokenStore.set(examId, t, expiresAt);
                setToken(t);
              }}
            />
          )}
        </Stack>
      )}
    </DetailStates>
  );
}

function Rules({ exam }: { exam: PublicExam }): ReactElement {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="考试说明">
      <Title order={1} fz="xl" mb="xs">
        {exam.title}
      </Title>
      {exam.description ? (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {exam.description}
        </Text>
      ) : null}
      <Stack gap={4}>
        <Text size="sm">考试时长：{exam.time_limit_minutes}分钟（开始后计时，不能暂停）</Text>
        <Text size="sm">
          题目：{exam.question_count}题，共{exam.total_points}分；及格线 {exam.pass_mark}%
        </Text>
        <Text size="sm">考试次数：{exam.attempts_allowed === 0 ? '不限' : `每个手机号${exam.attempts_allowed}次`}</Text>
        <Text size="sm">答案解析：{exam.review_enabled ? '交卷后可查看' : '不公布'}</Text>
      </Stack>
    </Card>
  );
}

const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;

function VerifyPhone({ examId, onVerified }: { examId: number; onVerified: (token: string, expiresAt: string) => void }): ReactElement {
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const sendCode = async () => {
    if (!PHONE.test(phone.trim())) return setErrors({ phone: '手机号格式不正确' });
    setErrors({});
    setSending(true);
    try {
      await userApi.sendCode(phone.trim(), 'exam_candidate');
      setCooldown(60);
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      setErrors({ phone: e?.fieldMessage('phone') ?? e?.message ?? '验证码发送失败' });
    } finally {
      setSending(false);
    }
  };

  const verify = async () => {
    const next: typeof errors = {};
    if (!PHONE.test(phone.trim())) next.phone = '手机号格式不正确';
    if (!CODE.test(code.trim())) next.code = '验证码为6位数字';
    setErrors(next);
    if (next.phone || next.code) return;
    setVerifying(true);
    try {
      const verified = await candidateApi.verify(examId, phone.trim(), code.trim());
      const { token, ...state } = verified;
      queryClient.setQueryData(candidateQueries.state(examId, token).queryKey, state);
      onVerified(token, state.expires_at);
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      if (e?.fieldMessage('code')) setErrors({ code: e.fieldMessage('code') });
      else if (e?.fieldMessage('phone')) setErrors({ phone: e.fieldMessage('phone') });
      else setErrors({ form: e?.message ?? '验证失败，请重试' });
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="form" aria-label="验证手机号" onSubmit={(e) => (e.preventDefault(), void verify())}>
      <Title order={2} fz="md" mb="xs">
        验证手机号参加考试
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        无需注册账号；考试记录绑定此手机号，日后用该手机号注册即归入你的账号。
      </Text>
      <Stack gap="sm" maw={360}>
        <TextInput label="手机号" inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} error={errors.phone} autoComplete="tel" />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label="验证码" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} style={{ flex: 1 }} autoComplete="one-time-code" />
          <Button variant="default" onClick={() => void sendCode()} loading={sending} disabled={cooldown > 0} mb={errors.code ? 22 : 0}>
            {cooldown > 0 ? `${cooldown}秒后重发` : '获取验证码'}
          </Button>
        </Group>
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Button type="submit" loading={verifying}>
          验证并进入考试
        </Button>
      </Stack>
    </Card>
  );
}

function CandidateStart({ examId, token, onAttempt, onExpired }: { examId: number; token: string; onAttempt: (id: number) => void; onExpired: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const state = useQuery(candidateQueries.state(examId, token));
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const taker = useMemo(() => candidateExamTaker(token), [token]);

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const attempt = await taker.start(examId);
      candidateTokenStore.set(examId, token, new Date(Date.parse(attempt.deadline) + AFTER_DEADLINE_MS).toISOString());
      queryClient.setQueryData(studyQueries.attempt(attempt.attempt_id).queryKey, attempt);
      onAttempt(attempt.attempt_id);
    } catch (error) {
      setStartError(error instanceof ApiError && error.message ? error.message : '开始考试失败，请重试');
    } finally {
      setStarting(false);
    }
  };

  return (
    <DetailStates
      query={state}
      skeleton={[120]}
      errorActions={
        <Button variant="default" size="xs" onClick={onExpired}>
          重新验证手机号
        </Button>
      }
    >
      {(s) => (
        <Card withBorder radius="md" padding="md" component="section" aria-label="参加考试">
          <Text size="sm" mb="sm">
            已验证手机号 {s.phone_masked}
            {s.best_score !== null ? `，最高分 ${s.best_score}分${s.passed ? '（已通过）' : ''}` : ''}
          </Text>
          {!s.can_start && s.open_attempt_id === null && s.cannot_start_reason ? (
            <Alert color="orange" mb="sm" role="status">
              {s.cannot_start_reason}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => void start()} loading={starting} disabled={s.open_attempt_id === null && !s.can_start}>
              {s.open_attempt_id !== null ? '继续作答' : '开始考试'}
            </Button>
          </Group>
          {startError ? (
            <Text c="red" size="sm" mt="xs" role="alert">
              {startError}
            </Text>
          ) : null}
          {s.attempts.length ? (
            <Table mt="md" verticalSpacing="xs" aria-label="考试记录">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>开始时间</Table.Th>
                  <Table.Th ta="right">得分</Table.Th>
                  <Table.Th>结果</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.attempts.map((a) => (
                  <Table.Tr key={a.attempt_id}>
                    <Table.Td>{formatTime(a.started_at)}</Table.Td>
                    <Table.Td ta="right">{a.score ?? '—'}</Table.Td>
                    <Table.Td>{a.passed === null ? '作答中' : a.passed ? '通过' : '未通过'}</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => onAttempt(a.attempt_id)}>
                        {a.status === 'in_progress' ? '继续作答' : '查看'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Card>
      )}
    </DetailStates>
  );
}
