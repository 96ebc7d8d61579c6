import { describe, expect, it } from 'vitest';
import { expenseExportName, expenseExportUrl } from '../api/team-expense.queries';
import { expenseStatementDetailSchema, statementIdSchema } from './team-expense.schema';

describe('team expense schemas', () => {
  it('reads a statement with its members', () => {
    const s = expenseStatementDetailSchema.parse({
      scope: 'team',
      statement_id: '2026-11-16',
      period_start: '2026-11-16',
      period_end: '2026-11-22',
      member_count: 1,
      gross_cents: 10000,
      deduction_cents: 500,
      adjustment_cents: 200,
      net_cents: 9700,
      status_counts: { open: 1, confirmed: 0, paid: 0 },
      members: [
        {
          settlement_id: 5,
          designer_id: 'D000002',
          designer_name: '李设计',
          period_start: '2026-11-16',
          period_end: '2026-11-22',
          status: 'open',
          gross_cents: 10000,
          deduction_cents: 500,
          adjustment_cents: 200,
          net_cents: 9700,
          line_count: 4,
          confirmed_at: null,
          paid_at: null,
        },
      ],
    });
    expect(s.members).toHaveLength(1);
    expect(s.scope).toBe('team');
  });
  it('a statement id is its first day; the export names the period', () => {
    expect(statementIdSchema.safeParse('2026-11-16').success).toBe(true);
    expect(statementIdSchema.safeParse('16').success).toBe(false);
    expect(expenseExportUrl('2026-11-16', 'xlsx')).toBe('/api/team/expenses/2026-11-16/export?format=xlsx');
    expect(expenseExportName({ period_start: '2026-11-16', period_end: '2026-11-22' }, 'csv')).toBe('团队费用_2026-11-16_2026-11-22.csv');
  });
});
