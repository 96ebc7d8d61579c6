import { describe, expect, it } from 'vitest';
import { ACTION_CONFIG, CONFIRM_ACTIONS, isConfirmAction, validateAction } from './action-config';

const empty = { designerId: '', text: '' };

describe('ticket action forms', () => {
  it('every confirmable action has a confirmation text naming the order', () => {
    for (const a of CONFIRM_ACTIONS) expect(ACTION_CONFIG[a].confirm('DM1')).toContain('DM1');
    expect(isConfirmAction('submitFirst')).toBe(false);
    expect(isConfirmAction('close')).toBe(true);
  });

  it('assign and transfer need a designer picked (a code D000000)', () => {
    expect(validateAction('assign', empty).designerId).toBe('请选择设计师');
    expect(validateAction('assign', { ...empty, designerId: '2' }).designerId).toMatch(/格式不正确/);
    expect(validateAction('assign', { ...empty, designerId: ' d000002 ' })).toEqual({});
    expect(validateAction('transfer', { designerId: 'D000003', text: '' })).toEqual({});
  });

  it('a reason is required where the server requires one', () => {
    for (const a of ['factoryReject', 'abnormal', 'close'] as const) {
      expect(validateAction(a, empty).text).toMatch(/^请填写/);
      expect(validateAction(a, { ...empty, text: '   ' }).text).toMatch(/^请填写/);
      expect(validateAction(a, { ...empty, text: '客户撤单' })).toEqual({});
    }
    for (const a of ['finalReview', 'urge'] as const) expect(validateAction(a, empty)).toEqual({});
  });

  it('a deduction needs a positive amount in yuan (two decimals at most) and a reason', () => {
    expect(validateAction('deduct', empty)).toEqual({ amount: '请填写扣款金额', text: '请填写扣款原因' });
    expect(validateAction('deduct', { ...empty, amount: '12.345', text: '返工' }).amount).toMatch(/格式不正确/);
    expect(validateAction('deduct', { ...empty, amount: '0', text: '返工' }).amount).toBe('金额须大于0');
    expect(validateAction('deduct', { ...empty, amount: '1000000.01', text: '返工' }).amount).toMatch(/不能超过/);
    expect(validateAction('deduct', { ...empty, amount: '¥12.50', text: '返工' })).toEqual({});
  });

  it('at most 500 characters', () => {
    expect(validateAction('close', { ...empty, text: 'x'.repeat(501) }).text).toMatch(/500/);
    expect(validateAction('close', { ...empty, text: 'x'.repeat(500) })).toEqual({});
  });
});
