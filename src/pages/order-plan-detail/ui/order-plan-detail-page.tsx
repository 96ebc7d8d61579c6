import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useParams } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import {
  changedCells,
  errorCount,
  gridFromDetail,
  isDirty,
  orderPlanQueries,
  type PlanDetail,
  type PlanGrid,
  PlanRequestCard,
  type PlanRequest,
  type PlanReviewDecision,
  rebase,
} from '@/entities/order-plan';
import { useSavePlanCells } from '@/features/edit-order-plan';
import { ReviewPlanRequestModal } from '@/features/review-plan-request';
import { ApiError } from '@/shared/api';
import { PlanGridEditor } from './plan-grid-editor';
import { ButtonLink } from '@/shared/ui/router-links';
import { DetailStates } from '@/shared/ui';

const REQUEST_FILTERS = [
  { value: 'pending', label: '待审核' },
  { value: 'all', label: '全部' },
] as const;

function Requests({ requests }: { requests: readonly PlanRequest[] }) {
  const [filter, setFilter] = useState<'pending' | 'all'>('pending');
  const [review, setReview] = useState<{ request: PlanRequest; decision: PlanReviewDecision } | null>(null);
  const shown = filter === 'pending' ? requests.filter((r) => r.status === 'pending') : requests;
  const pending = requests.filter((r) => r.status === 'pending').length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="变更申请">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={3} fz="md">
            变更申请
          </Title>
          {pending ? (
            <Badge color="orange" variant="light" c="var(--mantine-color-text)">
              {pending} 条待审核
            </Badge>
          ) : null}
        </Group>
        <SegmentedControl size="xs" aria-label="申请筛选" value={filter} onChange={(v) => setFilter(v as 'pending' | 'all')} data={REQUEST_FILTERS.map((f) => ({ ...f }))} />
      </Group>
      {shown.length ? (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="申请列表">
          {shown.map((r) => (
            <PlanRequestCard
              key={r.request_id}
              request={r}
              actions={
                r.status === 'pending' ? (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" onClick={() => setReview({ request: r, decision: 'approve' })}>
                      通过
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setReview({ request: r, decision: 'reject' })}>
                      驳回
                    </Button>
                  </Group>
                ) : null
              }
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {filter === 'pending' ? '暂无待审核的申请' : '该周暂无变更申请'}
        </Text>
      )}
      {review ? <ReviewPlanRequestModal request={review.request} decision={review.decision} onClose={() => setReview(null)} /> : null}
    </Card>
  );
}

function Plan({ plan }: { plan: PlanDetail }) {
  const save = useSavePlanCells(plan.plan_id);
  const [grid, setGrid] = useState<PlanGrid>(() => gridFromDetail(plan));
  // A refreshed plan (saved here, a request approved, a message) replaces the grid, keeping pending edits.
  const [seen, setSeen] = useState(plan);
  if (seen !== plan) {
    setSeen(plan);
    setGrid(rebase(grid, plan));
  }
  const changes = changedCells(grid);
  const errors = errorCount(grid);
  const dirty = isDirty(grid);
  const serverError = save.error instanceof ApiError && save.error.status === 422 ? save.error.message : null;

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm('计划有未保存的修改，确定离开吗？'),
    enableBeforeUnload: () => dirty,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl">
          {plan.week_start} 至 {plan.week_end} 接单计划
        </Title>
        <ButtonLink variant="default" to="/order-plan/index">
          返回计划列表
        </ButtonLink>
      </Group>
      <Card withBorder radius="md" padding="md" component="section" aria-label="计划表">
        <PlanGridEditor grid={grid} onChange={setGrid} disabled={save.isPending} />
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Text size="sm" c={errors ? 'red' : 'dimmed'} aria-live="polite">
            {errors ? `有 ${errors} 格填写不正确` : changes.length ? `已修改 ${changes.length} 格，尚未保存` : '没有未保存的修改'}
            {serverError ? `；${serverError}` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setGrid(gridFromDetail(plan))}>
              撤销修改
            </Button>
            <Button
              disabled={changes.length === 0 || errors > 0}
              loading={save.isPending}
              onClick={() => save.mutate(changes, { onSuccess: (detail) => setGrid((g) => rebase(g, detail, changes)) })}
            >
              保存计划
            </Button>
          </Group>
        </Group>
      </Card>
      <Requests requests={plan.requests} />
    </Stack>
  );
}

/** `/order-plan/detail/$id`: the week's grid (designers × 7 days) with save, and its change requests. */
export function OrderPlanDetailPage(): ReactElement {
  const params = useParams({ strict: false });
  const [id] = useState(() => Number(params.id));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...orderPlanQueries.detail(id), enabled: valid });
  return (
    <DetailStates invalid={valid ? null : '计划编号不正确'} query={detail} skeleton={[240, 120]}>
      {(data) => <Plan plan={data} />}
    </DetailStates>
  );
}
