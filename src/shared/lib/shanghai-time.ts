/**
 * The SPA's one time module: every time and day the UI shows, parses or compares is Asia/Shanghai
 * (product.md §3), whatever the browser's own zone.
 *
 * - Instants come from the server as ISO-8601 with an offset (`2026-11-25T01:44:48.592Z`); they are
 *   formatted here in Shanghai time, never with the browser's `Date#getHours`/`toLocaleString`.
 * - Days are `YYYY-MM-DD` strings of Shanghai calendar days, as the server counts them
 *   (server/src/domain/calendar.ts). A day picked in a filter means that Shanghai day: the server
 *   takes it as the whole Shanghai day, inclusive; `dayRange` puts a picked pair in order.
 *
 * Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so the maths is a fixed offset
 * on UTC fields (as on the server); the unit tests check it against the IANA zone data.
 * eslint.config.js refuses zone-dependent date APIs everywhere else in `src/`.
 */

import { SHANGHAI_OFFSET_MS, shanghaiYearOfMs } from './shanghai-offset';

export const TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as the server or the browser hands it over: ISO text, epoch ms, or a Date. */
export type Instant = string | number | Date;

// ---------------------------------------------------------------------------------------------
// Instants

/** Date-time text with an offset (`Z`, `+08:00`, `+0800`, `+08`). */
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)$/i;
/** Wall-clock text without an offset: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss[.sss]]' (or with a T). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** Epoch ms of a Shanghai wall-clock time, or NaN when a field is out of range (02-30, 24:00). */
function shanghaiWallClockMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(utc);
  const exact =
    back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && back.getUTCHours() === h && back.getUTCMinutes() === mi && back.getUTCSeconds() === s;
  return exact ? utc - SHANGHAI_OFFSET_MS : Number.NaN;
}

/**
 * The epoch ms of an instant, or null when it is missing or unreadable. ISO text with an offset is
 * that instant; text without one ('2026-11-20 16:00:00', '2026-11-20') is Shanghai wall-clock time,
 * never the browser's; a string of digits is epoch ms.
 */
export function parseInstant(value: Instant | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else {
    const text = value.trim();
    const offset = WITH_OFFSET.exec(text);
    const wall = offset ? null : WALL_CLOCK.exec(text);
    if (/^\d+$/.test(text)) ms = Number(text);
    else if (offset) {
      const zone = offset[3]!.toUpperCase() === 'Z' ? 'Z' : offset[3]!.replace(/^([+-]\d{2}):?(\d{2})?$/, (_, h: string, m?: string) => `${h}:${m ?? '00'}`);
      const [y, mo, d] = offset[1]!.split('-').map(Number) as [number, number, number];
      // Date.parse would roll 02-30 over to March 2: check the day exists first.
      ms = Number.isNaN(shanghaiWallClockMs(y, mo, d)) ? Number.NaN : Date.parse(`${offset[1]}T${offset[2]}${zone}`);
    } else if (wall) {
      const [y, mo, d, h, mi, s] = wall.slice(1, 7).map((p) => (p === undefined ? 0 : Number(p))) as [number, number, number, number, number, number];
      const fraction = wall[7] ? Number(wall[7].padEnd(3, '0')) : 0;
      ms = shanghaiWallClockMs(y, mo, d, h, mi, s, fraction);
    } else ms = Number.NaN;
  }
  return Number.isFinite(ms) ? ms : null;
}

/** The Shanghai wall clock of an instant as UTC fields: 'YYYY-MM-DDTHH:mm:ss.sssZ' shifted by +8 h. */
function shanghaiIso(ms: number): string | null {
  const shifted = ms + SHANGHAI_OFFSET_MS;
  // Years 1900–9999 only: toISOString writes a year past 9999 with a sign; no screen shows those.
  if (!(shifted >= Date.UTC(1900, 0, 1) && shifted < Date.UTC(10000, 0, 1))) return null;
  return new Date(shifted).toISOString();
}

/** The display formats of the UI (all Shanghai time). */
export type TimeFormat = 'date' | 'dateTime' | 'dateTimeSeconds' | 'monthDayTime' | 'time' | 'timeSeconds';

const FORMATS: Record<TimeFormat, (iso: string) => string> = {
  /** 2026-11-26 */
  date: (iso) => iso.slice(0, 10),
  /** 2026-11-26 08:18 */
  dateTime: (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`,
  /** 2026-11-26 08:18:05 */
  dateTimeSeconds: (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`,
  /** 11-26 08:18 */
  monthDayTime: (iso) => `${iso.slice(5, 10)} ${iso.slice(11, 16)}`,
  /** 08:18 */
  time: (iso) => iso.slice(11, 16),
  /** 08:18:05 */
  timeSeconds: (iso) => iso.slice(11, 19),
};

/** An instant in Shanghai time ('YYYY-MM-DD HH:mm' by default); `empty` ('—') when missing or unreadable. */
export function formatTime(value: Instant | null | undefined, format: TimeFormat = 'dateTime', empty = '—'): string {
  const ms = parseInstant(value);
  const iso = ms === null ? null : shanghaiIso(ms);
  return iso === null ? empty : FORMATS[format](iso);
}

/** The Shanghai hour (0–23) of an instant (default: now); the greeting goes by it. */
export function shanghaiHour(at: Instant = Date.now()): number {
  const ms = parseInstant(at) ?? Number.NaN;
  return new Date(ms + SHANGHAI_OFFSET_MS).getUTCHours();
}

/** The Shanghai year of an instant (default: now). */
export function shanghaiYear(at: Instant = Date.now()): number {
  return shanghaiYearOfMs(parseInstant(at) ?? Number.NaN);
}


// ---------------------------------------------------------------------------------------------
// Days (YYYY-MM-DD, Shanghai calendar days). The maths runs on UTC dates of the strings, so no
// zone ever shifts a day.

/** Whether `text` is a real calendar day `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The Asia/Shanghai day of an instant (default: now: Shanghai's today). */
export function shanghaiDay(at: Instant = Date.now()): string {
  const ms = parseInstant(at) ?? Number.NaN;
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant (epoch ms) a Shanghai day starts: 00:00 in Shanghai, 16:00 UTC the day before. */
export function shanghaiDayStart(day: string): number {
  return toMs(day) - SHANGHAI_OFFSET_MS;
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

/** The Monday of the week holding `day` (weeks run Monday–Sunday, as on the server). */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** Every day from `from` to `to` inclusive (empty when `to` is earlier). */
export function daysOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/**
 * A picked day range as the server's list and export filters take it: Shanghai days, inclusive,
 * in order (a reversed pick is swapped); a missing end stays open.
 */
export function dayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
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
