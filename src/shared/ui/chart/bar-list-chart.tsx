import { Box, Group, Text } from '@mantine/core';
import { type BarItem, barWidths } from './bar-list';
import { ChartDataTable } from './chart-data-table';
import { ChartFigure } from './chart-figure';

export interface BarListChartProps {
  /** Shown above the bars and used as the figure's name. */
  title: string;
  items: readonly BarItem[];
  /** The longest possible bar (rates: 1); default the largest value. */
  max?: number;
  formatValue?: (value: number | null) => string;
  /** Headers of the screen-reader table. */
  categoryLabel?: string;
  valueLabel?: string;
  emptyText?: string;
}

/**
 * Horizontal bars in the given order (a ranking): label, bar, value. The bars are decoration
 * for sighted users; the same figures are in a visually hidden table.
 */
export function BarListChart({
  title,
  items,
  max,
  formatValue = (v) => (v === null ? '—' : String(v)),
  categoryLabel = '类别',
  valueLabel = '数值',
  emptyText = '暂无数据',
}: BarListChartProps) {
  const widths = barWidths(items, max);
  return (
    <ChartFigure title={title} empty={items.length === 0} emptyText={emptyText}>
      <>
          <Box aria-hidden="true" data-testid="bar-list-chart">
            {items.map((item, i) => (
              <Group key={item.key} gap="sm" wrap="nowrap" mb={4} title={`${item.label}：${formatValue(item.value)}`}>
                <Text size="xs" w={96} truncate="end" ta="right">
                  {item.label}
                </Text>
                <Box style={{ flex: 1, height: 14, background: 'var(--mantine-color-gray-1)', borderRadius: 3 }}>
                  <Box data-bar-width={widths[i]} style={{ width: `${widths[i]}%`, height: '100%', background: 'var(--mantine-color-blue-6)', borderRadius: 3 }} />
                </Box>
                <Text size="xs" w={64} ta="right" ff="monospace">
                  {formatValue(item.value)}
                </Text>
              </Group>
            ))}
          </Box>
          <ChartDataTable
            title={title}
            categoryLabel={categoryLabel}
            valueLabel={valueLabel}
            rows={items.map((item) => ({ key: item.key, label: item.label, value: formatValue(item.value) }))}
          />
      </>
    </ChartFigure>
  );
}
