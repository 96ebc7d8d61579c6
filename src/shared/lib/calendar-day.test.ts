import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysOf, isCalendarDay, isoWeekday, mondayOf, shanghaiDay, weekdayText } from './calendar-day';

describe('calendar days (Asia/Shanghai)', () => {
  it('the Shanghai day of an instant is 8 hours ahead of UTC', () => {
    expect(shanghaiDay(Date.parse('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(shanghaiDay(Date.parse('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
  });
  it('weeks start on Monday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
    expect(weekdayText('2026-11-26')).toBe('周四');
  });
  it('lists a range inclusive and checks real days', () => {
    expect(daysOf('2026-11-29', '2026-12-01')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(daysOf('2026-12-01', '2026-11-29')).toEqual([]);
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
  });
});
