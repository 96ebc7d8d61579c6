import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type ReactElement, type ReactNode, useState } from 'react';
import { netTrend, periodLabel, SettlementStatusTag } from '@/entities/settlement';
import { rateText } from '@/entities/team-board';
import { DESIGNER_TYPE_TEXT, ONLINE_TEXT, teamDesignerQueries, type TeamDesignerDetail } from '@/entities/team-designer';
import { ALLOCATION_HOW_TEXT, DESIGNER_CODE, TicketTable } from '@/entities/ticket';
import { DesignerSettingsForm } from '@/features/edit-designer-settings';
import { formatCents, formatTime } from '@/shared/lib';
import { TrendChart } from '@/shared/ui/chart';
import { AnchorLink, ButtonLink } from '@/shared/ui/router-links';
import { DetailStates } from '@/shared/ui';

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function Detail({ designer }: { designer: TeamDesignerDetail }) {
  const navigate = useNavigate();
  const openTicket = (ticketId: number) =>
    void navigate({ to: '/team-management/orders', search: { designer_id: designer.designer_id, ticket: ticketId } });
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          {designer.designer_name}
        </Title>
        <Text ff="monospace" c="dimmed">
          {designer.designer_id}
        </Text>
        <Badge variant="dot" color={designer.online_ticket_status === 1 ? 'teal' : 'gray'}>
          {ONLINE_TEXT[designer.online_ticket_status] ?? '离线'}
        </Badge>
        <Badge variant="light" c="var(--mantine-color-text)" color="gray">
          {DESIGNER_TYPE_TEXT[designer.designer_type] ?? '设计师'}
        </Badge>
        <Text size="sm" c="dimmed">
          {designer.phone}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Figure label="今日接单/上限" value={`${designer.load_today}/${designer.capacity_today}`} />
        <Figure label="每日接单上限" value={String(designer.daily_capacity)} />
        <Figure label="处理中" value={String(designer.open_tickets)} />
        <Figure label="近30天完成" value={String(designer.completed_30d)} />
        <Figure label="近30天准时率" value={rateText(designer.on_time_rate_30d)} />
        <Figure label="近30天一次通过率" value={rateText(designer.first_pass_rate_30d)} />
      </SimpleGrid>

      <Section title="接单设置">
        <DesignerSettingsForm key={`${designer.daily_capacity}|${designer.products.map((p) => p.product_id).join()}`} designer={designer} />
      </Section>

      <Section
        title="最近工单"
        extra={
          <ButtonLink size="xs" variant="light" to="/team-management/orders" search={{ designer_id: designer.designer_id }}>
            查看全部工单
          </ButtonLink>
        }
      >
        <TicketTable label="最近工单" items={designer.recent_tickets} emptyText="暂无工单" onOpen={(t) => openTicket(t.ticket_id)} skeletonRows={3} />
      </Section>

      <Section title="结算记录">
        {designer.settlements.length ? (
          <Stack gap="sm">
            <TrendChart title="每期实发金额" data={netTrend(designer.settlements)} kind="bar" formatValue={formatCents} categoryLabel="结算周期" valueLabel="实发金额" height={180} />
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label="结算记录" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>结算周期</Table.Th>
                    <Table.Th>状态</Table.Th>
                    <Table.Th ta="right">设计费</Table.Th>
                    <Table.Th ta="right">扣款</Table.Th>
                    <Table.Th ta="right">调整</Table.Th>
                    <Table.Th ta="right">实发</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {designer.settlements.map((s) => (
                    <Table.Tr key={s.settlement_id}>
                      <Table.Td>
                        <AnchorLink to="/order-fee/detail/$id" params={{ id: String(s.settlement_id) }} size="sm">
                          {periodLabel(s, true)}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <SettlementStatusTag status={s.status} />
                      </Table.Td>
                      <Table.Td ta="right">{formatCents(s.gross_cents)}</Table.Td>
                      <Table.Td ta="right">{formatCents(-s.deduction_cents)}</Table.Td>
                      <Table.Td ta="right">{formatCents(s.adjustment_cents, { signed: true })}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatCents(s.net_cents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            暂无结算记录
          </Text>
        )}
      </Section>

      <Section title="考试资格">
        {designer.qualifications.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="考试资格" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>产品</Table.Th>
                  <Table.Th>通过的考试</Table.Th>
                  <Table.Th>获得时间</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {designer.qualifications.map((q) => (
                  <Table.Tr key={`${q.product_id}|${q.attempt_id}`}>
                    <Table.Td>{q.product_name}</Table.Td>
                    <Table.Td>{q.exam_title}</Table.Td>
                    <Table.Td>{formatTime(q.qualified_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            暂无通过考试获得的产品资格
          </Text>
        )}
      </Section>

      <Section title="分配历史">
        {designer.history.length ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="分配历史" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>订单号</Table.Th>
                  <Table.Th>方式</Table.Th>
                  <Table.Th>分配时间</Table.Th>
                  <Table.Th>结束时间</Table.Th>
                  <Table.Th>结束原因</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {designer.history.map((h) => (
                  <Table.Tr key={`${h.ticket_id}|${h.assigned_at}`}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" ff="monospace" onClick={() => openTicket(h.ticket_id)}>
                        {h.order_no}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{ALLOCATION_HOW_TEXT[h.how] ?? h.how}</Table.Td>
                    <Table.Td>{formatTime(h.assigned_at)}</Table.Td>
                    <Table.Td>{h.ended_at ? formatTime(h.ended_at) : '进行中'}</Table.Td>
                    <Table.Td>{h.end_reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            暂无分配记录
          </Text>
        )}
      </Section>
    </Stack>
  );
}

/** `/team-management/designers/detail/$id`: one member's figures, settings, tickets, settlements and history. */
export function TeamDesignerDetailPage(): ReactElement {
  const params = useParams({ strict: false });
  // A tab per designer: the id is the one this page opened with.
  const [id] = useState(() => String(params.id ?? '').toUpperCase());
  const valid = DESIGNER_CODE.test(id);
  const detail = useQuery({ ...teamDesignerQueries.detail(id), enabled: valid });

  return (
    <DetailStates
      invalid={valid ? null : '设计师编号不正确'}
      query={detail}
      skeleton={[80, 200]}
      errorActions={
        <ButtonLink variant="default" size="xs" to="/team-management/designers">
          返回设计师列表
        </ButtonLink>
      }
    >
      {(data) => <Detail designer={data} />}
    </DetailStates>
  );
}
