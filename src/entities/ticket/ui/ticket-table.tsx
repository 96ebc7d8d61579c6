import { Badge, Button, Center, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatTime } from '@/shared/lib';
import { CopyText } from '@/shared/ui';
import { durationText } from '../lib/format';
import { timeoutDisplay } from '../lib/ticket-actions';
import { DEFAULT_TICKET_COLUMNS, type TicketColumn } from '../model/ticket-columns';
import { STAGE_TEXT, type TicketItem } from '../model/ticket.schema';
import { MarkerBadges } from './marker-badges';
import { StatusTag } from './status-tag';
import { TimeoutCell } from './timeout-cell';

export interface TicketTableProps {
  /** The table's accessible name. */
  label: string;
  items: readonly TicketItem[] | undefined;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** A newer page is loading while the previous one is shown. */
  refreshing?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyText: string;
  /** Team leads see who holds each ticket. */
  showDesigner?: boolean;
  /** Opens a ticket (row click or Enter). */
  onOpen?: (ticket: TicketItem) => void;
  selectedId?: number;
  /** A last column with per-row actions. */
  actions?: { label: string; render: (ticket: TicketItem) => ReactNode };
  skeletonRows?: number;
  /** A first column of checkboxes (team orders' bulk actions): the chosen ticket ids of this page. */
  selection?: { selected: ReadonlySet<number>; onChange: (selected: Set<number>) => void };
  /** The columns shown (a saved view's, the column picker's); the table's own when left out. */
  columns?: readonly TicketColumn[];
  /** The row under the keyboard cursor (j / k): marked, and focused when it moves. */
  cursorId?: number;
}

