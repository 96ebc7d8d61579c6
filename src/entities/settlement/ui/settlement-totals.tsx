import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCents } from '@/shared/lib';

interface Props {
  label: string;
  totals: { gross_cents: number; deduction_cents: number; adjustment_cents: number; net_cents: number } | undefined;
}

/** A settlement's (or several's) gross, deductions, adjustments and net side by side. */
export function SettlementTotals({ label, totals }: Props) {
  const cells = [
    { key: 'gross', title: '应得费用', value: totals ? formatCents(totals.gross_cents) : '—' },
    { key: 'deduction', title: '扣款', value: totals ? formatCents(-totals.deduction_cents) : '—', color: totals?.deduction_cents ? 'red' : undefined },
    { key: 'adjustment', title: '调整', value: totals ? formatCents(totals.adjustment_cents, { signed: true }) : '—', color: totals?.adjustment_cents ? 'var(--app-color-positive)' : undefined },
    { key: 'net', title: '实发金额', value: totals ? formatCents(totals.net_cents) : '—', strong: true },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" role="list" aria-label={label}>
      {cells.map((c) => (
        <Paper key={c.key} withBorder radius="md" px="sm" py={8} role="listitem" aria-label={`${c.title} ${c.value}`}>
          <Text size="xs" c="dimmed">
            {c.title}
          </Text>
          <Text fz={c.strong ? 22 : 18} fw={700} c={c.color} data-testid={`money-${c.key}`}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
