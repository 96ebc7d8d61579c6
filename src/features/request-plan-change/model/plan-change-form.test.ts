import { describe, expect, it } from 'vitest';
import { buildChangeRequest, editableDays, requestWeekOffsets, weekStartAfter } from './plan-change-form';

// 2026-11-26 is a Thursday.
const today = '2026-11-26';

describe('plan change request form', () => {
  it('real-time changes cover the days of a week from today to 6 days ahead', () => {
    expect(requestWeekOffsets('realtime', today)).toEqual([0, 1]);
    expect(editableDays('realtime', today, '2026-11-23')).toEqual(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(editableDays('realtime', today, '2026-11-30')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    // On a Monday the 7 days are this week.
    expect(requestWeekOffsets('realtime', '2026-11-23')).toEqual([0]);
    expect(editableDays('realtime', '2026-11-23', '2026-11-23')).toHaveLength(7);
  });
  it('weekly changes cover a whole coming week', () => {
    expect(requestWeekOffsets('weekly', today)).toEqual([1, 2]);
    expect(weekStartAfter(today, 1)).toBe('2026-11-30');
    expect(weekStartAfter(today, 2)).toBe('2026-12-07');
    expect(editableDays('weekly', today, '2026-11-30')).toHaveLength(7);
    expect(editableDays('weekly', today, '2026-11-30')[6]).toBe('2026-12-06');
  });
  it('sends only the days typed differently, with a reason', () => {
    const days = editableDays('weekly', today, '2026-11-30');
    const current = Object.fromEntries(days.map((d) => [d, 8]));
    const result = buildChangeRequest({
      kind: 'weekly',
      weekStart: '2026-11-30',
      days,
      typed: { '2026-11-30': '8', '2026-12-01': ' 5 ', '2026-12-02': '0' },
      current,
      reason: ' 周二周三请假 ',
    });
    expect(result).toEqual({
      ok: true,
      body: {
        kind: 'weekly',
        week_start: '2026-11-30',
        changes: [
          { day: '2026-12-01', capacity: 5 },
          { day: '2026-12-02', capacity: 0 },
        ],
        reason: '周二周三请假',
      },
    });
  });
  it('names each wrong day, a missing change and a missing reason', () => {
    const days = editableDays('realtime', today, '2026-11-23');
    const current = Object.fromEntries(days.map((d) => [d, 8]));
    const bad = buildChangeRequest({ kind: 'realtime', weekStart: '2026-11-23', days, typed: { '2026-11-26': '201', '2026-11-27': 'x' }, current, reason: '' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.days).toEqual({ '2026-11-26': '不能超过200', '2026-11-27': '请输入0或正整数' });
      expect(bad.errors.reason).toBe('请填写变更原因');
    }
    const unchanged = buildChangeRequest({ kind: 'realtime', weekStart: '2026-11-23', days, typed: { '2026-11-26': '8' }, current, reason: '临时有事' });
    expect(unchanged.ok).toBe(false);
    if (!unchanged.ok) expect(unchanged.errors.changes).toBe('请至少修改一天的接单量');
  });
});