const CURSOR_MARK = { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' } as const;

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function TimeCell({ ticket }: { ticket: TicketItem }) {
  const display = timeoutDisplay(ticket);
  if (display === 'timer') return <TimeoutCell startedAt={ticket.started_at} allowedMinutes={ticket.allowed_minutes} />;
  if (display === 'not_started')
    return (
      <Text size="sm" c="dimmed" span>
        时限{durationText(ticket.allowed_minutes)}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" span>
      —
    </Text>
  );
}

/**
 * The ticket table of My tickets and the order hall: order number (copyable), title over its shop
 * and product, status tag, markers, stage, the timeout check, designer (leads), created time.
 * Shows its own loading skeleton, error with retry, and empty state.
 */
export function TicketTable({
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
  skeletonRows = 8,
  selection,
  columns: shown = DEFAULT_TICKET_COLUMNS,
  cursorId,
}: TicketTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  // The cursor's row takes the focus (and scrolls into view), so Enter opens it and a screen reader reads it.
  useEffect(() => {
    if (cursorId === undefined) return;
    tableRef.current?.querySelector<HTMLElement>(`tr[data-ticket-id="${cursorId}"]`)?.focus();
  }, [cursorId]);
  const show = (c: TicketColumn) => shown.includes(c) && (c !== 'designer_name' || !!showDesigner);
  const columns = shown.filter(show).length + (actions ? 1 : 0) + (selection ? 1 : 0);
  const pageIds = (items ?? []).map((t) => t.ticket_id);
  const chosenOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const toggle = (id: number, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const head = (
    <Table.Thead>
      <Table.Tr>
        {selection ? (
          <Table.Th w={40}>
            <Checkbox
              aria-label="全选本页工单"
              disabled={pageIds.length === 0}
              checked={pageIds.length > 0 && chosenOnPage === pageIds.length}
              indeterminate={chosenOnPage > 0 && chosenOnPage < pageIds.length}
              onChange={(e) => {
                const next = new Set(selection.selected);
                for (const id of pageIds) {
                  if (e.currentTarget.checked) next.add(id);
                  else next.delete(id);
                }
                selection.onChange(next);
              }}
            />
          </Table.Th>
        ) : null}
        {show('order_no') ? <Table.Th w={170}>订单号</Table.Th> : null}
        {show('title') ? <Table.Th miw={200}>标题 / 店铺 · 产品</Table.Th> : null}
        {show('status') ? <Table.Th w={118}>状态</Table.Th> : null}
        {show('order_markers') ? <Table.Th w={84}>标记</Table.Th> : null}
        {show('stage') ? <Table.Th w={84}>阶段</Table.Th> : null}
        {show('due_at') ? <Table.Th w={140}>时效</Table.Th> : null}
        {show('designer_name') ? <Table.Th w={84}>设计师</Table.Th> : null}
        {show('created_at') ? <Table.Th w={136}>创建时间</Table.Th> : null}
        {show('updated_at') ? <Table.Th w={136}>更新时间</Table.Th> : null}
        {actions ? <Table.Th w={100}>{actions.label}</Table.Th> : null}
      </Table.Tr>
    </Table.Thead>
  );

  let body: ReactNode;
  if (loading && !items) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <Table.Tr key={i} aria-hidden>
        {Array.from({ length: columns }, (__, j) => (
          <Table.Td key={j}>
            <Skeleton h={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error && !items) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns}>
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
        </Table.Td>
      </Table.Tr>
    );
  } else if (!items || items.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns}>
          <Center py="xl">
            <Text c="dimmed">{emptyText}</Text>
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = items.map((t) => (
      <Table.Tr
        key={t.ticket_id}
        data-ticket-id={t.ticket_id}
        tabIndex={onOpen ? 0 : undefined}
        aria-selected={onOpen ? selectedId === t.ticket_id : undefined}
        data-cursor={cursorId === t.ticket_id || undefined}
        bg={selectedId === t.ticket_id ? 'var(--mantine-primary-color-light)' : undefined}
        style={onOpen ? { cursor: 'pointer', ...(cursorId === t.ticket_id ? CURSOR_MARK : null) } : undefined}
        onClick={onOpen ? () => onOpen(t) : undefined}
        onKeyDown={
          onOpen
            ? (e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) {
                  e.preventDefault();
                  onOpen(t);
                }
              }
            : undefined
        }
      >
        {selection ? (
          <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <Checkbox
              aria-label={`选择工单 ${t.order_no}`}
              checked={selection.selected.has(t.ticket_id)}
              onChange={(e) => toggle(t.ticket_id, e.currentTarget.checked)}
            />
          </Table.Td>
        ) : null}
        {show('order_no') ? (
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <CopyText value={t.order_no} ff="monospace" />
              {t.unread_comments ? (
                <Badge size="xs" color="red" circle={t.unread_comments < 10} aria-label={`${t.unread_comments}条未读评论`} title={`${t.unread_comments}条未读评论`}>
                  {t.unread_comments > 99 ? '99+' : t.unread_comments}
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
        ) : null}
        {show('title') ? (
          <Table.Td>
            <Text size="sm" lineClamp={1} title={t.title}>
              {t.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1} title={`${t.shop_name} · ${t.product_name}`}>
              {t.shop_name} · {t.product_name}
            </Text>
          </Table.Td>
        ) : null}
        {show('status') ? (
          <Table.Td>
            <StatusTag status={t.status} />
          </Table.Td>
        ) : null}
        {show('order_markers') ? (
          <Table.Td>
            <MarkerBadges orderMarkers={t.order_markers} workMarkers={t.work_markers} />
          </Table.Td>
        ) : null}
        {show('stage') ? (
          <Table.Td style={NO_WRAP}>
            <Text size="sm">{STAGE_TEXT[t.stage]}</Text>
          </Table.Td>
        ) : null}
        {show('due_at') ? (
          <Table.Td style={NO_WRAP}>
            <TimeCell ticket={t} />
          </Table.Td>
        ) : null}
        {show('designer_name') ? (
          <Table.Td style={NO_WRAP}>
            <Text size="sm" c={t.designer_name ? undefined : 'dimmed'}>
              {t.designer_name ?? '未分配'}
            </Text>
          </Table.Td>
        ) : null}
        {show('created_at') ? (
          <Table.Td>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatTime(t.created_at)}
            </Text>
          </Table.Td>
        ) : null}
        {show('updated_at') ? (
          <Table.Td>
            <Text size="sm" c="dimmed" style={NO_WRAP}>
              {formatTime(t.updated_at)}
            </Text>
          </Table.Td>
        ) : null}
        {actions ? <Table.Td onClick={(e) => e.stopPropagation()}>{actions.render(t)}</Table.Td> : null}
      </Table.Tr>
    ));
  }

  return (
    // Fits from 1280 px screens with the menu open (the content is ~1030 px wide); narrower, the
    // table scrolls sideways rather than squeezing its cells.
    <Table.ScrollContainer minWidth={selection || actions ? 1010 : 960}>
      <Table
        ref={tableRef}
        highlightOnHover={!!onOpen && !!items?.length}
        verticalSpacing="sm"
        aria-label={label}
        aria-busy={loading || refreshing ? true : undefined}
        style={{ opacity: refreshing ? 0.7 : 1, transition: 'opacity 120ms' }}
      >
        {head}
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
