import { Alert, Box, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type DailyPanel, teamQueries } from '@/entities/team';
import { ApiError } from '@/shared/api';
import { formatTime } from '@/shared/lib';

const FIGURES: { key: 'received' | 'in_progress' | 'completed' | 'overdue'; label: string; color: string }[] = [
  { key: 'received', label: '今日接单', color: '#4dabf7' },
  { key: 'in_progress', label: '进行中', color: '#ffd43b' },
  { key: 'completed', label: '已完成', color: '#69db7c' },
  { key: 'overdue', label: '已超时', color: '#ff8787' },
];

/** Received tickets per hour as plain SVG bars (no chart library). */
function HourlyChart({ hourly }: { hourly: number[] }) {
  const max = Math.max(1, ...hourly);
  const w = 960;
  const h = 260;
  const barW = w / 24;
  return (
    <svg viewBox={`0 0 ${w} ${h + 40}`} width="100%" role="img" aria-label="每小时接单数">
      {hourly.map((n, i) => {
        const bh = (n / max) * h;
        return (
          <g key={i}>
            <rect x={i * barW + 4} y={h - bh} width={barW - 8} height={bh} rx={3} fill="#4dabf7">
              <title>{`${i}时：${n}单`}</title>
            </rect>
            {n > 0 ? (
              <text x={i * barW + barW / 2} y={h - bh - 6} textAnchor="middle" fontSize="16" fill="#e9ecef">
                {n}
              </text>
            ) : null}
            <text x={i * barW + barW / 2} y={h + 28} textAnchor="middle" fontSize="16" fill="#adb5bd">
              {i}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Panel({ data }: { data: DailyPanel }) {
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="baseline">
        <Title order={1} c="white" fz={{ base: 32, md: 48 }}>
          {data.team_name} · 今日看板
        </Title>
        <Text c="gray.5" fz="xl">
          {data.day} · 更新于 {formatTime(data.generated_at, 'timeSeconds')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl">
        {FIGURES.map((f) => (
          <Box key={f.key} p="xl" style={{ borderRadius: 16, background: '#25262b' }} data-testid={`figure-${f.key}`}>
            <Text c="gray.4" fz={{ base: 22, md: 30 }}>
              {f.label}
            </Text>
            <Text fw={800} fz={{ base: 64, md: 110 }} lh={1.1} style={{ color: f.color }}>
              {data[f.key]}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Box p="xl" style={{ borderRadius: 16, background: '#25262b' }}>
        <Text c="gray.4" fz={{ base: 22, md: 28 }} mb="md">
          每小时接单
        </Text>
        <HourlyChart hourly={data.hourly} />
      </Box>
    </Stack>
  );
}

/** `/order-daily-panel?key=…`: the public big-screen daily panel of the key's team; refreshes every 30 s. */
export function OrderDailyPanelPage() {
  const search = useSearch({ strict: false }) as { key?: unknown };
  const key = typeof search.key === 'string' ? search.key.trim() : '';
  const panel = useQuery({ ...teamQueries.dailyPanel(key), enabled: !!key });
  const refused = !key || (panel.isError && !panel.data) || (panel.error instanceof ApiError && panel.error.status === 403);

  return (
    <Box component="main" mih="100dvh" p={{ base: 'md', md: 48 }} style={{ background: '#141517', color: '#f8f9fa' }}>
      {refused ? (
        <Alert color="red" variant="filled" title="无法打开数据大屏" fz="xl" maw={720} mx="auto" mt={120}>
          {!key ? '链接中缺少大屏密钥，请向团队负责人索取正确的链接。' : panel.error instanceof ApiError && panel.error.message ? panel.error.message : '加载失败，请稍后重试'}
        </Alert>
      ) : panel.data ? (
        <Panel data={panel.data} />
      ) : (
        <Group justify="center" mt={120}>
          <Loader role="status" aria-label="加载中" size="xl" />
        </Group>
      )}
    </Box>
  );
}
