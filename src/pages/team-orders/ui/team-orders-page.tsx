import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import {
  clearFilters,
  listParamsOf,
  parseTicketSearch,
  ticketColumnsOf,
  TicketTable,
  ticketQueries,
  type TicketItem,
  type TicketSearch,
  withFilters,
  withPage,
  withTicket,
} from '@/entities/ticket';
import { BULK_MAX, BulkAssignModal, type BulkMode } from '@/features/bulk-assign';
import { useKeptSearch, useListHotkeys } from '@/shared/lib';
import { ListPager } from '@/shared/ui';
import {
  hasTicketFilters,
  TICKET_DEFAULT_SORT,
  TicketColumnPicker,
  TicketDetailDrawer,
  TicketExportButtons,
  TicketFilters,
  ticketSearchOfView,
  ticketViewState,
  useTicketViewer,
} from '@/widgets/ticket-browser';
import { ViewsBar } from '@/widgets/views-bar';

const PATH = '/team-management/orders';
const parseSearch = (raw: unknown) => parseTicketSearch(raw);

/**
 * `/team-management/orders`: every ticket of the team (or the unassigned pool) with the ticket
 * filters and a designer filter; rows are chosen for bulk assign / transfer; a row opens the detail
 * with the single lead actions.
 */
export function TeamOrdersPage(): ReactElement {
  const navigate = useNavigate();
  const { search, active } = useKeptSearch(PATH, parseSearch);
  const viewer = useTicketViewer();
  const params = listParamsOf(search);
  const list = useQuery(ticketQueries.list(params));
  // Chosen tickets by id, kept across pages and filters until acted on or cleared.
  const [chosen, setChosen] = useState<ReadonlyMap<number, TicketItem>>(new Map());
  const [bulk, setBulk] = useState<BulkMode | null>(null);
  const go = (next: TicketSearch, replace = false) => void navigate({ to: PATH, search: next, replace });
  const items = list.data?.items;
  const chosenList = [...chosen.values()];
  const tooMany = chosen.size > BULK_MAX;
  // j / k / Enter / x / (issue #18); Esc is the drawer's own.
  const cursorId = useListHotkeys({
    items,
    idOf: (t) => t.ticket_id,
    onOpen: (t) => go(withTicket(search, t.ticket_id)),
    onToggleSelect: (t) => {
      const next = new Map(chosen);
      if (next.has(t.ticket_id)) next.delete(t.ticket_id);
      else next.set(t.ticket_id, t);
      setChosen(next);
    },
    enabled: active,
  });

  const onSelection = (ids: Set<number>) => {
    const next = new Map(chosen);
    for (const t of items ?? []) {
      if (ids.has(t.ticket_id)) next.set(t.ticket_id, t);
      else next.delete(t.ticket_id);
    }
    setChosen(next);
  };

  return (
    <Stack gap="md">
      <ViewsBar
        list="team-orders"
        state={ticketViewState(search)}
        defaultSort={TICKET_DEFAULT_SORT}
        hasFilters={hasTicketFilters(search)}
        active={active}
        canShare
        onApply={(view, replace) => go(ticketSearchOfView(view, search), replace)}
      />
      <TicketFilters
        search={search}
        isLead
        onChange={(patch) => go(withFilters(search, patch))}
        onSort={(sort) => go(withFilters({ ...search, ...sort }, {}))}
        onClear={() => go(clearFilters(search))}
      />
      <Card withBorder radius="md" padding="xs" role="toolbar" aria-label="批量操作">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" aria-live="polite" c={tooMany ? 'red' : undefined}>
            {chosen.size ? `已选择 ${chosen.size} 张工单` : '勾选工单后可批量指派或转派'}
            {tooMany ? `（一次最多 ${BULK_MAX} 张）` : ''}
          </Text>
          <Group gap="xs">
            <Button size="xs" disabled={chosen.size === 0 || tooMany} onClick={() => setBulk('assign')}>
              批量指派
            </Button>
            <Button size="xs" variant="light" disabled={chosen.size === 0 || tooMany} onClick={() => setBulk('transfer')}>
              批量转派
            </Button>
            <Button size="xs" variant="subtle" disabled={chosen.size === 0} onClick={() => setChosen(new Map())}>
              清空选择
            </Button>
            <TicketColumnPicker cols={search.cols} isLead onChange={(cols) => go({ ...search, cols })} />
            <TicketExportButtons params={params} fileName={search.scope === 'pool' ? '待分配工单' : '团队工单'} />
          </Group>
        </Group>
      </Card>
      <TicketTable
        label="团队工单"
        items={items}
        loading={list.isPending}
        refreshing={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={search.scope === 'pool' ? '待分配池中暂无工单' : '暂无符合条件的工单'}
        showDesigner
        columns={ticketColumnsOf(search.cols)}
        selectedId={search.ticket}
        onOpen={(t) => go(withTicket(search, t.ticket_id))}
        selection={{ selected: new Set(chosen.keys()), onChange: onSelection }}
        cursorId={cursorId}
      />
      <ListPager total={list.data?.total} page={params.page} pageSize={params.pageSize} onChange={(p, size) => go(withPage(search, p, size))} />
      <TicketDetailDrawer ticketId={active ? search.ticket : undefined} viewer={viewer} onClose={() => go(withTicket(search, undefined), true)} />
      {bulk ? (
        <BulkAssignModal
          mode={bulk}
          tickets={chosenList}
          onClose={() => setBulk(null)}
          onDone={(results) => {
            const next = new Map(chosen);
            for (const r of results) if (r.ok) next.delete(r.ticket_id);
            setChosen(next);
          }}
        />
      ) : null}
    </Stack>
  );
}
