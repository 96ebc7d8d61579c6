import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/shared/api';
import { addDays, mondayOf, shanghaiDay } from '@/shared/lib';
import { DayInput } from '@/shared/ui/day-picker';
import { useCreatePlan, weekStartError } from '../model/edit-order-plan';

interface Props {
  /** The Monday offered first (usually next week's). */
  defaultWeekStart: string;
  onClose: () => void;
  onCreated: (planId: number) => void;
}

/** Quick picks of the plan's Monday (Shanghai's today): this week's and next week's. */
function weekPresets(today: string) {
  const monday = mondayOf(today);
  return [
    { value: monday, label: '本周' },
    { value: addDays(monday, 7), label: '下周' },
  ];
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
          <DayInput
            label="计划周（周一）"
            required
            value={weekStart}
            presets={weekPresets(shanghaiDay())}
            onChange={(day) => {
              setWeekStart(day);
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
