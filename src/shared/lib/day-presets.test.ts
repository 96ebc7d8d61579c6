import { describe, expect, it } from 'vitest';
import { dayRangePresets } from './day-presets';

describe('date filter presets (Shanghai days)', () => {
  it('on a Thursday: today, this week from Monday, last week Monday to Sunday, this month from the 1st', () => {
    expect(dayRangePresets('2026-11-26')).toEqual([
      { label: '今天', from: '2026-11-26', to: '2026-11-26' },
      { label: '本周', from: '2026-11-23', to: '2026-11-26' },
      { label: '上周', from: '2026-11-16', to: '2026-11-22' },
      { label: '本月', from: '2026-11-01', to: '2026-11-26' },
    ]);
  });

  it('on a Monday of a new month and year, last week crosses into the old year', () => {
    const [, week, last, month] = dayRangePresets('2029-01-01');
    expect(week).toMatchObject({ from: '2029-01-01', to: '2029-01-01' });
    expect(last).toMatchObject({ from: '2028-12-25', to: '2028-12-31' });
    expect(month).toMatchObject({ from: '2029-01-01', to: '2029-01-01' });
  });

  it('on a Sunday, this week started six days before', () => {
    expect(dayRangePresets('2026-11-29')[1]).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
  });
});
