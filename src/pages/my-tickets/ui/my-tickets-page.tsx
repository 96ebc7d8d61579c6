import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  activeFilterCount,
  clearFilters,
  isPanelCountActive,
  listParamsOf,
  PAGE_SIZES,
  PANEL_COUNT_KEYS,
  searchForPanelCount,
  ticketColumnsOf,
  ticketQueries,
  type TicketSearch,
  withFilters,
  withMyPlan,
  withPage,
  withTicket,
} from '@/entities/ticket';
import { MyPlanButton } from '@/features/request-plan-change';
import { useKeptSearch, useListHotkeys } from '@/shared/lib';
import {
  hasTicketFilters,
  PhoneFilters,
  TICKET_DEFAULT_SORT,
  TicketColumnPicker,
  TicketDetailDrawer,
  TicketExportButtons,
  TicketFilters,
  TicketListView,
  TicketSelectionBar,
  ticketSearchOfView,
  ticketViewState,
  useNarrowScreen,
  useTicketSelection,
  useTicketViewer,
} from '@/widgets/ticket-browser';
import { TicketPanel } from '@/widgets/ticket-panel';
import { ViewsBar } from '@/widgets/views-bar';
import { MY_TICKETS_PATH, parseSearch } from '../model/search';

/** `/order-management/index`: my tickets (a lead: the team's), filters in the URL, detail drawer. */
export function MyTicketsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search, active } = useKeptSearch(MY_TICKETS_PATH, parseSearch);
  const viewer = useTicketViewer();
  const params = listParamsOf(search);
  const list = useQuery(ticketQueries.list(params));
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));

  const go = (next: TicketSearch, replace = false) => void navigate({ to: MY_TICKETS_PATH, search: next, replace });
  const narrow = useNarrowScreen();
  const selection = useTicketSelection(list.data?.items);
  // j / k / Enter / x / (issue #18); Esc is the drawer's own.
  const cursorId = useListHotkeys({
    items: list.data?.items,
    idOf: (t) => t.ticket_id,
    onOpen: (t) => go(withTicket(search, t.ticket_id)),
    onToggleSelect: selection.toggle,
    enabled: active,
  });

  // Fast paging: the next page is fetched ahead.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && params.page < pages) {
      void queryClient.prefetchQuery(ticketQueries.list({ ...params, page: params.page + 1 }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the page shown
  }, [list.data, list.isPlaceholderData, pages, queryClient, JSON.stringify(params)]);

  const activeCount = PANEL_COUNT_KEYS.find((k) => isPanelCountActive(search, k)) ?? null;

  return (
    <Stack gap="md">
      <Group justify="flex-end" mb={-8} gap="xs">
        <TicketColumnPicker cols={search.cols} isLead={viewer.isLead} onChange={(cols) => go({ ...search, cols })} />
        <TicketExportButtons params={params} fileName={!viewer.isLead ? '我的工单' : search.scope === 'pool' ? '待分配工单' : '团队工单'} />
        {viewer.designerId && !viewer.isLead ? (
          <MyPlanButton opened={search.plan === 'mine'} onOpenChange={(open) => go(withMyPlan(search, open), !open)} />
        ) : null}
      </Group>
      <TicketPanel
        activeKey={activeCount}
        onSelect={(key) => {
          const next = key === activeCount ? clearFilters(search) : searchForPanelCount(search, key);
          if (next) go(next);
        }}
      />
      <ViewsBar
        list="my-tickets"
        state={ticketViewState(search)}
        defaultSort={TICKET_DEFAULT_SORT}
        hasFilters={hasTicketFilters(search)}
        active={active}
        canShare={viewer.isLead}
        onApply={(view, replace) => go(ticketSearchOfView(view, search), replace)}
      />
      <PhoneFilters count={activeFilterCount(search)}>
        <TicketFilters
          search={search}
          isLead={viewer.isLead}
          onChange={(patch) => go(withFilters(search, patch))}
          onSort={(sort) => go(withFilters({ ...search, ...sort }, {}))}
          onClear={() => go(clearFilters(search))}
        />
      </PhoneFilters>
      <TicketSelectionBar chosen={selection.chosen} onClear={selection.clear} />
      <TicketListView
        label="工单列表"
        items={list.data?.items}
        loading={list.isPending}
        refreshing={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={search.scope === 'pool' ? '待分配池中暂无工单' : '暂无符合条件的工单'}
        showDesigner={viewer.isLead}
        columns={ticketColumnsOf(search.cols)}
        selectedId={search.ticket}
        onOpen={(t) => go(withTicket(search, t.ticket_id))}
        // On a phone the list is cards (no checkboxes: a table would scroll sideways).
        selection={narrow ? undefined : selection.table}
        cursorId={cursorId}
      />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? `共 ${total} 条` : ' '}
        </Text>
        <Group gap="sm">
          <Select
            aria-label="每页条数"
            w={110}
            size="xs"
            allowDeselect={false}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} 条/页` }))}
            value={String(params.pageSize)}
            onChange={(v) => go(withPage(search, 1, Number(v)))}
          />
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={(p) => go(withPage(search, p))}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control })}
            getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
          />
        </Group>
      </Group>
      <TicketDetailDrawer ticketId={active ? search.ticket : undefined} viewer={viewer} onClose={() => go(withTicket(search, undefined), true)} />
    </Stack>
  );
}
