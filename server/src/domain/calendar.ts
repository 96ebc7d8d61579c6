/**
 * Days as the platform counts them: Asia/Shanghai calendar days written YYYY-MM-DD, whatever the
 * server's zone; weeks run Monday–Sunday (order plans, settlements, capacity, the team board).
 */
import { nowMs } from '../lib/time.js';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of an instant; daily capacity counts per this day. */
export function shanghaiDay(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC hour (two digits) at which a Shanghai day begins: Shanghai keeps UTC+8 all year. */
export const SHANGHAI_MIDNIGHT_UTC_HOUR = '16';

/**
 * The Shanghai day of an instant known by its UTC date (YYYY-MM-DD) and whether its UTC hour is at
 * or past SHANGHAI_MIDNIGHT_UTC_HOUR (then it is already the next day in Shanghai). Lets SQL bucket
 * stored ISO instants by day with two substrings, the same on every database.
 */
export function shanghaiDayOfUtc(utcDay: string, pastShanghaiMidnight: boolean): string {
  return pastShanghaiMidnight ? addDays(utcDay, 1) : utcDay;
}

/** The UTC instant (ISO) a Shanghai day starts at. */
export function shanghaiDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - SHANGHAI_OFFSET_MS).toISOString();
}

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;
}

export function weekStartOf(day: string): string {
  return addDays(day, -weekdayOf(day));
}

export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** Today (Asia/Shanghai). */
export function today(): string {
  return shanghaiDay(nowMs());
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Whether `day` is a real calendar date written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) === day;
}
