import { describe, expect, it } from 'vitest';
import { centsToYuanText, formatCents, yuanToCents } from './money';

describe('formatCents', () => {
  it('shows yuan with thousands separators and two decimals', () => {
    expect(formatCents(123450)).toBe('¥1,234.50');
    expect(formatCents(0)).toBe('¥0.00');
    expect(formatCents(5)).toBe('¥0.05');
    expect(formatCents(100)).toBe('¥1.00');
    expect(formatCents(123456789)).toBe('¥1,234,567.89');
  });
  it('negative amounts carry a minus, signed ones a plus', () => {
    expect(formatCents(-2050)).toBe('-¥20.50');
    expect(formatCents(2050, { signed: true })).toBe('+¥20.50');
    expect(formatCents(0, { signed: true })).toBe('¥0.00');
    expect(formatCents(-1, { signed: true })).toBe('-¥0.01');
  });
});

describe('yuanToCents', () => {
  it('reads what a person types', () => {
    expect(yuanToCents('12')).toBe(1200);
    expect(yuanToCents('12.5')).toBe(1250);
    expect(yuanToCents('12.05')).toBe(1205);
    expect(yuanToCents('1,234.56')).toBe(123456);
    expect(yuanToCents('¥3.')).toBe(300);
    expect(yuanToCents(0.1)).toBe(10);
  });
  it('refuses anything else', () => {
    expect(yuanToCents('')).toBeUndefined();
    expect(yuanToCents('1.234')).toBeUndefined();
    expect(yuanToCents('-5')).toBeUndefined();
    expect(yuanToCents('abc')).toBeUndefined();
  });
  it('round-trips with centsToYuanText', () => {
    for (const c of [0, 1, 99, 100, 123456]) expect(yuanToCents(centsToYuanText(c))).toBe(c);
  });
});
