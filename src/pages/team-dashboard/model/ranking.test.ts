import { describe, expect, it } from 'vitest';
import type { BoardDesigner } from '@/entities/team-board';
import { rankDesigners } from './ranking';

const row = (name: string, patch: Partial<BoardDesigner>): BoardDesigner => ({
  designer_id: `D00000${name.length}`,
  designer_name: name,
  received: 0,
  in_progress: 0,
  completed: 0,
  due: 0,
  overdue: 0,
  on_time_rate: null,
  first_pass_rate: null,
  deduction_cents: 0,
  appeals: 0,
  appeals_pending: 0,
  ...patch,
});

describe('designer ranking', () => {
  const rows = [row('甲', { completed: 3, on_time_rate: 0.5, overdue: 2 }), row('乙', { completed: 5, on_time_rate: null, overdue: 0 }), row('丙', { completed: 3, on_time_rate: 1, overdue: 1 })];
  it('most completed first, ties by name', () => {
    expect(rankDesigners(rows, 'completed').map((r) => r.designer_name)).toEqual(['乙', '丙', '甲']);
  });
  it('rates: highest first, no value last', () => {
    expect(rankDesigners(rows, 'on_time_rate').map((r) => r.designer_name)).toEqual(['丙', '甲', '乙']);
  });
  it('overdue: fewest first', () => {
    expect(rankDesigners(rows, 'overdue').map((r) => r.designer_name)).toEqual(['乙', '丙', '甲']);
  });
});
