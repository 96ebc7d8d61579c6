import { describe, expect, it } from 'vitest';
import { clockOffsetMs, countdownText, dueWarning, remainingMs } from './server-clock';

describe('the countdown runs on the server clock', () => {
  it('a browser clock 2 minutes fast still shows the server time left', () => {
    const serverNow = '2026-11-27T03:00:00.000Z';
    const browserAtReceipt = Date.parse(serverNow) + 120_000;
    const offset = clockOffsetMs(serverNow, browserAtReceipt);
    expect(offset).toBe(-120_000);
    // 10 minutes to the deadline on the server; 1 s later in the browser 9:59 remain.
    expect(remainingMs('2026-11-27T03:10:00.000Z', browserAtReceipt + 1000, offset)).toBe(599_000);
  });

  it('never goes below zero and ignores an unreadable time', () => {
    expect(remainingMs('2026-11-27T03:00:00Z', Date.parse('2026-11-27T04:00:00Z'), 0)).toBe(0);
    expect(remainingMs('garbage', 0, 0)).toBe(0);
    expect(clockOffsetMs('garbage', 5)).toBe(0);
  });

  it('formats mm:ss and h:mm:ss, rounding up to the second', () => {
    expect(countdownText(599_001)).toBe('10:00');
    expect(countdownText(59_000)).toBe('00:59');
    expect(countdownText(3_600_000 + 65_000)).toBe('1:01:05');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5)).toBe('00:00');
  });
});

describe('warnings at 5 and 1 minute', () => {
  it('reports each threshold once, the most urgent when both are due', () => {
    expect(dueWarning(6 * 60_000, new Set())).toBeNull();
    expect(dueWarning(5 * 60_000, new Set())).toBe(300_000);
    expect(dueWarning(4 * 60_000, new Set([300_000]))).toBeNull();
    expect(dueWarning(50_000, new Set([300_000]))).toBe(60_000);
    // A reload at 50 s left: only the 1-minute warning.
    expect(dueWarning(50_000, new Set())).toBe(60_000);
    expect(dueWarning(0, new Set())).toBeNull();
  });
});
