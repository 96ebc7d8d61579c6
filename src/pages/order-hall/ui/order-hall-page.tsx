import { Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { compactSearch, DEFAULT_PAGE_SIZE, hallParamsOf, hallSearchSchema, type HallSearch, searchForPanelCount, ticketQueries } from '@/entities/ticket';
import { GrabTicketButton } from '@/features/grab-ticket';
import { TicketListView } from '@/widgets/ticket-browser';
import { TicketPanel } from '@/widgets/ticket-panel';

const PATH = '/order-hall/index';

function useHallSearch(): HallSearch {
  const raw = useSearch({ strict: false });
  const active = useLocation({ select: (l) => l.pathname }) === PATH;
  const [kept, setKept] = useState<HallSearch>({});
  if (!active) return kept;
  const parsed = hallSearchSchema.safeParse(raw);
  const search = parsed.success ? parsed.data : {};
  if (search.page !== kept.page || search.pageSize !== kept.pageSize) setKept(search);
  return search;
}

/** `/order-hall/index` (part-time designers): unassigned tickets to grab, oldest first. */
export function OrderHallPage() {
  const navigate = useNavigate();
  const search = useHallSearch();
  const params = hallParamsOf(search);
  const hall = useQuery(ticketQueries.hall(params));
  const total = hall.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));

  return (
    <Stack gap="md">
      <TicketPanel
        onSelect={(key) => {
          // The counts are over My tickets: open that list with the count's filter.
          const next = searchForPanelCount({}, key);
          if (next) void navigate({ to: '/order-management/index', search: next });
        }}
      />
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="md">
          可领取的工单
        </Title>
        <Text size="sm" c="dimmed">
          先到先得，领取后计入今日接单量，请在时限内完成设计
        </Text>
      </Group>
      <TicketListView
        label="大厅工单列表"
        items={hall.data?.items}
        loading={hall.isPending}
        refreshing={hall.isPlaceholderData}
        error={hall.error}
        onRetry={() => void hall.refetch()}
        emptyText="暂无可领取的工单"
        actions={{ label: '操作', render: (t) => <GrabTicketButton key={t.ticket_id} ticket={t} /> }}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {hall.data ? `共 ${total} 条` : ' '}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            size="sm"
            onChange={(p) =>
              void navigate({
                to: PATH,
                search: compactSearch({ page: p > 1 ? p : undefined, pageSize: params.pageSize === DEFAULT_PAGE_SIZE ? undefined : params.pageSize }),
              })
            }
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control })}
            getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
