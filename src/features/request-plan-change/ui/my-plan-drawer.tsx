import { Alert, Button, Center, Drawer, Group, Loader, SegmentedControl, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CAPACITY_MAX, orderPlanQueries, type PlanRequestKind, PlanRequestCard, REASON_MAX } from '@/entities/order-plan';
import { ApiError } from '@/shared/api';
import { addDays, shanghaiDay, shortDay, weekdayText } from '@/shared/lib';
import {
  buildChangeRequest,
  type ChangeFormErrors,
  editableDays,
  requestWeekOffsets,
  useRequestPlanChange,
  weekStartAfter,
} from '../model/plan-change-form';

const WEEK_OFFSETS = [0, 1, 2] as const;
const WEEK_TEXT: Record<number, string> = { 0: '本周', 1: '下周', 2: '下下周' };

function PlanWeek({ weekStart, label }: { weekStart: string; label: string }) {
  const mine = useQuery(orderPlanQueries.mine(weekStart));
  if (mine.isPending)
    return (
      <Center py="md">
        <Loader role="status" size="sm" aria-label="加载中" />
      </Center>
    );
  if (mine.isError)
    return (
      <Stack align="center" gap="xs" role="alert">
        <Text c="red" size="sm">
          {mine.error.message}
        </Text>
        <Button size="xs" variant="light" onClick={() => void mine.refetch()}>
          重试
        </Button>
      </Stack>
    );
  const plan = mine.data;
  return (
    <Stack gap="sm">
      {plan.plan_id === null ? (
        <Text size="sm" c="dimmed">
          负责人尚未制定该周计划，按你的每日接单上限分配。
        </Text>
      ) : null}
      <Table withTableBorder fz="sm" aria-label={`${label}计划`} ta="center">
        <Table.Thead>
          <Table.Tr>
            {plan.cells.map((c) => (
              <Table.Th key={c.day} ta="center">
                {weekdayText(c.day)}
                <Text size="xs" c="dimmed">
                  {shortDay(c.day)}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {plan.cells.map((c) => (
              <Table.Td key={c.day} data-day={c.day}>
                {c.capacity}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Title order={4} fz="sm" c="dimmed">
        变更申请
      </Title>
      {plan.requests.length ? (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="我的变更申请">
          {plan.requests.map((r) => (
            <PlanRequestCard key={r.request_id} request={r} showDesigner={false} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          该周暂无变更申请
        </Text>
      )}
    </Stack>
  );
}

/** The form of a weekly or real-time change request; days prefilled with the capacity now. */
function RequestForm({ today, onDone }: { today: string; onDone: () => void }) {
  const [kind, setKind] = useState<PlanRequestKind>('realtime');
  const offsets = requestWeekOffsets(kind, today);
  const [offset, setOffset] = useState<number>(offsets[0]!);
  const weekStart = weekStartAfter(today, offset);
  const days = editableDays(kind, today, weekStart);
  const mine = useQuery(orderPlanQueries.mine(weekStart));
  const current: Record<string, number> = {};
  for (const c of mine.data?.cells ?? []) current[c.day] = c.capacity;
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<ChangeFormErrors>({ days: {} });
  const mutation = useRequestPlanChange();
  const server = mutation.error instanceof ApiError ? mutation.error : null;
  // 422 on a day (changes.0.day) or the week: shown above the button.
  const changesError = server?.fieldErrors.find((f) => f.field.startsWith('changes') || f.field === 'week_start')?.message;

  const choose = (nextKind: PlanRequestKind, nextOffset: number) => {
    setKind(nextKind);
    setOffset(nextOffset);
    setTyped({});
    setErrors({ days: {} });
  };

  const submit = () => {
    const result = buildChangeRequest({ kind, weekStart, days, typed, current, reason });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({ days: {} });
    mutation.mutate(result.body, { onSuccess: onDone });
  };

  return (
    <form
      noValidate
      aria-label="申请计划变更"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="变更类型"
          value={kind}
          onChange={(v) => {
            const nextKind = v as PlanRequestKind;
            choose(nextKind, requestWeekOffsets(nextKind, today)[0]!);
          }}
          data={[
            { value: 'realtime', label: '实时变更（今天起7天内）' },
            { value: 'weekly', label: '周计划变更（以后的周）' },
          ]}
        />
        <Select
          label="变更的周"
          allowDeselect={false}
          w={280}
          value={String(offset)}
          onChange={(v) => choose(kind, Number(v ?? offsets[0]))}
          data={offsets.map((o) => {
            const start = weekStartAfter(today, o);
            return { value: String(o), label: `${WEEK_TEXT[o]}（${start} 至 ${addDays(start, 6)}）` };
          })}
        />
        {mine.isPending ? (
          <Center py="sm">
            <Loader role="status" size="sm" aria-label="加载中" />
          </Center>
        ) : (
          <Group gap="xs" align="flex-start" role="group" aria-label="每日接单量">
            {days.map((day) => (
              <TextInput
                key={day}
                w={78}
                label={`${weekdayText(day)} ${shortDay(day)}`}
                inputMode="numeric"
                maxLength={3}
                value={typed[day] ?? String(current[day] ?? 0)}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setTyped((t) => ({ ...t, [day]: v }));
                }}
                error={errors.days[day]}
              />
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          每天 0–{CAPACITY_MAX} 单；只提交改动过的日期。
        </Text>
        {errors.changes ? (
          <Text size="sm" c="red" role="alert">
            {errors.changes}
          </Text>
        ) : null}
        <Textarea
          label="变更原因"
          required
          autosize
          minRows={2}
          maxRows={5}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason ?? server?.fieldMessage('reason')}
        />
        {changesError ? (
          <Alert color="red" variant="light" p="xs">
            {changesError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={mine.isPending}>
            提交申请
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A designer's plan: the week's capacity per day, their requests and a new request. */
export function MyPlanDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const today = shanghaiDay();
  const [offset, setOffset] = useState<number>(0);
  const [requesting, setRequesting] = useState(false);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title="我的接单计划" padding="lg">
      <Stack gap="md">
        <SegmentedControl
          aria-label="查看的周"
          value={String(offset)}
          onChange={(v) => setOffset(Number(v))}
          data={WEEK_OFFSETS.map((o) => ({ value: String(o), label: WEEK_TEXT[o]! }))}
        />
        <PlanWeek weekStart={weekStartAfter(today, offset)} label={WEEK_TEXT[offset]!} />
        {requesting ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4} fz="sm">
                申请计划变更
              </Title>
              <Button size="xs" variant="subtle" onClick={() => setRequesting(false)}>
                取消
              </Button>
            </Group>
            <RequestForm today={today} onDone={() => setRequesting(false)} />
          </Stack>
        ) : (
          <Button variant="light" onClick={() => setRequesting(true)}>
            申请变更
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}

/**
 * The '我的计划' button of a designer's ticket page and its drawer; `opened`/`onOpenChange` let the
 * page keep it open in the URL (a plan decision's message opens it).
 */
export function MyPlanButton(props: { opened?: boolean; onOpenChange?: (opened: boolean) => void }) {
  const [own, setOwn] = useState(false);
  const opened = props.opened ?? own;
  const setOpened = props.onOpenChange ?? setOwn;
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        我的计划
      </Button>
      {opened ? <MyPlanDrawer opened onClose={() => setOpened(false)} /> : null}
    </>
  );
}
