import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayRange,
  daysBetween,
  daysOf,
  formatTime,
  isCalendarDay,
  isoWeekday,
  mondayOf,
  parseInstant,
  shanghaiDay,
  shanghaiDayStart,
  shanghaiHour,
  shanghaiYear,
  weekdayText,
} from './shanghai-time';

/**
 * The unit project runs in America/New_York (vitest.config.ts `env.TZ`), so a function that read
 * the browser's zone would answer New York's hour and day here. The first test proves the zone.
 */

const at = (iso: string) => Date.parse(iso);

/** The IANA zone data's answer (Intl with an explicit zone), the oracle for the fixed +08:00. */
function intlShanghai(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)!.value;
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

describe('the test process is not in Shanghai', () => {
  it('runs in New York, where the local clock of an instant is not Shanghai’s', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    const ms = at('2026-11-26T00:18:00Z');
    expect(new Date(ms).getHours()).toBe(19);
    expect(new Date(ms).getDate()).toBe(25);
  });
});

describe('instants shown in Shanghai time', () => {
  it('shows the issue’s ticket at 08:18 Shanghai, not 19:18 the day before', () => {
    expect(formatTime('2026-11-26T00:18:00.000Z')).toBe('2026-11-26 08:18');
    expect(formatTime('2026-11-26T08:18:00+08:00')).toBe('2026-11-26 08:18');
    expect(formatTime('2026-11-25T19:18:00-05:00')).toBe('2026-11-26 08:18');
  });

  it('turns the day at Shanghai midnight (16:00 UTC), whatever the local day', () => {
    expect(formatTime('2026-11-25T15:59:59.999Z', 'dateTimeSeconds')).toBe('2026-11-25 23:59:59');
    expect(formatTime('2026-11-25T16:00:00.000Z', 'dateTimeSeconds')).toBe('2026-11-26 00:00:00');
    expect(shanghaiDay(at('2026-11-25T15:59:59.999Z'))).toBe('2026-11-25');
    expect(shanghaiDay(at('2026-11-25T16:00:00.000Z'))).toBe('2026-11-26');
    expect(shanghaiDay('2026-11-25T16:00:00Z')).toBe('2026-11-26');
    // A new year in Shanghai while New York is still at 11:00 on 31 December.
    expect(shanghaiYear(at('2026-12-31T16:00:00Z'))).toBe(2027);
    expect(shanghaiYear(at('2026-12-31T15:59:59Z'))).toBe(2026);
  });

  it('is not moved by New York’s daylight-saving changes', () => {
    // 8 March 2026: New York springs from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(formatTime('2026-03-08T06:59:00Z')).toBe('2026-03-08 14:59');
    expect(formatTime('2026-03-08T07:00:00Z')).toBe('2026-03-08 15:00');
    // 1 November 2026: New York's 01:30 happens twice (05:30 and 06:30 UTC); Shanghai's does not.
    expect(formatTime('2026-11-01T05:30:00Z')).toBe('2026-11-01 13:30');
    expect(formatTime('2026-11-01T06:30:00Z')).toBe('2026-11-01 14:30');
    expect(shanghaiHour(at('2026-11-01T05:30:00Z'))).toBe(13);
    expect(shanghaiHour(at('2026-11-01T06:30:00Z'))).toBe(14);
  });

  it('has one format per use', () => {
    const ms = at('2026-01-05T01:02:03Z');
    expect(formatTime(ms, 'date')).toBe('2026-01-05');
    expect(formatTime(ms, 'dateTime')).toBe('2026-01-05 09:02');
    expect(formatTime(ms, 'dateTimeSeconds')).toBe('2026-01-05 09:02:03');
    expect(formatTime(ms, 'monthDayTime')).toBe('01-05 09:02');
    expect(formatTime(ms, 'time')).toBe('09:02');
    expect(formatTime(ms, 'timeSeconds')).toBe('09:02:03');
    expect(formatTime(new Date(ms))).toBe('2026-01-05 09:02');
  });

  it('shows a dash for a missing or unreadable time', () => {
    for (const v of [null, undefined, '', 'not a time', '2026-02-30T10:00:00Z', '2026-11-20 24:00', Number.NaN]) {
      expect(formatTime(v)).toBe('—');
    }
    expect(formatTime(null, 'dateTime', '')).toBe('');
  });

  it('agrees with the Asia/Shanghai zone data from 1992 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('1992-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') }), (ms) => {
        const expected = intlShanghai(ms);
        expect(formatTime(ms, 'dateTimeSeconds')).toBe(expected);
        expect(shanghaiDay(ms)).toBe(expected.slice(0, 10));
        expect(shanghaiHour(ms)).toBe(Number(expected.slice(11, 13)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parsing', () => {
  it('reads ISO text with an offset as that instant', () => {
    expect(parseInstant('2026-11-20T08:00:00.000Z')).toBe(at('2026-11-20T08:00:00Z'));
    expect(parseInstant('2026-11-20T16:00:00+08:00')).toBe(at('2026-11-20T08:00:00Z'));
    expect(parseInstant('2026-11-20 16:00:00+0800')).toBe(at('2026-11-20T08:00:00Z'));
    expect(parseInstant('2026-11-20T03:00-05')).toBe(at('2026-11-20T08:00:00Z'));
  });

  it('reads text without an offset as Shanghai wall-clock time, not the local zone’s', () => {
    expect(parseInstant('2026-11-20 16:00:00')).toBe(at('2026-11-20T08:00:00Z'));
    expect(parseInstant('2026-11-20T16:00')).toBe(at('2026-11-20T08:00:00Z'));
    expect(parseInstant('2026-11-20 16:00:00.5')).toBe(at('2026-11-20T08:00:00.500Z'));
    expect(parseInstant('2026-11-20')).toBe(at('2026-11-19T16:00:00Z'));
    expect(parseInstant('2026-02-30 10:00:00')).toBeNull();
  });

  it('takes epoch ms as a number, digits or a Date', () => {
    const ms = at('2026-11-20T08:00:00Z');
    expect(parseInstant(ms)).toBe(ms);
    expect(parseInstant(String(ms))).toBe(ms);
    expect(parseInstant(new Date(ms))).toBe(ms);
    expect(parseInstant(new Date(Number.NaN))).toBeNull();
  });
});

describe('calendar days (Asia/Shanghai)', () => {
  it('a Shanghai day starts at 16:00 UTC the day before', () => {
    expect(shanghaiDayStart('2026-11-26')).toBe(at('2026-11-25T16:00:00Z'));
    expect(shanghaiDay(shanghaiDayStart('2026-11-26'))).toBe('2026-11-26');
    expect(shanghaiDay(shanghaiDayStart('2026-11-26') - 1)).toBe('2026-11-25');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Across New York's daylight-saving change a day is still one day.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });
  it('weeks start on Monday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
    expect(weekdayText('2026-11-26')).toBe('周四');
    // Monday 00:30 in Shanghai is Sunday in New York: the week is Shanghai's.
    expect(mondayOf(shanghaiDay(at('2026-11-22T16:30:00Z')))).toBe('2026-11-23');
  });
  it('lists a range inclusive and checks real days', () => {
    expect(daysOf('2026-11-29', '2026-12-01')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(daysOf('2026-12-01', '2026-11-29')).toEqual([]);
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
  });
  it('puts a picked range in order and keeps an open end open', () => {
    expect(dayRange('2026-11-20', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(dayRange('2026-11-01', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(dayRange('2026-11-01', undefined)).toEqual({ from: '2026-11-01', to: undefined });
    expect(dayRange(undefined, undefined)).toEqual({ from: undefined, to: undefined });
  });
});
