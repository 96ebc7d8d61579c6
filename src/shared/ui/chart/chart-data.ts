/** One point of a chart series: a category label and its value. */
export interface ChartDatum {
  label: string;
  value: number;
  /** A period not over yet (this week): drawn as in progress, not as a final figure. */
  partial?: boolean;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels. */
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface ChartPoint extends ChartDatum {
  /** Centre of the category on the x axis. */
  x: number;
  /** The value on the y axis. */
  y: number;
  /** The bar: from the zero line to the value. */
  bar: { x: number; y: number; width: number; height: number };
}

export interface ChartTick {
  value: number;
  y: number;
}

export interface ChartLayout {
  points: ChartPoint[];
  ticks: ChartTick[];
  /** y of the zero line. */
  zeroY: number;
  /** The plot area. */
  plot: { left: number; top: number; right: number; bottom: number };
}

/** A step of 1, 2 or 5 × 10ⁿ that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Axis ticks covering `min`..`max` and always zero (bars grow from it), on round steps. All-equal or
 * empty data still gets an axis.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (lo === hi) hi = lo + 1;
  const step = niceStep(hi - lo, count);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Integer multiples, rounded to 12 digits: no float drift (0.30000000000000004).
  for (let i = Math.round(lo / step); i <= Math.round(hi / step); i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** Where every datum, bar and tick goes inside `box` (pure; the SVG only draws it). */
export function chartLayout(data: readonly ChartDatum[], box: ChartBox, tickCount = 4): ChartLayout {
  const plot = {
    left: box.padding.left,
    top: box.padding.top,
    right: box.width - box.padding.right,
    bottom: box.height - box.padding.bottom,
  };
  const values = data.map((d) => d.value).filter((v) => Number.isFinite(v));
  const tickValues = niceTicks(values.length ? Math.min(...values) : 0, values.length ? Math.max(...values) : 0, tickCount);
  const lo = tickValues[0]!;
  const hi = tickValues[tickValues.length - 1]!;
  const yOf = (v: number) => plot.bottom - ((v - lo) / (hi - lo)) * (plot.bottom - plot.top);
  const slot = data.length ? (plot.right - plot.left) / data.length : 0;
  const barWidth = Math.max(2, Math.min(48, slot * 0.6));
  const zeroY = yOf(0);
  const points = data.map((d, i) => {
    const value = Number.isFinite(d.value) ? d.value : 0;
    const x = plot.left + slot * (i + 0.5);
    const y = yOf(value);
    return {
      label: d.label,
      value: d.value,
      ...(d.partial ? { partial: true } : {}),
      x,
      y,
      bar: { x: x - barWidth / 2, y: Math.min(y, zeroY), width: barWidth, height: Math.abs(zeroY - y) },
    };
  });
  return { points, ticks: tickValues.map((value) => ({ value, y: yOf(value) })), zeroY, plot };
}

/** The SVG path of a line through the points. */
export function linePath(points: readonly Pick<ChartPoint, 'x' | 'y'>[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)},${round(p.y)}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Labels to show under the x axis when there is no room for all of them: every nth, always the last. */
export function visibleLabelIndexes(count: number, maxLabels: number): Set<number> {
  if (count <= maxLabels) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.ceil(count / Math.max(1, maxLabels));
  const out = new Set<number>();
  for (let i = 0; i < count; i += every) out.add(i);
  out.add(count - 1);
  return out;
}
