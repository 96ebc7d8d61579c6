import { Alert, List, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { onboardingQueries, type Orientation } from '@/entities/onboarding';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { ApiError } from '@/shared/api';
import { unanswered } from '../model/guide-steps';
import { LoadFailed, StepActions, type StepProps } from './step-shared';

/** Step 5: read the platform rules and answer the questions; the server checks the answers. */
export function OrientationStep(props: StepProps) {
  const orientation = useQuery(onboardingQueries.orientation());
  if (orientation.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="正在加载平台须知">
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={90} mt="md" />
      </Stack>
    );
  }
  if (orientation.isError) return <LoadFailed message="平台须知加载失败" onRetry={() => void orientation.refetch()} />;
  return <OrientationForm {...props} orientation={orientation.data} />;
}

function OrientationForm({ profile, onSaved, onBack, onSaveError, orientation }: StepProps & { orientation: Orientation }) {
  const save = useSaveOnboardingStep();
  const passed = profile.current_registration_step >= 5;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [wrong, setWrong] = useState<string | null>(null);

  const choose = (id: string, option: string) => {
    setAnswers((a) => ({ ...a, [id]: option }));
    setMissing((m) => m.filter((q) => q !== id));
    setWrong(null);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (passed) return onSaved();
    const left = unanswered(
      orientation.questions.map((q) => q.id),
      answers,
    );
    setMissing(left);
    if (left.length) return;
    save.mutate(
      { step: 5, answers },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // 422 on `answers` says how many are wrong; it stays above the button until an answer changes.
          if (error instanceof ApiError) setWrong(error.fieldMessage('answers') ?? null);
          onSaveError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="平台须知">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" bg="var(--app-color-page)">
          <Title order={3} size="h5" mb="xs">
            接单前请了解
          </Title>
          <List spacing="xs" size="sm">
            {orientation.paragraphs.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Paper>
        {passed ? (
          <Alert color="teal" title="你已通过平台须知答题">
            可直接进入下一步；如需复习，上面的内容随时可以再读。
          </Alert>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              请根据上面的内容回答以下问题，全部答对即可继续。
            </Text>
            {orientation.questions.map((q, i) => (
              <Radio.Group
                key={q.id}
                label={`${i + 1}. ${q.question}`}
                required
                value={answers[q.id] ?? null}
                onChange={(v) => choose(q.id, v)}
                error={missing.includes(q.id) ? '请选择答案' : undefined}
              >
                <Stack gap={8} mt="xs">
                  {q.options.map((o) => (
                    <Radio key={o.id} value={o.id} label={o.label} />
                  ))}
                </Stack>
              </Radio.Group>
            ))}
            {wrong ? (
              <Alert color="red" role="alert" title="答题未通过">
                {wrong}
              </Alert>
            ) : null}
          </Stack>
        )}
      </Stack>
      <StepActions onBack={onBack} loading={save.isPending} submitLabel={passed ? '下一步' : '提交答案'} />
    </form>
  );
}
