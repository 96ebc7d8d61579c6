import { describe, expect, it } from 'vitest';
import { checkTimeout, remainingText, startTimeMs } from './timeout-check';

const START = '2026-11-20T08:00:00.000Z';
const START_MS = Date.parse(START);
const MIN = 60_000;
/** `now` when `minutes` have passed since START. */
const after = (minutes: number) => START_MS + minutes * MIN;
/** Check with `allowed` minutes when `elapsed` minutes have passed. */
const check = (allowed: number, elapsed: number) => checkTimeout(START, allowed, after(elapsed));

describe('checkTimeout (spec §4): overdue', () => {
  it('exactly zero remaining is overdue by 0 minutes', () => {
    expect(check(120, 120)).toEqual({ overdue: true, unit: 'minute', value: 0, remainingMinutes: 0, text: '已超时0分钟' });
  });

  it('under an hour over is shown in minutes', () => {
    expect(check(120, 135)).toMatchObject({ overdue: true, unit: 'minute', value: 15, text: '已超时15分钟' });
  });

  it('59 minutes over is minutes, 60 is one hour', () => {
    expect(check(100, 159)).toMatchObject({ overdue: true, unit: 'minute', value: 59, remainingMinutes: -59, text: '已超时59分钟' });
    expect(check(100, 160)).toMatchObject({ overdue: true, unit: 'hour', value: 1, remainingMinutes: -60, text: '已超时1小时' });
  });

  it('hours are whole hours', () => {
    expect(check(0, 3 * 60 + 59)).toMatchObject({ unit: 'hour', value: 3, text: '已超时3小时' });
  });

  it('1439 minutes over is 23 hours, 1440 is one day', () => {
    expect(check(60, 60 + 1439)).toMatchObject({ overdue: true, unit: 'hour', value: 23, remainingMinutes: -1439, text: '已超时23小时' });
    expect(check(60, 60 + 1440)).toMatchObject({ overdue: true, unit: 'day', value: 1, remainingMinutes: -1440, text: '已超时1天' });
  });

  it('days are whole days', () => {
    expect(check(60, 60 + 2 * 1440 + 1439)).toMatchObject({ unit: 'day', value: 2, text: '已超时2天' });
  });

  it('counts only whole minutes elapsed', () => {
    // 59 min 59 s elapsed of 60 allowed: one minute still remains.
    expect(checkTimeout(START, 60, START_MS + 59 * MIN + 59_000)).toMatchObject({ overdue: false, value: 1, text: '剩余1分钟' });
    expect(checkTimeout(START, 60, START_MS + 60 * MIN)).toMatchObject({ overdue: true, value: 0 });
  });
});

describe('checkTimeout: remaining', () => {
  it('under an hour is minutes only', () => {
    expect(check(60, 15)).toEqual({ overdue: false, unit: 'minute', value: 45, remainingMinutes: 45, text: '剩余45分钟' });
    expect(check(60, 59)).toMatchObject({ overdue: false, value: 1, text: '剩余1分钟' });
  });

  it('59 minutes remaining is minutes, 60 is one hour', () => {
    expect(check(100, 41)).toMatchObject({ value: 59, text: '剩余59分钟' });
    expect(check(100, 40)).toMatchObject({ value: 60, text: '剩余1小时' });
  });

  it('hours and minutes', () => {
    expect(check(120, 55)).toMatchObject({ overdue: false, value: 65, text: '剩余1小时5分钟' });
  });

  it('1439 and 1440 minutes remaining stay in hours and minutes (no days while in time)', () => {
    expect(check(1500, 61)).toMatchObject({ overdue: false, value: 1439, text: '剩余23小时59分钟' });
    expect(check(1500, 60)).toMatchObject({ overdue: false, value: 1440, text: '剩余24小时' });
  });

  it('a start time in the future leaves more than the allowed time', () => {
    expect(checkTimeout(START, 30, START_MS - 10 * MIN)).toMatchObject({ overdue: false, value: 40 });
  });

  it('accepts Date and text inputs for now, start and allowed minutes', () => {
    expect(checkTimeout(new Date(START), '90', new Date(after(30)))).toMatchObject({ overdue: false, value: 60 });
    expect(checkTimeout(START_MS, 90, after(30))).toMatchObject({ value: 60 });
  });
});

describe('checkTimeout: missing inputs are overdue', () => {
  const unset = { overdue: true, unit: 'unset', value: null, remainingMinutes: null, text: '已超时' };

  it('missing allowed minutes', () => {
    for (const allowed of [undefined, null, '', '  ', 'abc', Number.NaN]) {
      expect(checkTimeout(START, allowed as never, after(0))).toEqual(unset);
    }
  });

  it('missing or empty start time', () => {
    for (const start of [undefined, null, '', '   ', 'not a date']) {
      expect(checkTimeout(start, 600, after(0))).toEqual(unset);
    }
  });

  it('the epoch start counts as unset', () => {
    for (const start of [0, '0', new Date(0), '1970-01-01 00:00:00', '1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z', '1970-01-01']) {
      expect(checkTimeout(start, 600, after(0)), String(start)).toEqual(unset);
    }
  });
});

describe('startTimeMs', () => {
  it('reads ISO and the server date-time text', () => {
    expect(startTimeMs(START)).toBe(START_MS);
    expect(startTimeMs('2026-11-20 16:00:00')).toBe(Date.parse('2026-11-20T16:00:00+08:00'));
  });

  it('reads text without an offset as Shanghai time, so the check is the same in any zone (the tests run in New York)', () => {
    expect(checkTimeout('2026-11-20 16:00:00', 60, Date.parse('2026-11-20T08:30:00Z'))).toMatchObject({ overdue: false, value: 30, text: '剩余30分钟' });
    expect(checkTimeout('2026-11-20 16:00:00', 60, Date.parse('2026-11-20T10:00:00Z'))).toMatchObject({ overdue: true, unit: 'hour', value: 1 });
  });
});

describe('remainingText', () => {
  it('drops a zero hours or zero minutes part', () => {
    expect(remainingText(5)).toBe('剩余5分钟');
    expect(remainingText(120)).toBe('剩余2小时');
    expect(remainingText(121)).toBe('剩余2小时1分钟');
  });
});
