import { Button, Card, Center, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { periodLabel, SettlementStatusTag, sumSettlements } from '@/entities/settlement';
import {
  EXPORT_FORMATS,
  expenseExportName,
  expenseExportUrl,
  type ExpenseStatementDetail,
  type ExportFormat,
  statementIdSchema,
  teamExpenseQueries,
} from '@/entities/team-expense';
import { downloadFile } from '@/features/download-file';
import { SettleSettlementButton } from '@/features/settle-settlement';
import { formatCents } from '@/shared/lib';
import { AnchorLink, ButtonLink } from '@/shared/ui/router-links';
import { DetailStates } from '@/shared/ui';

const FORMAT_TEXT: Record<ExportFormat, string> = { csv: '导出 CSV', xlsx: '导出 Excel' };

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function Statement({ statement }: { statement: ExpenseStatementDetail }) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const totals = sumSettlements(statement.members);
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadFile(expenseExportUrl(statement.statement_id, format), expenseExportName(statement, format));
    } finally {
      setExporting(null);
    }
  };
  const own = statement.scope === 'own';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl">
          {own ? '我的团队费用' : '团队费用'} {periodLabel(statement, true)}
        </Title>
        {own ? null : (
          <Group gap="xs">
            {EXPORT_FORMATS.map((f) => (
              <Button key={f} variant={f === 'csv' ? 'filled' : 'light'} loading={exporting === f} disabled={exporting !== null && exporting !== f} onClick={() => void exportAs(f)}>
                {FORMAT_TEXT[f]}
              </Button>
            ))}
            <ButtonLink variant="default" to="/team-management/expenses">
              返回列表
            </ButtonLink>
          </Group>
        )}
      </Group>
      {own ? (
        <Text size="sm" c="dimmed" data-testid="expense-own-note">
          这里只显示你本人在本期团队费用中的份额，其他成员的费用仅团队负责人可见。
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: own ? 4 : 5 }} spacing="sm">
        {own ? null : <Figure label="成员数" value={String(statement.member_count)} testId="expense-members" />}
        <Figure label="设计费" value={formatCents(statement.gross_cents)} testId="expense-gross" />
        <Figure label="扣款" value={formatCents(-statement.deduction_cents)} testId="expense-deduction" />
        <Figure label="调整" value={formatCents(statement.adjustment_cents, { signed: true })} testId="expense-adjustment" />
        <Figure label={own ? '我的实发' : '实发合计'} value={formatCents(statement.net_cents)} testId="expense-net" />
      </SimpleGrid>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={860}>
          <Table striped aria-label={own ? '我的结算' : '成员结算'} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>设计师</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th ta="right">明细数</Table.Th>
                <Table.Th ta="right">设计费</Table.Th>
                <Table.Th ta="right">扣款</Table.Th>
                <Table.Th ta="right">调整</Table.Th>
                <Table.Th ta="right">实发</Table.Th>
                <Table.Th>操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.members.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Center py="lg">
                      <Text c="dimmed">本期暂无成员结算</Text>
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : (
                statement.members.map((m) => (
                  <Table.Tr key={m.settlement_id} data-designer-id={m.designer_id}>
                    <Table.Td>
                      <AnchorLink to="/order-fee/detail/$id" params={{ id: String(m.settlement_id) }} size="sm">
                        {m.designer_name}
                      </AnchorLink>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {m.designer_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SettlementStatusTag status={m.status} />
                    </Table.Td>
                    <Table.Td ta="right">{m.line_count}</Table.Td>
                    <Table.Td ta="right">{formatCents(m.gross_cents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(-m.deduction_cents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(m.adjustment_cents, { signed: true })}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatCents(m.net_cents)}
                    </Table.Td>
                    <Table.Td>{own ? null : <SettleSettlementButton settlement={m} />}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            {statement.members.length ? (
              <Table.Tfoot>
                <Table.Tr fw={700} data-testid="expense-total-row">
                  <Table.Td colSpan={3}>合计</Table.Td>
                  <Table.Td ta="right">{formatCents(totals.gross_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(-totals.deduction_cents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(totals.adjustment_cents, { signed: true })}</Table.Td>
                  <Table.Td ta="right">{formatCents(totals.net_cents)}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

/**
 * `/team-management/expenses/detail/$id` (id = the period's first day): a lead sees the members'
 * settlements, totals and export; any other member (spec §2: all roles) their own share only.
 */
export function TeamExpenseDetailPage(): ReactElement {
  const params = useParams({ strict: false });
  const [id] = useState(() => String(params.id ?? ''));
  const valid = statementIdSchema.safeParse(id).success;
  const detail = useQuery({ ...teamExpenseQueries.detail(id), enabled: valid });
  return (
    <DetailStates invalid={valid ? null : '费用周期不正确'} query={detail} skeleton={[80, 240]}>
      {(data) => <Statement statement={data} />}
    </DetailStates>
  );
}
