import { describe, expect, it } from 'vitest';
import { BOARD_KPIS, dailyDetailTotals, kpiBasis, rateText, teamBoardSchema } from './team-board.schema';

const figures = { received: 4, in_progress: 2, completed: 3, due: 3, overdue: 1, on_time_rate: 2 / 3, first_pass_rate: null, deduction_cents: 1500, appeals: 1, appeals_pending: 1 };

describe('team board schema', () => {
  it('reads the board of GET /team/board', () => {
    const board = teamBoardSchema.parse({
      from: '2026-11-23',
      to: '2026-11-24',
      totals: figures,
      by_designer: [{ ...figures, designer_id: 'D000002', designer_name: '李设计' }],
      by_day: [
        { day: '2026-11-23', received: 3, completed: 2, overdue: 0 },
        { day: '2026-11-24', received: 1, completed: 1, overdue: 1 },
      ],
    });
    expect(board.by_designer[0]?.designer_name).toBe('李设计');
  });
  it('refuses a board that drifted from the contract', () => {
    expect(teamBoardSchema.safeParse({ from: '2026-11-23', to: '2026-11-24', totals: { ...figures, on_time_rate: 1.5 }, by_designer: [], by_day: [] }).success).toBe(false);
    expect(teamBoardSchema.safeParse({ from: '2026-11-23', to: '2026-11-24', totals: { ...figures, received: -1 }, by_designer: [], by_day: [] }).success).toBe(false);
    expect(teamBoardSchema.safeParse({ from: '23/11', to: '2026-11-24', totals: figures, by_designer: [], by_day: [] }).success).toBe(false);
  });
  it('shows rates as percentages, none as a dash', () => {
    expect(rateText(2 / 3)).toBe('66.7%');
    expect(rateText(1)).toBe('100.0%');
    expect(rateText(0)).toBe('0.0%');
    expect(rateText(null)).toBe('—');
  });
  it('sums the daily detail', () => {
    const row = { day: '2026-11-23', designer_id: 'D000002', designer_name: '李设计', received: 2, completed: 1, overdue: 1, fee_cents: 6800, deduction_cents: 500 };
    expect(dailyDetailTotals([row, { ...row, day: '2026-11-24', fee_cents: 3200 }])).toEqual({ received: 4, completed: 2, overdue: 2, fee_cents: 10000, deduction_cents: 1000 });
  });

  it('defines every KPI card: a rate names its numerator and denominator, a period figure its period', () => {
    for (const kpi of BOARD_KPIS) {
      expect(kpi.definition.length, kpi.key).toBeGreaterThan(20);
      if (kpi.kind === 'rate') expect(kpi.definition, kpi.key).toContain('÷');
      if (kpi.key !== 'in_progress') expect(kpi.definition, kpi.key).toContain('统计区间');
    }
    const onTime = BOARD_KPIS.find((k) => k.key === 'on_time_rate')!;
    expect(onTime.definition).toContain('已超时');
  });

  it('shows the counts behind the on-time rate, which agree with 已超时', () => {
    expect(kpiBasis('on_time_rate', { ...figures, due: 30, overdue: 27, on_time_rate: 0.1 })).toBe('准时 3 / 到期 30');
    expect(kpiBasis('first_pass_rate', figures)).toBe('完成 3');
    expect(kpiBasis('appeals', figures)).toBe('待处理 1');
    expect(kpiBasis('received', figures)).toBeNull();
  });
});
