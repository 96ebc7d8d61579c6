/** One bar of a ranked bar list. `value` null: no figure (drawn empty, read as the `formatValue` of null). */
export interface BarItem {
  key: string;
  label: string;
  value: number | null;
}

/**
 * Bar lengths in percent of the longest possible bar: `max` when given (rates: 1), else the largest
 * value; a value of 0 or null is an empty bar, a tiny positive value still shows (1%).
 */
export function barWidths(items: readonly BarItem[], max?: number): number[] {
  const top = max ?? Math.max(0, ...items.map((i) => i.value ?? 0));
  return items.map((i) => {
    const v = i.value ?? 0;
    if (top <= 0 || v <= 0) return 0;
    return Math.max(1, Math.min(100, Math.round((v / top) * 1000) / 10));
  });
}
