import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { periodLabel, SETTLEMENT_STATUSES, SettlementStatusTag } from '@/entities/settlement';
import { expenseSearchSchema, teamExpenseQueries } from '@/entities/team-expense';
import { compactParams, formatCents, lenientParser, pageParams, useKeptPagedSearch } from '@/shared/lib';
import { ListPager, TableBodyStates } from '@/shared/ui';
import { AnchorLink } from '@/shared/ui/router-links';

const PATH = '/team-management/expenses';
const PAGE_SIZE = 20;
const parseSearch = lenientParser(expenseSearchSchema);

/** `/team-management/expenses`: the team's expense statement per period, newest first. */
export function TeamExpensesPage(): ReactElement {
  const navigate = useNavigate();
  const { page, pageSize } = useKeptPagedSearch(PATH, parseSearch, PAGE_SIZE);
  const list = useQuery(teamExpenseQueries.list({ page, pageSize }));
  const items = list.data?.items ?? [];
  const open = (id: string) => void navigate({ to: '/team-management/expenses/detail/$id', params: { id } });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        每期团队费用由成员的结算单汇总而成；点击一期查看成员明细并导出对账单。
      </Text>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover aria-label="团队费用" aria-busy={list.isFetching ? true : undefined} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>结算周期</Table.Th>
                <Table.Th ta="right">成员数</Table.Th>
                <Table.Th ta="right">设计费</Table.Th>
                <Table.Th ta="right">扣款</Table.Th>
                <Table.Th ta="right">调整</Table.Th>
                <Table.Th ta="right">实发合计</Table.Th>
                <Table.Th>结算状态</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={7}
              loading={list.isPending}
              error={list.data ? null : list.error}
              onRetry={() => void list.refetch()}
              empty={items.length === 0}
              emptyText="暂无团队费用，成员产生结算后按周期汇总显示"
            >
              {items.map((s) => (
                <Table.Tr
                  key={s.statement_id}
                  data-statement-id={s.statement_id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(s.statement_id)}
                >
                  <Table.Td>
                    <AnchorLink to="/team-management/expenses/detail/$id" params={{ id: s.statement_id }} size="sm" onClick={(e) => e.stopPropagation()}>
                      {periodLabel(s, true)}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td ta="right">{s.member_count}</Table.Td>
                  <Table.Td ta="right">{formatCents(s.gross_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(-s.deduction_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(s.adjustment_cents, { signed: true })}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatCents(s.net_cents)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {SETTLEMENT_STATUSES.map((status) => (s.status_counts[status] ? <SettlementStatusTag key={status} status={status} count={s.status_counts[status]} /> : null))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </TableBodyStates>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <ListPager
        total={list.data?.total}
        page={page}
        pageSize={pageSize}
        onChange={(p, size) => void navigate({ to: PATH, search: compactParams(pageParams(p, size, pageSize, PAGE_SIZE)) })}
      />
    </Stack>
  );
}
