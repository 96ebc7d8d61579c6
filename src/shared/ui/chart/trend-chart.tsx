import { type ChartDatum, chartLayout, linePath, visibleLabelIndexes } from './chart-data';
import { ChartDataTable } from './chart-data-table';
import { ChartFigure } from './chart-figure';

export interface TrendChartProps {
  /** Shown above the chart and used as its accessible name. */
  title: string;
  data: readonly ChartDatum[];
  /** A line (trend over time, default) or bars. */
  kind?: 'line' | 'bar';
  /** How values read (axis, hover titles, the data table), e.g. money. */
  formatValue?: (value: number) => string;
  /** Header of the category column of the data table, e.g. '结算周期'. */
  categoryLabel?: string;
  /** Header of the value column of the data table, e.g. '实发金额'. */
  valueLabel?: string;
  /** Drawing height in px (the width follows the container). */
  height?: number;
  /** Shown instead of the chart when there is no data. */
  emptyText?: string;
}

const WIDTH = 640;
/** How a period that has not ended yet is named beside its figure. */
const PARTIAL_TEXT = '进行中';
const MAX_X_LABELS = 8;

/**
 * A small SVG line or bar chart of one series of {label, value}. Accessible: the SVG is an image
 * named by the title and a summary, and the same figures are in a visually hidden table for screen
 * readers. No chart library: the layout is the pure `chartLayout`.
 */
export function TrendChart({
  title,
  data,
  kind = 'line',
  formatValue = (v) => String(v),
  categoryLabel = '类别',
  valueLabel = '数值',
  height = 220,
  emptyText = '暂无数据',
}: TrendChartProps) {
  const layout = chartLayout(data, { width: WIDTH, height, padding: { top: 16, right: 16, bottom: 36, left: 84 } });
  const labels = visibleLabelIndexes(data.length, MAX_X_LABELS);
  const text = (d: ChartDatum) => `${formatValue(d.value)}${d.partial ? `（${PARTIAL_TEXT}）` : ''}`;
  const summary = data.length
    ? `${title}：共${data.length}项，${data.map((d) => `${d.label} ${text(d)}`).join('，')}`
    : `${title}：${emptyText}`;
  const { plot } = layout;
  // The line runs through the final figures; a segment into a period still in progress is dashed.
  const finalPoints = layout.points.filter((p) => !p.partial);
  const partialSegments = layout.points.flatMap((p, i) => {
    const prev = layout.points[i - 1];
    return p.partial && prev ? [{ from: prev, to: p }] : [];
  });

  return (
    <ChartFigure title={title} empty={data.length === 0} emptyText={emptyText}>
      <>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          preserveAspectRatio="xMidYMid meet"
          style={{ display: 'block', maxHeight: height, overflow: 'visible' }}
          data-testid="trend-chart"
        >
          <g aria-hidden="true">
            {layout.ticks.map((t) => (
              <g key={t.value}>
                <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke="var(--mantine-color-gray-3)" strokeDasharray={t.value === 0 ? undefined : '3 3'} />
                <text x={plot.left - 8} y={t.y} textAnchor="end" dominantBaseline="middle" fontSize={11} fill="var(--mantine-color-gray-7)">
                  {formatValue(t.value)}
                </text>
              </g>
            ))}
            <line x1={plot.left} x2={plot.right} y1={layout.zeroY} y2={layout.zeroY} stroke="var(--mantine-color-gray-6)" />
            {layout.points.map((p, i) =>
              labels.has(i) ? (
                <text key={`label-${i}`} x={p.x} y={plot.bottom + 18} textAnchor="middle" fontSize={11} fill="var(--mantine-color-gray-7)">
                  {p.label}
                </text>
              ) : null,
            )}
            {kind === 'bar'
              ? layout.points.map((p, i) => (
                  <rect
                    key={`bar-${i}`}
                    {...p.bar}
                    rx={2}
                    fill={p.value < 0 ? 'var(--mantine-color-red-6)' : p.partial ? 'var(--mantine-color-gray-4)' : 'var(--mantine-color-blue-6)'}
                    data-partial={p.partial ? 'true' : undefined}
                  >
                    <title>{`${p.label}：${text(p)}`}</title>
                  </rect>
                ))
              : (
                  <>
                    <path d={linePath(finalPoints)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} strokeLinejoin="round" />
                    {partialSegments.map(({ from, to }, i) => (
                      <line
                        key={`partial-${i}`}
                        x1={from.x}
                        y1={from.y}
                        x2={to.x}
                        y2={to.y}
                        stroke="var(--mantine-color-gray-5)"
                        strokeWidth={2}
                        strokeDasharray="5 4"
                        data-partial="true"
                      />
                    ))}
                    {layout.points.map((p, i) => (
                      <circle
                        key={`dot-${i}`}
                        cx={p.x}
                        cy={p.y}
                        r={4}
                        fill="var(--mantine-color-body)"
                        stroke={p.partial ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-blue-6)'}
                        strokeWidth={2}
                        strokeDasharray={p.partial ? '2 2' : undefined}
                        data-partial={p.partial ? 'true' : undefined}
                      >
                        <title>{`${p.label}：${text(p)}`}</title>
                      </circle>
                    ))}
                  </>
                )}
          </g>
        </svg>
        <ChartDataTable
          title={title}
          categoryLabel={categoryLabel}
          valueLabel={valueLabel}
          rows={data.map((d, i) => ({ key: String(i), label: d.label, value: text(d) }))}
        />
      </>
    </ChartFigure>
  );
}
