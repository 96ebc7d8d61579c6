import { describe, expect, it } from 'vitest';
import { weekStartError } from './edit-order-plan';

describe('plan week', () => {
  it('must be a Monday', () => {
    expect(weekStartError('2026-11-30')).toBeNull();
    expect(weekStartError('2026-12-01')).toBe('计划周须从周一开始');
    expect(weekStartError('')).toBe('请选择周一日期');
    expect(weekStartError('2026-02-30')).toBe('日期格式不正确');
  });
});
