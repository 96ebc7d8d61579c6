import { Badge, Button, Card, Center, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatTime } from '@/shared/lib';
import { durationText } from '../lib/format';
import { timeoutDisplay } from '../lib/ticket-actions';
import { STAGE_TEXT, type TicketItem } from '../model/ticket.schema';
import { MarkerBadges } from './marker-badges';
import { StatusTag } from './status-tag';
import type { TicketTableProps } from './ticket-table';
import { TimeoutCell } from './timeout-cell';

function TimeText({ ticket }: { ticket: TicketItem }) {
  const display = timeoutDisplay(ticket);
  if (display === 'timer') return <TimeoutCell startedAt={ticket.started_at} allowedMinutes={ticket.allowed_minutes} />;
  if (display === 'not_started')
    return (
      <Text size="sm" c="dimmed" span>
        时限{durationText(ticket.allowed_minutes)}
      </Text>
    );
  return null;
}

/**
 * The tickets of a list as cards, for phones: what the table's row says, stacked to fit 390 px.
 * A tap anywhere on a card opens the ticket; for the keyboard and screen readers its title is the
 * button. Same loading, error and empty states as the table.
 */
export function TicketCards({
  label,
  items,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  showDesigner,
  onOpen,
  selectedId,
  actions,
  skeletonRows = 4,
}: Omit<TicketTableProps, 'selection'>) {
  if (loading && !items) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </Stack>
    );
  }
  if (error && !items) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" role="alert">
          <Text c="red">{error.message || '加载失败'}</Text>
          {onRetry ? (
            <Button variant="light" size="xs" onClick={onRetry}>
              重试
            </Button>
          ) : null}
        </Stack>
      </Center>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Center py="xl">
        <Text c="dimmed">{emptyText}</Text>
      </Center>
    );
  }
  return (
    <Stack
      gap="sm"
      role="list"
      aria-label={label}
      aria-busy={refreshing ? true : undefined}
      style={{ opacity: refreshing ? 0.7 : 1, transition: 'opacity 120ms' }}
    >
      {items.map((t) => {
        const selected = selectedId === t.ticket_id;
        return (
          <Card
            key={t.ticket_id}
            role="listitem"
            withBorder
            padding="sm"
            radius="md"
            data-ticket-id={t.ticket_id}
            bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
            style={onOpen ? { cursor: 'pointer' } : undefined}
            onClick={onOpen ? () => onOpen(t) : undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={4} wrap="nowrap" miw={0}>
                  <Text size="xs" ff="monospace" c="dimmed" truncate>
                    {t.order_no}
                  </Text>
                  {t.unread_comments ? (
                    <Badge size="xs" color="red" circle={t.unread_comments < 10} aria-label={`${t.unread_comments}条未读评论`}>
                      {t.unread_comments > 99 ? '99+' : t.unread_comments}
                    </Badge>
                  ) : null}
                </Group>
                <StatusTag status={t.status} />
              </Group>
              {onOpen ? (
                <UnstyledButton
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(t);
                  }}
                  aria-current={selected ? 'true' : undefined}
                  aria-label={`打开工单 ${t.order_no}：${t.title}`}
                >
                  <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {t.title}
                  </Text>
                </UnstyledButton>
              ) : (
                <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {t.title}
                </Text>
              )}
              <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                {t.shop_name} · {t.product_name}
              </Text>
              <Group gap="xs" wrap="wrap">
                <MarkerBadges orderMarkers={t.order_markers} workMarkers={t.work_markers} />
                <Text size="sm">{STAGE_TEXT[t.stage]}</Text>
                <TimeText ticket={t} />
                {showDesigner ? (
                  <Text size="sm" c={t.designer_name ? undefined : 'dimmed'}>
                    {t.designer_name ?? '未分配'}
                  </Text>
                ) : null}
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed">
                  创建于 {formatTime(t.created_at)}
                </Text>
                {actions ? (
                  <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                    {actions.render(t)}
                  </div>
                ) : null}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
