import { Badge, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { rateText } from '@/entities/team-board';
import { DESIGNER_TYPE_TEXT, DesignerLink, ONLINE_TEXT, teamDesignerQueries, type TeamDesignerSearch, teamDesignerSearchSchema } from '@/entities/team-designer';
import { AllocationRulesSettings } from '@/features/edit-allocation-rules';
import { compactParams, lenientParser, pageParams, useKeptPagedSearch } from '@/shared/lib';
import { KeywordFilter, ListPager, TableBodyStates } from '@/shared/ui';


const PATH = '/team-management/designers';
const PAGE_SIZE = 20;
const parseSearch = lenientParser(teamDesignerSearchSchema);

/**
 * `/team-management/designers`: the members with status, today's load and quality figures, and
 * (`?tab=rules`) the team's allocation rules.
 */
export function TeamDesignersPage(): ReactElement {
  const navigate = useNavigate();
  const { search } = useKeptPagedSearch(PATH, parseSearch, PAGE_SIZE);
  const tab = search.tab === 'rules' ? 'rules' : 'list';
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next: TeamDesignerSearch = { ...search, tab: value === 'rules' ? 'rules' : undefined };
        void navigate({ to: PATH, search: compactParams(next) });
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md" aria-label="设计师管理">
        <Tabs.Tab value="list">设计师列表</Tabs.Tab>
        <Tabs.Tab value="rules">分配规则</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="list">
        <DesignerList />
      </Tabs.Panel>
      <Tabs.Panel value="rules">
        <AllocationRulesSettings />
      </Tabs.Panel>
    </Tabs>
  );
}

function DesignerList(): ReactElement {
  const navigate = useNavigate();
  const { search, page, pageSize } = useKeptPagedSearch(PATH, parseSearch, PAGE_SIZE);
  const list = useQuery(teamDesignerQueries.list({ page, pageSize, ...(search.keyword ? { keyword: search.keyword } : {}) }));
  const go = (next: TeamDesignerSearch) => void navigate({ to: PATH, search: compactParams(next) });

  const items = list.data?.items ?? [];
  const open = (id: string) => void navigate({ to: '/team-management/designers/detail/$id', params: { id } });

  return (
    <Stack gap="md">
      <Group role="search" aria-label="设计师筛选">
        <KeywordFilter
          label="搜索"
          placeholder="姓名、手机号或编号"
          w={240}
          maxLength={64}
          value={search.keyword}
          onCommit={(keyword) => go({ ...search, keyword, page: undefined })}
        />
      </Group>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={1100}>
          <Table highlightOnHover aria-label="设计师列表" aria-busy={list.isFetching ? true : undefined} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>设计师</Table.Th>
                <Table.Th>手机号</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th ta="right">今日接单/上限</Table.Th>
                <Table.Th ta="right">每日上限</Table.Th>
                <Table.Th>可接产品</Table.Th>
                <Table.Th ta="right">处理中</Table.Th>
                <Table.Th ta="right">近30天完成</Table.Th>
                <Table.Th ta="right">准时率</Table.Th>
                <Table.Th ta="right">一次通过率</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={11}
              loading={list.isPending}
              error={list.data ? null : list.error}
              onRetry={() => void list.refetch()}
              empty={items.length === 0}
              emptyText={search.keyword ? '没有匹配的设计师' : '团队暂无设计师，可在个人中心发送邀请链接'}
            >
              {items.map((d) => (
                <Table.Tr
                  key={d.designer_id}
                  data-designer-id={d.designer_id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(d.designer_id)}
                >
                  <Table.Td>
                    <DesignerLink designerId={d.designer_id} name={d.designer_name} onClick={(e) => e.stopPropagation()} />
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.designer_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.phone}</Table.Td>
                  <Table.Td>{DESIGNER_TYPE_TEXT[d.designer_type] ?? '设计师'}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={d.online_ticket_status === 1 ? 'teal' : 'gray'}>
                      {ONLINE_TEXT[d.online_ticket_status] ?? '离线'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {d.load_today}/{d.capacity_today}
                  </Table.Td>
                  <Table.Td ta="right">{d.daily_capacity}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} title={d.products.map((p) => p.name).join('、')}>
                      {d.products.length ? d.products.map((p) => p.name).join('、') : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{d.open_tickets}</Table.Td>
                  <Table.Td ta="right">{d.completed_30d}</Table.Td>
                  <Table.Td ta="right">{rateText(d.on_time_rate_30d)}</Table.Td>
                  <Table.Td ta="right">{rateText(d.first_pass_rate_30d)}</Table.Td>
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
        onChange={(p, size) => go({ ...search, ...pageParams(p, size, pageSize, PAGE_SIZE) })}
      />
    </Stack>
  );
}
