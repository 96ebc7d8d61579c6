import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/shared/api';
import { addDays } from '@/shared/lib';
import { useCreatePlan, weekStartError } from '../model/edit-order-plan';

interface Props {
  /** The Monday offered first (usually next week's). */
  defaultWeekStart: string;
  onClose: () => void;
  onCreated: (planId: number) => void;
}

/** Creates the plan of a week; each member's days start at their daily capacity. */
export function CreatePlanModal({ defaultWeekStart, onClose, onCreated }: Props) {
  const mutation = useCreatePlan();
  const [weekStart, setWeekStart] = useState(defaultWeekStart);
  const [error, setError] = useState<string | null>(null);
  const server = mutation.error instanceof ApiError ? mutation.error : null;
  const shownError = error ?? server?.fieldMessage('week_start') ?? (server?.status === 409 ? server.message : undefined);
  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title="新建周计划" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = weekStartError(weekStart);
          setError(found);
          if (found) return;
          mutation.mutate(weekStart, { onSuccess: (detail) => onCreated(detail.plan_id) });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="计划周（周一）"
            type="date"
            required
            data-autofocus
            value={weekStart}
            onChange={(e) => {
              setWeekStart(e.currentTarget.value);
              setError(null);
            }}
            error={shownError}
            description={!weekStartError(weekStart) ? `${weekStart} 至 ${addDays(weekStart, 6)}` : undefined}
          />
          <Text size="sm" c="dimmed">
            新计划中每位设计师每天的接单量先取其每日接单上限，创建后可逐格修改。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              取消
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              创建
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
