import { describe, expect, it } from 'vitest';
import type { Settlement, SettlementLine } from '../model/settlement.schema';
import { settlementDetailSchema } from '../model/settlement.schema';
import { groupLines, netTrend, periodLabel, searchLines, sumSettlements } from './settlement-lines';

let id = 0;
const line = (kind: SettlementLine['kind'], amount: number, extra: Partial<SettlementLine> = {}): SettlementLine => ({
  line_id: ++id,
  kind,
  amount_cents: amount,
  ticket_id: 1,
  order_no: `NO${id}`,
  deduction_id: null,
  appeal_id: null,
  description: `${kind} ${id}`,
  created_at: `2026-11-2${id % 10}T00:00:00.000Z`,
  ...extra,
});

const settlement = (start: string, end: string, net: number): Settlement => ({
  settlement_id: Number(start.replaceAll('-', '')),
  designer_id: 'D000002',
  designer_name: '设计师小王',
  period_start: start,
  period_end: end,
  status: 'open',
  gross_cents: net + 100,
  deduction_cents: 200,
  adjustment_cents: 100,
  net_cents: net,
  line_count: 3,
  confirmed_at: null,
  paid_at: null,
});

describe('settlement lines', () => {
  it('group by kind in a fixed order with signed subtotals, empty groups left out', () => {
    const lines = [line('adjustment', 2000), line('fee', 6800), line('deduction', -1500), line('fee', 3200)];
    const groups = groupLines(lines);
    expect(groups.map((g) => [g.kind, g.lines.length, g.subtotal_cents])).toEqual([
      ['fee', 2, 10000],
      ['deduction', 1, -1500],
      ['adjustment', 1, 2000],
    ]);
    expect(groupLines([line('fee', 1)]).map((g) => g.kind)).toEqual(['fee']);
    expect(groupLines([])).toEqual([]);
  });

  it('the subtotals add up to the net (gross − deductions + adjustments)', () => {
    const lines = [line('fee', 6800), line('fee', 1234), line('deduction', -500), line('adjustment', 250), line('adjustment', -50)];
    const total = groupLines(lines).reduce((s, g) => s + g.subtotal_cents, 0);
    expect(total).toBe(6800 + 1234 - 500 + 250 - 50);
  });

  it('search over order number and description, case-insensitive', () => {
    const lines = [line('fee', 1, { order_no: 'ABC-1', description: '工单费用' }), line('adjustment', 1, { order_no: null, description: '费用申诉通过调整' })];
    expect(searchLines(lines, ' abc ')).toHaveLength(1);
    expect(searchLines(lines, '申诉')).toEqual([lines[1]]);
    expect(searchLines(lines, '')).toHaveLength(2);
    expect(searchLines(lines, 'zzz')).toEqual([]);
  });

  it('period labels, totals and the net trend oldest first', () => {
    expect(periodLabel({ period_start: '2026-11-23', period_end: '2026-11-29' })).toBe('11/23–11/29');
    expect(periodLabel({ period_start: '2026-12-28', period_end: '2027-01-03' })).toBe('2026/12/28–2027/01/03');
    const items = [settlement('2026-11-23', '2026-11-29', 900), settlement('2026-11-16', '2026-11-22', -100)];
    expect(netTrend(items, '2026-11-30')).toEqual([
      { label: '11/16–11/22', value: -100 },
      { label: '11/23–11/29', value: 900 },
    ]);
    // On its last day or before, a period is still in progress.
    expect(netTrend(items, '2026-11-29')).toEqual([
      { label: '11/16–11/22', value: -100 },
      { label: '11/23–11/29', value: 900, partial: true },
    ]);
    expect(sumSettlements(items)).toEqual({ gross_cents: 1000, deduction_cents: 400, adjustment_cents: 200, net_cents: 800 });
  });

  it('the detail schema reads lines with nullable references', () => {
    const detail = settlementDetailSchema.parse({ ...settlement('2026-11-23', '2026-11-29', 100), lines: [line('adjustment', 100, { ticket_id: null, order_no: null, appeal_id: 3 })] });
    expect(detail.lines[0]).toMatchObject({ kind: 'adjustment', appeal_id: 3 });
  });
});
