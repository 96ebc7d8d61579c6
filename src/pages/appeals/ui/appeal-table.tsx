import { Button, Group, Table, Text } from '@mantine/core';
import { APPEAL_TYPE_TEXT, type Appeal, AppealStatusTag } from '@/entities/appeal';
import { ReviewAppealButtons } from '@/features/review-appeal';
import { formatCents, formatTime } from '@/shared/lib';
import { CopyText, TableBodyStates } from '@/shared/ui';

interface Props {
  label: string;
  items: readonly Appeal[] | undefined;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  /** The review queue: who filed it, and approve / reject. */
  review: boolean;
  selectedId: number | undefined;
  onOpen: (appeal: Appeal) => void;
}

/** Appeals with their status tags; a row opens the timeline drawer (click or Enter). */
export function AppealTable({ label, items, loading, refreshing, error, onRetry, emptyText, review, selectedId, onOpen }: Props) {
  const columns = 7 + (review ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        highlightOnHover={!!items?.length}
        verticalSpacing="sm"
        aria-label={label}
        aria-busy={loading || refreshing ? true : undefined}
        style={{ opacity: refreshing ? 0.7 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>订单号</Table.Th>
            <Table.Th miw={160}>工单标题</Table.Th>
            <Table.Th w={120}>申诉类型</Table.Th>
            {review ? <Table.Th w={100}>设计师</Table.Th> : null}
            <Table.Th w={120}>金额</Table.Th>
            <Table.Th miw={96}>状态</Table.Th>
            <Table.Th w={150}>提交时间</Table.Th>
            <Table.Th w={review ? 200 : 90}>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <TableBodyStates columns={columns} loading={loading && !items} error={items ? null : error} onRetry={onRetry} empty={!items?.length} emptyText={emptyText}>
          {items?.map((a) => (
            <Table.Tr
              key={a.appeal_id}
              data-appeal-id={a.appeal_id}
              tabIndex={0}
              aria-selected={selectedId === a.appeal_id}
              bg={selectedId === a.appeal_id ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(a)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) {
                  e.preventDefault();
                  onOpen(a);
                }
              }}
            >
              <Table.Td>
                <CopyText value={a.order_no} ff="monospace" />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} title={a.ticket_title}>
                  {a.ticket_title}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{APPEAL_TYPE_TEXT[a.type]}</Text>
              </Table.Td>
              {review ? (
                <Table.Td>
                  <Text size="sm">{a.designer_name}</Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {a.type === 'fee' ? formatCents(a.status === 'approved' ? a.approved_cents : a.requested_cents) : a.approved_cents ? formatCents(a.approved_cents) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <AppealStatusTag status={a.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(a.created_at)}
                </Text>
              </Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                <Group gap={6} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => onOpen(a)} aria-label={`查看申诉 ${a.order_no}`}>
                    查看
                  </Button>
                  {review ? <ReviewAppealButtons appeal={a} size="compact-xs" /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </TableBodyStates>
      </Table>
    </Table.ScrollContainer>
  );
}
