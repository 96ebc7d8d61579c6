import { describe, expect, it } from 'vitest';
import { defaultDue, dueAtOf, dueAtProblem } from './due-date';

describe('dueAtOf', () => {
  it('reads the date and time on the Shanghai clock', () => {
    expect(dueAtOf('2026-12-01', '18:00')).toBe('2026-12-01T10:00:00.000Z');
    // Just after midnight in Shanghai is the evening before in UTC.
    expect(dueAtOf('2026-12-01', '00:30')).toBe('2026-11-30T16:30:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(dueAtOf('2026-02-30', '10:00')).toBeNull();
    expect(dueAtOf('2026-12-01', '24:00')).toBeNull();
    expect(dueAtOf('2026-12-01', '9:5')).toBeNull();
  });
});

describe('dueAtProblem', () => {
  const now = Date.parse('2026-11-27T02:00:00Z'); // 10:00 in Shanghai

  it('wants a future instant', () => {
    expect(dueAtProblem('', '18:00', now)).toBe('请选择截止日期');
    expect(dueAtProblem('2026-11-27', '09:59', now)).toBe('截止时间必须晚于现在');
    expect(dueAtProblem('2026-11-27', '10:01', now)).toBeNull();
    expect(dueAtProblem('2026-11-27', 'abc', now)).toMatch(/格式不正确/);
  });

  it('offers a week ahead, at the end of the day', () => {
    expect(defaultDue(now)).toEqual({ day: '2026-12-04', time: '23:59' });
  });
});
