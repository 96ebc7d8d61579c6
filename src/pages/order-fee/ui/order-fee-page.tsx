import { Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  netTrend,
  periodLabel,
  type Settlement,
  settlementListParamsOf,
  settlementQueries,
  type SettlementSearch,
  SETTLEMENT_STATUS_TEXT,
  SETTLEMENT_STATUSES,
  SettlementStatusTag,
  type SettlementStatus,
  SettlementTotals,
  sumSettlements,
  withSettlementFilters,
  withSettlementPage,
} from '@/entities/settlement';
import { formatCents, useKeptSearch } from '@/shared/lib';
import { ListPager, TableBodyStates } from '@/shared/ui';
import { DayRangeInput } from '@/shared/ui/day-picker';
import { TrendChart } from '@/shared/ui/chart';
import { ORDER_FEE_PATH, parseSearch } from '../model/search';


const STATUS_OPTIONS = SETTLEMENT_STATUSES.map((s) => ({ value: s, label: SETTLEMENT_STATUS_TEXT[s] }));

/** `/order-fee/index`: my fees by settlement period with totals, status and the trend of the net. */
export function OrderFeePage() {
  const navigate = useNavigate();
  const { search } = useKeptSearch(ORDER_FEE_PATH, parseSearch);
  const params = settlementListParamsOf(search);
  const list = useQuery(settlementQueries.list(params));
  const items = list.data?.items;
  const go = (next: SettlementSearch) => void navigate({ to: ORDER_FEE_PATH, search: next });
  const open = (s: Settlement) => void navigate({ to: '/order-fee/detail/$id', params: { id: String(s.settlement_id) } });
  const filtered = !!(search.status || search.from || search.to);

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="结算筛选">
        <Select
          label="结算状态"
          placeholder="全部"
          w={140}
          clearable
          data={STATUS_OPTIONS}
          value={search.status ?? null}
          onChange={(v) => go(withSettlementFilters(search, { status: (v as SettlementStatus | null) ?? undefined }))}
        />
        <DayRangeInput label="结算周期" from={search.from} to={search.to} onChange={(r) => go(withSettlementFilters(search, { from: r.from, to: r.to }))} />
        <Button variant="subtle" disabled={!filtered} onClick={() => go(withSettlementFilters(search, { status: undefined, from: undefined, to: undefined }))} mb={2}>
          清空筛选
        </Button>
      </Group>

      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {items ? `本页 ${items.length} 个结算周期合计` : '合计加载中…'}
        </Text>
        <SettlementTotals label="本页合计" totals={items ? sumSettlements(items) : undefined} />
      </Stack>

      <Paper withBorder radius="md" p="md">
        {items ? (
          <TrendChart
            title="实发金额趋势"
            data={netTrend(items)}
            kind="line"
            formatValue={(v) => formatCents(v)}
            categoryLabel="结算周期"
            valueLabel="实发金额"
            emptyText="暂无结算数据"
          />
        ) : (
          <Text size="sm" c="dimmed">
            趋势加载中…
          </Text>
        )}
      </Paper>

      <Table.ScrollContainer minWidth={900}>
        <Table
          highlightOnHover={!!items?.length}
          verticalSpacing="sm"
          aria-label="结算列表"
          aria-busy={list.isFetching ? true : undefined}
          style={{ opacity: list.isPlaceholderData ? 0.7 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>结算周期</Table.Th>
              <Table.Th w={90}>状态</Table.Th>
              <Table.Th w={120} ta="right">
                应得费用
              </Table.Th>
              <Table.Th w={110} ta="right">
                扣款
              </Table.Th>
              <Table.Th w={110} ta="right">
                调整
              </Table.Th>
              <Table.Th w={130} ta="right">
                实发金额
              </Table.Th>
              <Table.Th w={80} ta="right">
                明细
              </Table.Th>
              <Table.Th w={90}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <TableBodyStates
            columns={8}
            loading={list.isPending}
            error={items ? null : list.error}
            onRetry={() => void list.refetch()}
            empty={!items?.length}
            emptyText={filtered ? '暂无符合条件的结算' : '暂无结算记录，完成工单后费用会计入当期结算'}
          >
            {items?.map((s) => (
              <Table.Tr
                key={s.settlement_id}
                data-settlement-id={s.settlement_id}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                onClick={() => open(s)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) {
                    e.preventDefault();
                    open(s);
                  }
                }}
              >
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {periodLabel(s, true)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SettlementStatusTag status={s.status} />
                </Table.Td>
                <Table.Td ta="right">{formatCents(s.gross_cents)}</Table.Td>
                <Table.Td ta="right" c={s.deduction_cents ? 'red' : undefined}>
                  {formatCents(-s.deduction_cents)}
                </Table.Td>
                <Table.Td ta="right" c={s.adjustment_cents ? 'var(--app-color-positive)' : undefined}>
                  {formatCents(s.adjustment_cents, { signed: true })}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatCents(s.net_cents)}
                </Table.Td>
                <Table.Td ta="right">{s.line_count}</Table.Td>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Button size="compact-xs" variant="subtle" onClick={() => open(s)} aria-label={`查看明细（${periodLabel(s, true)}）`}>
                    查看明细
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </TableBodyStates>
        </Table>
      </Table.ScrollContainer>
      <ListPager total={list.data?.total} page={params.page} pageSize={params.pageSize} onChange={(p, size) => go(withSettlementPage(search, p, size))} />
    </Stack>
  );
}
