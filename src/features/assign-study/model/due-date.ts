import { addDays, isCalendarDay, shanghaiDay, shanghaiDayStart } from '@/shared/lib';

export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant of a Shanghai wall-clock date and time (`2026-12-01`, `18:00`) as ISO-8601 UTC, or
 * null when either is not a valid date / time.
 */
export function dueAtOf(day: string, time: string): string | null {
  const m = TIME_PATTERN.exec(time.trim());
  if (!isCalendarDay(day) || !m) return null;
  return new Date(shanghaiDayStart(day) + (Number(m[1]) * 60 + Number(m[2])) * 60_000).toISOString();
}

/** The due date's problem, or null: a date and a time, in the future. */
export function dueAtProblem(day: string, time: string, now: number = Date.now()): string | null {
  if (!day) return '请选择截止日期';
  const at = dueAtOf(day, time);
  if (!at) return '截止时间格式不正确（时:分，如 18:00）';
  if (Date.parse(at) <= now) return '截止时间必须晚于现在';
  return null;
}

/** A week from today (Shanghai) at 23:59: the form's first guess. */
export function defaultDue(now: number = Date.now()): { day: string; time: string } {
  return { day: addDays(shanghaiDay(now), 7), time: '23:59' };
}
