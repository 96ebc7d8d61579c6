/**
 * Calendar days as the server counts them: `YYYY-MM-DD` strings in Asia/Shanghai (UTC+8, no
 * daylight saving). The maths runs on the strings through UTC dates, so the browser's own zone
 * never shifts a day.
 */

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The Asia/Shanghai day of an instant (default: now). */
export function shanghaiDay(at: number | Date = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromMs(toMs(day) + n * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(toMs(day)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** Every day from `from` to `to` inclusive (empty when `to` is earlier). */
export function daysOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

export const WEEKDAY_TEXT = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** '周三' for a day. */
export function weekdayText(day: string): string {
  return WEEKDAY_TEXT[isoWeekday(day) - 1]!;
}

/** '11-26' — a short label for charts and grid headers. */
export function shortDay(day: string): string {
  return day.slice(5);
}
