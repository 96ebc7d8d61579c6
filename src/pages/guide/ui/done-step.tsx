import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { markTourPending } from '@/features/guidance-tour';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { notify } from '@/shared/ui';
import type { StepProps } from './step-shared';

/**
 * Step 6: finish. Saving it moves the profile to step 6; the guide then leaves for /home (see
 * GuidePage), where the navigation guard lets a finished designer in.
 */
export function DoneStep({ profile, onBack, onSaveError }: StepProps) {
  const save = useSaveOnboardingStep();
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
        <Text fz={32} fw={700} c="var(--app-color-positive)" component="span">
          ✓
        </Text>
      </ThemeIcon>
      <Title order={3}>资料已全部完善</Title>
      <Text c="dimmed" maw={480}>
        {profile.real_name || profile.nickname}，欢迎加入！进入工作台后，你可以在个人中心打开“接单中”开始接收工单，也可以先去学习考试里熟悉平台规范。
      </Text>
      <Group mt="md">
        {onBack ? (
          <Button variant="default" onClick={onBack} disabled={save.isPending}>
            上一步
          </Button>
        ) : null}
        <Button
          size="md"
          loading={save.isPending}
          onClick={() =>
            save.mutate({ step: 6 }, {
                onSuccess: () => {
                  // The guidance tour shows once on the first signed-in screen.
                  markTourPending(profile.designer_id);
                  notify('欢迎加入，开始接单吧', 'success');
                },
                onError: onSaveError,
              })
          }
        >
          进入工作台
        </Button>
      </Group>
    </Stack>
  );
}
