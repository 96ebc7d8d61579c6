import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import {
  type DailyDetailSearch,
  dailyDetailSearchSchema,
  dailyDetailTotals,
  PERIOD_ERROR_TEXT,
  PeriodPicker,
  resolvePeriod,
  teamBoardQueries,
} from '@/entities/team-board';
import { DesignerLink, DesignerSelect } from '@/entities/team-designer';
import { formatCents, shanghaiDay, useKeptSearch, weekdayText } from '@/shared/lib';
import { TableBodyStates } from '@/shared/ui';
import { ButtonLink } from '@/shared/ui/router-links';

const PATH = '/team-management/daily-detail';
const parseSearch = (raw: unknown): DailyDetailSearch => {
  const parsed = dailyDetailSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
};

/** `/team-management/daily-detail`: per designer per day counts and amounts, with totals. */
export function TeamDailyDetailPage(): ReactElement {
  const navigate = useNavigate();
  const { search } = useKeptSearch(PATH, parseSearch);
  const period = resolvePeriod(search, shanghaiDay());
  const detail = useQuery(teamBoardQueries.dailyDetail({ from: period.from, to: period.to, designer_id: search.designer_id }));
  const rows = detail.data?.rows ?? [];
  const totals = dailyDetailTotals(rows);
  const go = (next: DailyDetailSearch) => void navigate({ to: PATH, search: next });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PeriodPicker preset={period.preset} period={period} onChange={(p) => go({ ...p, designer_id: search.designer_id })} />
        <Group gap="sm" align="flex-end">
          <DesignerSelect
            label="设计师"
            placeholder="全部设计师"
            detailed={false}
            w={220}
            value={search.designer_id ?? null}
            onChange={(v) => go({ ...search, designer_id: v ?? undefined })}
          />
          <ButtonLink variant="default" to="/team-management/dashboard" search={{ period: search.period, from: search.from, to: search.to }}>
            返回看板
          </ButtonLink>
        </Group>
      </Group>
      {period.error ? (
        <Text size="sm" c="orange" role="alert">
          链接中的时间范围无效（{PERIOD_ERROR_TEXT[period.error]}），已显示本周数据。
        </Text>
      ) : null}
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="每日明细" aria-busy={detail.isFetching ? true : undefined} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>日期</Table.Th>
                <Table.Th>设计师</Table.Th>
                <Table.Th ta="right">接单</Table.Th>
                <Table.Th ta="right">完成</Table.Th>
                <Table.Th ta="right">超时</Table.Th>
                <Table.Th ta="right">设计费</Table.Th>
                <Table.Th ta="right">扣款</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TableBodyStates
              columns={7}
              loading={detail.isPending}
              error={detail.data ? null : detail.error}
              onRetry={() => void detail.refetch()}
              empty={rows.length === 0}
              emptyText="该时段暂无明细"
            >
              {rows.map((r) => (
                <Table.Tr key={`${r.day}|${r.designer_id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {r.day} {weekdayText(r.day)}
                  </Table.Td>
                  <Table.Td>
                    <DesignerLink designerId={r.designer_id} name={r.designer_name} />
                  </Table.Td>
                  <Table.Td ta="right">{r.received}</Table.Td>
                  <Table.Td ta="right">{r.completed}</Table.Td>
                  <Table.Td ta="right">{r.overdue}</Table.Td>
                  <Table.Td ta="right">{formatCents(r.fee_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(r.deduction_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </TableBodyStates>
            {rows.length ? (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={2}>合计</Table.Td>
                  <Table.Td ta="right">{totals.received}</Table.Td>
                  <Table.Td ta="right">{totals.completed}</Table.Td>
                  <Table.Td ta="right">{totals.overdue}</Table.Td>
                  <Table.Td ta="right">{formatCents(totals.fee_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(totals.deduction_cents)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
