import { describe, expect, it } from 'vitest';
import { DEDUCTION_SOURCE_TEXT, deductionListParamsOf, deductionSchema, parseDeductionSearch, withDeductionFilters, withDeductionPage } from './deduction.schema';

const wire = {
  deduction_id: 5,
  ticket_id: 3,
  order_no: 'E2E1',
  ticket_title: '彩盒设计',
  designer_id: 'D000002',
  designer_name: '设计师小王',
  source: 'qc',
  amount_cents: 1500,
  reason: '出血位不足',
  created_at: '2026-11-22T08:00:00.000Z',
  appeal_type: 'qc',
  appeal_deadline: '2026-11-29T08:00:00.000Z',
  can_appeal: true,
  appeal: null,
};

describe('deduction wire schema', () => {
  it('reads a deduction with or without its appeal', () => {
    expect(deductionSchema.parse(wire).can_appeal).toBe(true);
    expect(deductionSchema.parse({ ...wire, can_appeal: false, appeal: { appeal_id: 2, status: 'pending' } }).appeal).toEqual({ appeal_id: 2, status: 'pending' });
    expect(deductionSchema.safeParse({ ...wire, source: 'other' }).success).toBe(false);
  });
  it('names the sources in Chinese', () => {
    expect(DEDUCTION_SOURCE_TEXT).toEqual({ after_sales: '售后扣款', qc: '质检扣款', review: '审核扣款' });
  });
  it('search params: forgiving, dates put in order, filters back to page 1', () => {
    expect(parseDeductionSearch({ source: 'qc', from: '2026-11-30', to: '2026-11-01', page: 'x' })).toEqual({ source: 'qc', from: '2026-11-30', to: '2026-11-01' });
    expect(deductionListParamsOf({ from: '2026-11-30', to: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-30', page: 1, pageSize: 20 });
    expect(withDeductionFilters({ page: 4, source: 'qc' }, { keyword: 'E2E' })).toEqual({ source: 'qc', keyword: 'E2E' });
    expect(withDeductionPage({}, 3)).toEqual({ page: 3 });
  });
});
