import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { orderPlanQueries, planSearchSchema } from '@/entities/order-plan';
import { CreatePlanModal } from '@/features/edit-order-plan';
import { addDays, compactParams, mondayOf, shanghaiDay, lenientParser, pageParams, useKeptPagedSearch } from '@/shared/lib';
import { ListPager, TableBodyStates } from '@/shared/ui';
import { AnchorLink } from '@/shared/ui/router-links';

const PATH = '/order-plan/index';
const PAGE_SIZE = 20;
const parseSearch = lenientParser(planSearchSchema);

/** `/order-plan/index`: the team's weekly plans, newest first; a lead creates a week. */
export function OrderPlanPage(): ReactElement {
  const navigate = useNavigate();
  const { page, pageSize } = useKeptPagedSearch(PATH, parseSearch, PAGE_SIZE);
  const list = useQuery(orderPlanQueries.list({ page, pageSize }));
  const [creating, setCreating] = useState(false);
  const items = list.data?.items ?? [];
  const today = shanghaiDay();
  const thisWeek = mondayOf(today);
  const open = (id: number) => void navigate({ to: '/order-plan/detail/$id', params: { id: String(id) } });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          接单计划按周制定：每位设计师每天最多接多少单。系统派单和大厅领取都以当天的计划为准。
        </Text>
        <Button onClick={() => setCreating(true)}>新建周计划</Button>
      </Group>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover aria-label="周计划列表" aria-busy={list.isFetching ? true : undefined} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>计划周</Table.Th>
                <Table.Th ta="right">设计师数</Table.Th>
                <Table.Th ta="right">总接单量</Table.Th>
                <Table.Th>待审核申请</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={4}
              loading={list.isPending}
              error={list.data ? null : list.error}
              onRetry={() => void list.refetch()}
              empty={items.length === 0}
              emptyText="还没有周计划，点击「新建周计划」开始"
            >
              {items.map((p) => (
                <Table.Tr key={p.plan_id} data-plan-id={p.plan_id} style={{ cursor: 'pointer' }} onClick={() => open(p.plan_id)}>
                  <Table.Td>
                    <Group gap="xs">
                      <AnchorLink to="/order-plan/detail/$id" params={{ id: String(p.plan_id) }} size="sm" onClick={(e) => e.stopPropagation()}>
                        {p.week_start} 至 {p.week_end}
                      </AnchorLink>
                      {p.week_start === thisWeek ? (
                        <Badge size="sm" variant="light" c="var(--mantine-color-text)">
                          本周
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{p.designer_count}</Table.Td>
                  <Table.Td ta="right">{p.total_capacity}</Table.Td>
                  <Table.Td>
                    {p.pending_requests ? (
                      <Badge color="orange" variant="light" c="var(--mantine-color-text)">
                        {p.pending_requests} 条待审核
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        无
                      </Text>
                    )}
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
      {creating ? (
        <CreatePlanModal
          defaultWeekStart={addDays(thisWeek, 7)}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      ) : null}
    </Stack>
  );
}
