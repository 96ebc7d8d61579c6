import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatTime, shortDay, weekdayText } from '@/shared/lib';
import { PLAN_REQUEST_KIND_TEXT, PLAN_REQUEST_STATUS_COLOR, PLAN_REQUEST_STATUS_TEXT, type PlanRequest } from '../model/order-plan.schema';

/** One change request: who, which days to what, why, and how it was decided. */
export function PlanRequestCard({ request, actions, showDesigner = true }: { request: PlanRequest; actions?: ReactNode; showDesigner?: boolean }) {
  return (
    <Card withBorder padding="sm" radius="sm" component="li" data-request-id={request.request_id} aria-label={`变更申请 ${request.request_id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {showDesigner ? <Text fw={600} size="sm">{request.designer_name}</Text> : null}
            <Badge variant="light" c="var(--mantine-color-text)">{PLAN_REQUEST_KIND_TEXT[request.kind]}</Badge>
            <Badge color={PLAN_REQUEST_STATUS_COLOR[request.status]} variant="dot" data-testid="plan-request-status">
              {PLAN_REQUEST_STATUS_TEXT[request.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            申请于 {formatTime(request.created_at)}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap" role="group" aria-label="变更内容">
          {request.changes.map((c) => (
            <Badge key={c.day} variant="outline" color="gray" tt="none">
              {shortDay(c.day)} {weekdayText(c.day)} → {c.capacity} 单
            </Badge>
          ))}
        </Group>
        <Text size="sm">原因：{request.reason}</Text>
        {request.status !== 'pending' ? (
          <Text size="sm" c="dimmed">
            {request.reviewer_name ?? '负责人'}于 {formatTime(request.reviewed_at)} {PLAN_REQUEST_STATUS_TEXT[request.status]}
            {request.review_note ? `：${request.review_note}` : ''}
          </Text>
        ) : null}
        {actions}
      </Stack>
    </Card>
  );
}
