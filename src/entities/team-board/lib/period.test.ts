import { describe, expect, it } from 'vitest';
import { checkCustomRange, presetRange, resolvePeriod, searchForPreset } from './period';
import { periodSearchSchema } from './period-search';

// A Thursday.
const today = '2026-11-26';

describe('board period', () => {
  it('presets: this week up to today, last week Monday–Sunday, this month up to today', () => {
    expect(presetRange('this_week', today)).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(presetRange('last_week', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('this_month', today)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    // On a Monday this week is one day; on a Sunday last week is the week before.
    expect(presetRange('this_week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('last_week', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('last_week', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
  });
  it('a custom range: both days, in order, at most 92 days inclusive', () => {
    expect(checkCustomRange('2026-09-01', '2026-12-01')).toBeNull(); // 92 days
    expect(checkCustomRange('2026-09-01', '2026-12-02')).toBe('too_long');
    expect(checkCustomRange('2026-11-10', '2026-11-01')).toBe('order');
    expect(checkCustomRange(undefined, '2026-11-01')).toBe('missing');
    expect(checkCustomRange('2026-02-30', '2026-03-01')).toBe('invalid');
    expect(checkCustomRange('2026-11-01', '2026-11-01')).toBeNull();
  });
  it('resolves the URL: default this week, a broken custom range falls back with its error', () => {
    expect(resolvePeriod({}, today)).toEqual({ preset: 'this_week', from: '2026-11-23', to: '2026-11-26', error: null });
    expect(resolvePeriod({ period: 'custom', from: '2026-10-01', to: '2026-10-31' }, today)).toEqual({
      preset: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      error: null,
    });
    expect(resolvePeriod({ period: 'custom', from: '2026-01-01', to: '2026-10-31' }, today)).toMatchObject({
      preset: 'custom',
      from: '2026-11-23',
      error: 'too_long',
    });
  });
  it('the search of a preset; a hand-edited URL is forgiven', () => {
    expect(searchForPreset('this_week', { from: 'a', to: 'b' })).toEqual({});
    expect(searchForPreset('last_week', { from: 'a', to: 'b' })).toEqual({ period: 'last_week' });
    expect(searchForPreset('custom', { from: '2026-11-23', to: '2026-11-26' })).toEqual({ period: 'custom', from: '2026-11-23', to: '2026-11-26' });
    expect(periodSearchSchema.parse({ period: 'yesterday', from: 'x', to: '2026-11-01' })).toEqual({ to: '2026-11-01' });
  });
});
