import { Button, Card, Center, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import {
  BOARD_KPIS,
  type BoardFigures,
  type BoardKpi,
  kpiBasis,
  PERIOD_ERROR_TEXT,
  PeriodPicker,
  periodSearchSchema,
  type PeriodSearch,
  rateText,
  resolvePeriod,
  teamBoardQueries,
  type TeamBoard,
} from '@/entities/team-board';
import { DesignerLink } from '@/entities/team-designer';
import { formatCents, shanghaiDay, shortDay, useKeptSearch } from '@/shared/lib';
import { BarListChart, TrendChart } from '@/shared/ui/chart';
import { ButtonLink } from '@/shared/ui/router-links';
import { RANK_KEYS, RANK_TEXT, type RankKey, rankDesigners } from '../model/ranking';

export const DASHBOARD_PATH = '/team-management/dashboard';
const parseSearch = (raw: unknown): PeriodSearch => {
  const parsed = periodSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
};

function kpiValue(kpi: BoardKpi, figures: BoardFigures): string {
  const v = figures[kpi.key];
  if (kpi.kind === 'rate') return rateText(v as number | null);
  if (kpi.kind === 'money') return formatCents(v as number);
  return String(v);
}

function KpiCards({ board, loading }: { board: TeamBoard | undefined; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="团队指标">
      {BOARD_KPIS.map((kpi) => (
        <Card key={kpi.key} withBorder padding="sm" radius="md" component="li" aria-label={kpi.label} data-kpi={kpi.key}>
          <Tooltip label={kpi.definition} multiline w={300} withArrow events={{ hover: true, focus: true, touch: true }}>
            <Text size="sm" c="dimmed" tabIndex={0} aria-description={kpi.definition} data-testid={`kpi-label-${kpi.key}`} style={{ cursor: 'help', textDecoration: 'underline dotted', width: 'fit-content' }}>
              {kpi.label}
            </Text>
          </Tooltip>
          {loading || !board ? (
            <Skeleton h={28} w="60%" mt={6} />
          ) : (
            <Text fz={26} fw={700} data-testid={`kpi-${kpi.key}`}>
              {kpiValue(kpi, board.totals)}
            </Text>
          )}
          {board && kpiBasis(kpi.key, board.totals) ? (
            <Text size="xs" c="dimmed" data-testid={`kpi-basis-${kpi.key}`}>
              {kpiBasis(kpi.key, board.totals)}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

const SERIES = [
  { value: 'received', label: '接单' },
  { value: 'completed', label: '完成' },
  { value: 'overdue', label: '超时' },
] as const;
type Series = (typeof SERIES)[number]['value'];

function DailyTrend({ board }: { board: TeamBoard }) {
  const [series, setSeries] = useState<Series>('received');
  const label = SERIES.find((s) => s.value === series)!.label;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          每日趋势
        </Title>
        <SegmentedControl size="xs" aria-label="趋势指标" value={series} onChange={(v) => setSeries(v as Series)} data={SERIES.map((s) => ({ ...s }))} />
      </Group>
      <TrendChart
        title={`每日${label}数`}
        data={board.by_day.map((d) => ({ label: shortDay(d.day), value: d[series] }))}
        kind={board.by_day.length > 31 ? 'line' : 'bar'}
        categoryLabel="日期"
        valueLabel={`${label}数`}
        emptyText="该时段暂无数据"
      />
    </Card>
  );
}

/** How many designers the ranking's bars show (the table below lists them all). */
const TOP_BARS = 10;
const RATE_KEYS: ReadonlySet<RankKey> = new Set(['on_time_rate', 'first_pass_rate']);

function Ranking({ board }: { board: TeamBoard }) {
  const [rankBy, setRankBy] = useState<RankKey>('completed');
  const rows = rankDesigners(board.by_designer, rankBy);
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="md">
          设计师排行
        </Title>
        <Select
          aria-label="排行依据"
          size="xs"
          w={170}
          allowDeselect={false}
          value={rankBy}
          onChange={(v) => setRankBy((v as RankKey) ?? 'completed')}
          data={RANK_KEYS.map((k) => ({ value: k, label: `按${RANK_TEXT[k]}` }))}
        />
      </Group>
      {rows.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed">团队暂无设计师</Text>
        </Center>
      ) : (
        <Stack gap="md">
          <BarListChart
            title={`${RANK_TEXT[rankBy]}前${Math.min(TOP_BARS, rows.length)}名`}
            items={rows.slice(0, TOP_BARS).map((r) => ({ key: r.designer_id, label: r.designer_name, value: r[rankBy] }))}
            max={RATE_KEYS.has(rankBy) ? 1 : undefined}
            formatValue={(v) => (RATE_KEYS.has(rankBy) ? rateText(v) : v === null ? '—' : String(v))}
            categoryLabel="设计师"
            valueLabel={RANK_TEXT[rankBy]}
          />
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover aria-label="设计师排行" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={50}>名次</Table.Th>
                  <Table.Th>设计师</Table.Th>
                  <Table.Th ta="right">接单</Table.Th>
                  <Table.Th ta="right">进行中</Table.Th>
                  <Table.Th ta="right">完成</Table.Th>
                  <Table.Th ta="right">超时</Table.Th>
                  <Table.Th ta="right">准时率</Table.Th>
                  <Table.Th ta="right">一次通过率</Table.Th>
                  <Table.Th ta="right">扣款</Table.Th>
                  <Table.Th ta="right">申诉</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.designer_id} data-designer-id={r.designer_id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      <DesignerLink designerId={r.designer_id} name={r.designer_name} />
                    </Table.Td>
                    <Table.Td ta="right">{r.received}</Table.Td>
                    <Table.Td ta="right">{r.in_progress}</Table.Td>
                    <Table.Td ta="right">{r.completed}</Table.Td>
                    <Table.Td ta="right">{r.overdue}</Table.Td>
                    <Table.Td ta="right">{rateText(r.on_time_rate)}</Table.Td>
                    <Table.Td ta="right">{rateText(r.first_pass_rate)}</Table.Td>
                    <Table.Td ta="right">{formatCents(r.deduction_cents)}</Table.Td>
                    <Table.Td ta="right">{r.appeals}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}

/** `/team-management/dashboard`: the team's figures for a period, live on ticket messages. */
export function TeamDashboardPage(): ReactElement {
  const navigate = useNavigate();
  const { search } = useKeptSearch(DASHBOARD_PATH, parseSearch);
  const period = resolvePeriod(search, shanghaiDay());
  const board = useQuery(teamBoardQueries.board({ from: period.from, to: period.to }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PeriodPicker
          preset={period.preset}
          period={period}
          onChange={(next) => void navigate({ to: DASHBOARD_PATH, search: next })}
        />
        <ButtonLink
          variant="light"
          to="/team-management/daily-detail"
          search={{ ...search, period: period.preset === 'this_week' ? undefined : period.preset }}
        >
          查看每日明细
        </ButtonLink>
      </Group>
      {period.error ? (
        <Text size="sm" c="orange" role="alert">
          链接中的时间范围无效（{PERIOD_ERROR_TEXT[period.error]}），已显示本周数据。
        </Text>
      ) : null}
      {board.isError && !board.data ? (
        <Center py="xl">
          <Stack align="center" gap="xs" role="alert">
            <Text c="red">{board.error.message}</Text>
            <Button variant="light" size="xs" onClick={() => void board.refetch()}>
              重试
            </Button>
          </Stack>
        </Center>
      ) : (
        <Stack gap="md" aria-busy={board.isFetching ? true : undefined} style={{ opacity: board.isPlaceholderData ? 0.7 : 1 }}>
          <KpiCards board={board.data} loading={board.isPending} />
          {board.data ? (
            <>
              <DailyTrend board={board.data} />
              <Ranking board={board.data} />
            </>
          ) : (
            <Skeleton h={260} radius="md" />
          )}
        </Stack>
      )}
    </Stack>
  );
}
