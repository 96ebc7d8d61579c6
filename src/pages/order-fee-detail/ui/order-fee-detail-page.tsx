import { Anchor, Button, Center, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import {
  groupLines,
  LINE_KIND_TEXT,
  type LineGroup,
  periodLabel,
  searchLines,
  type SettlementDetail,
  settlementExportUrl,
  settlementQueries,
  SettlementStatusTag,
  SettlementTotals,
} from '@/entities/settlement';
import { downloadFile } from '@/features/download-file';
import { formatCents, formatTime } from '@/shared/lib';
import { DetailStates } from '@/shared/ui';
import { settlementIdOf } from '../model/params';

function LineTable({ group }: { group: LineGroup }) {
  const title = LINE_KIND_TEXT[group.kind];
  return (
    <Stack gap={4} component="section" aria-label={title} data-line-kind={group.kind}>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {title}
          <Text span size="sm" c="dimmed" ml={6}>
            {group.lines.length} 条
          </Text>
        </Title>
        <Text size="sm" fw={600} data-testid={`subtotal-${group.kind}`}>
          小计 {formatCents(group.subtotal_cents, { signed: group.kind === 'adjustment' })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={6} aria-label={`${title}明细`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190}>订单号</Table.Th>
              <Table.Th>说明</Table.Th>
              <Table.Th w={150}>时间</Table.Th>
              <Table.Th w={130} ta="right">
                金额
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.lines.map((l) => (
              <Table.Tr key={l.line_id} data-line-id={l.line_id}>
                <Table.Td ff="monospace">{l.order_no ?? '—'}</Table.Td>
                <Table.Td>{l.description || '—'}</Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(l.created_at)}
                </Table.Td>
                <Table.Td ta="right" c={l.amount_cents < 0 ? 'red' : group.kind === 'adjustment' ? 'var(--app-color-positive)' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(l.amount_cents, { signed: group.kind !== 'fee' })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function DetailView({ settlement }: { settlement: SettlementDetail }) {
  const [query, setQuery] = useState('');
  const lines = searchLines(settlement.lines, query);
  const groups = groupLines(lines);
  const name = `结算明细_${settlement.period_start}_${settlement.period_end}`;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2} fz="lg">
            {periodLabel(settlement, true)} 结算
          </Title>
          <SettlementStatusTag status={settlement.status} />
          <Text size="sm" c="dimmed">
            {settlement.designer_name}（{settlement.designer_id}）
          </Text>
        </Group>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => void downloadFile(settlementExportUrl(settlement.settlement_id, 'csv'), `${name}.csv`)}>
            导出 CSV
          </Button>
          <Button variant="default" size="sm" onClick={() => void downloadFile(settlementExportUrl(settlement.settlement_id, 'xlsx'), `${name}.xlsx`)}>
            导出 Excel
          </Button>
        </Group>
      </Group>
      <SettlementTotals label="结算合计" totals={settlement} />
      {settlement.confirmed_at || settlement.paid_at ? (
        <Text size="sm" c="dimmed">
          {settlement.confirmed_at ? `确认于 ${formatTime(settlement.confirmed_at)}` : ''}
          {settlement.paid_at ? ` · 发放于 ${formatTime(settlement.paid_at)}` : ''}
        </Text>
      ) : null}
      <TextInput
        label="搜索明细"
        placeholder="订单号或说明"
        w={260}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        role="searchbox"
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {query.trim() ? `找到 ${lines.length} 条明细` : `共 ${settlement.lines.length} 条明细`}
      </Text>
      {groups.length ? (
        groups.map((g) => <LineTable key={g.kind} group={g} />)
      ) : (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Text c="dimmed">{query.trim() ? '没有匹配的明细' : '本期暂无明细'}</Text>
          </Center>
        </Paper>
      )}
    </Stack>
  );
}

/** `/order-fee/detail/$id`: one settlement's lines grouped by kind with subtotals, searchable, exportable. */
export function OrderFeeDetailPage() {
  const raw = useParams({ strict: false }) as { id?: string };
  // Kept alive per path: the id of this page's own path, kept while another tab is shown.
  const [id] = useState(() => settlementIdOf(raw.id));
  const detail = useQuery({ ...settlementQueries.detail(id ?? 0), enabled: id !== undefined });

  if (id === undefined)
    return (
      <Center py="xl">
        <Text c="dimmed">结算单编号不正确</Text>
      </Center>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/order-fee/index" size="sm">
        ← 返回我的费用
      </Anchor>
      <DetailStates query={detail} skeleton={[64, 200]}>
        {(data) => <DetailView settlement={data} />}
      </DetailStates>
    </Stack>
  );
}
