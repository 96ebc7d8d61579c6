import { Anchor, Box, Button, Container, Group, Paper, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ONBOARDING_STEPS } from '@/entities/onboarding';
import { maskPhone, type Profile, userQueries } from '@/entities/user';
import { useLogout } from '@/features/auth';
import { ApiError, tokenStore } from '@/shared/api';
import { REGISTRATION_COMPLETE_STEP } from '@/shared/config/constants';
import { PRODUCT_NAME } from '@/shared/ui';
import { DATA_STEPS, progress, reachableStep, shownStep } from '../model/guide-steps';
import { BankStep } from './bank-step';
import { BasicInfoStep } from './basic-info-step';
import { DoneStep } from './done-step';
import { OrientationStep } from './orientation-step';
import { SkillsStep } from './skills-step';
import type { StepProps } from './step-shared';
import { WorkStep } from './work-step';

const STEP_FORMS: Record<number, (props: StepProps) => React.ReactNode> = {
  1: BasicInfoStep,
  2: WorkStep,
  3: SkillsStep,
  4: BankStep,
  5: OrientationStep,
  6: DoneStep,
};

/**
 * `/guide`: the onboarding after registration. Resumes after the last saved step; saved steps can
 * be revisited, later ones cannot be opened. A public route, but it needs a signed-in account.
 */
export function GuidePage() {
  if (!tokenStore.get()) return <Navigate to="/login" replace />;
  return <Guide />;
}

function Guide() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(userQueries.profile());
  const logout = useLogout(() => void navigate({ to: '/login' }));

  return (
    <Box mih="100dvh" bg="var(--app-color-page)">
      <Box component="header" bg="var(--mantine-color-body)" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size={880} px={0}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} fz="lg">
              {PRODUCT_NAME}
            </Text>
            <Group gap="md" wrap="nowrap">
              {profile.data ? (
                <Text size="sm" c="dimmed">
                  当前账号：{maskPhone(profile.data.phone)}
                </Text>
              ) : null}
              <Anchor component="button" type="button" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
                退出登录
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={880} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 32 }}>
        {profile.isPending ? (
          <Paper withBorder radius="md" p="xl" role="status" aria-busy="true" aria-label="正在加载">
            <Stack gap="md">
              <Skeleton height={28} width="40%" />
              <Skeleton height={12} />
              <Skeleton height={48} />
              <Skeleton height={200} />
            </Stack>
          </Paper>
        ) : profile.isError ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Title order={1} size="h3">
                资料加载失败
              </Title>
              <Text c="dimmed">{profile.error instanceof ApiError ? profile.error.message : '请检查网络后重试'}</Text>
              <Button onClick={() => void profile.refetch()}>重试</Button>
            </Stack>
          </Paper>
        ) : profile.data.current_registration_step >= REGISTRATION_COMPLETE_STEP ? (
          // Finished (also right after 进入工作台 saved step 6): on to the workbench.
          <Navigate to="/home" replace />
        ) : (
          <GuideSteps
            profile={profile.data}
            onStale={() => void queryClient.invalidateQueries({ queryKey: userQueries.profile().queryKey })}
          />
        )}
      </Container>
    </Box>
  );
}

function GuideSteps({ profile, onStale }: { profile: Profile; onStale: () => void }) {
  const [picked, setPicked] = useState<number>();
  const current = profile.current_registration_step;
  const step = shownStep(current, picked);
  const reachable = reachableStep(current);
  const meta = ONBOARDING_STEPS[step - 1]!;
  const { done, percent } = progress(current);
  const StepForm = STEP_FORMS[step]!;

  // Move focus to the new step's heading when the designer changes step (not on first load).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  const open = (next: number) => {
    moved.current = true;
    setPicked(next);
  };

  const onSaveError = (error: unknown) => {
    // The server keeps the real progress: when it refuses the step, start over from its state.
    if (error instanceof ApiError && (error.status === 409 || error.fieldMessage('step'))) {
      setPicked(undefined);
      onStale();
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 32 }}>
      <Stack gap={4} mb="lg">
        <Title order={1} size="h2">
          完善入驻资料
        </Title>
        <Text c="dimmed" size="sm">
          完成以下步骤即可开始接单。每一步保存后都可以返回修改。
        </Text>
      </Stack>
      <Group gap="sm" mb="lg" wrap="nowrap">
        <Progress
          value={percent}
          flex={1}
          size="md"
          radius="xl"
          aria-label="入驻进度"
          color={done === DATA_STEPS ? 'teal' : undefined}
        />
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          已完成 {done}/{DATA_STEPS} 步
        </Text>
      </Group>
      <Stepper active={step - 1} onStepClick={(index) => open(index + 1)} size="sm" iconSize={32}>
        {ONBOARDING_STEPS.map((s) => (
          <Stepper.Step
            key={s.step}
            label={s.label}
            allowStepSelect={s.step <= reachable}
            aria-current={s.step === step ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Box mt="xl" pt="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1} mb={4} style={{ outline: 'none' }}>
          第{step}步 · {meta.label}
        </Title>
        <Text size="sm" c="dimmed" mb="lg">
          {meta.description}
        </Text>
        <StepForm
          key={step}
          profile={profile}
          onSaved={() => open(Math.min(step + 1, REGISTRATION_COMPLETE_STEP))}
          onBack={step > 1 ? () => open(step - 1) : undefined}
          onSaveError={onSaveError}
        />
      </Box>
    </Paper>
  );
}
