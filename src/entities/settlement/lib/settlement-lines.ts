import { shanghaiDay } from '@/shared/lib';
import { LINE_KINDS, type LineKind, type Settlement, type SettlementLine } from '../model/settlement.schema';

/** 2026-11-23 – 2026-11-29 → '11/23–11/29' (the year when the period spans two years or is asked for). */
export function periodLabel(s: Pick<Settlement, 'period_start' | 'period_end'>, withYear = false): string {
  const [ys, ms, ds] = s.period_start.split('-');
  const [ye, me, de] = s.period_end.split('-');
  if (!ys || !ye) return `${s.period_start}–${s.period_end}`;
  if (withYear || ys !== ye) return `${ys}/${ms}/${ds}–${ye}/${me}/${de}`;
  return `${ms}/${ds}–${me}/${de}`;
}

export interface LineGroup {
  kind: LineKind;
  lines: SettlementLine[];
  /** Signed sum of the group's lines. */
  subtotal_cents: number;
}

/** Lines grouped by kind in a fixed order (fees, deductions, adjustments), each oldest first, with subtotals; empty groups left out. */
export function groupLines(lines: readonly SettlementLine[]): LineGroup[] {
  return LINE_KINDS.map((kind) => {
    const of = lines
      .filter((l) => l.kind === kind)
      .slice()
      .sort((a, b) => (a.created_at === b.created_at ? a.line_id - b.line_id : a.created_at < b.created_at ? -1 : 1));
    return { kind, lines: of, subtotal_cents: of.reduce((sum, l) => sum + l.amount_cents, 0) };
  }).filter((g) => g.lines.length > 0);
}

/** Lines whose order number or description contains the query (case-insensitive, trimmed); all for an empty query. */
export function searchLines(lines: readonly SettlementLine[], query: string): SettlementLine[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...lines];
  return lines.filter((l) => (l.order_no ?? '').toLowerCase().includes(q) || l.description.toLowerCase().includes(q));
}

/** Totals over settlements (the page's summary): gross, deductions (positive), adjustments, net. */
export function sumSettlements(items: readonly Settlement[]): Pick<Settlement, 'gross_cents' | 'deduction_cents' | 'adjustment_cents' | 'net_cents'> {
  return items.reduce(
    (t, s) => ({
      gross_cents: t.gross_cents + s.gross_cents,
      deduction_cents: t.deduction_cents + s.deduction_cents,
      adjustment_cents: t.adjustment_cents + s.adjustment_cents,
      net_cents: t.net_cents + s.net_cents,
    }),
    { gross_cents: 0, deduction_cents: 0, adjustment_cents: 0, net_cents: 0 },
  );
}

/**
 * The net of each period, oldest first (the list comes newest first), for the trend chart. A
 * period that has not ended by `today` (a Shanghai day) is marked partial: its figure is still
 * growing and must not read as a drop.
 */
export function netTrend(items: readonly Settlement[], today: string = shanghaiDay()): { label: string; value: number; partial?: boolean }[] {
  return [...items]
    .sort((a, b) => (a.period_start < b.period_start ? -1 : a.period_start > b.period_start ? 1 : 0))
    .map((s) => ({ label: periodLabel(s), value: s.net_cents, ...(s.period_end >= today ? { partial: true } : {}) }));
}
