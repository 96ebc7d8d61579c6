import { parseInstant } from '@/shared/lib';

/**
 * A start time as the server may send it: ISO text with an offset, 'YYYY-MM-DD HH:mm:ss' text
 * (Shanghai wall-clock time), epoch ms, or a Date.
 */
export type StartTime = string | number | Date | null | undefined;

export type TimeoutCheck =
  /** Overdue by `value` whole days (≥ 1440 min), hours (≥ 60 min) or minutes (less, 0 included). */
  | { overdue: true; unit: 'day' | 'hour' | 'minute'; value: number; remainingMinutes: number; text: string }
  /** A missing allowed time or an unset start time counts as overdue. */
  | { overdue: true; unit: 'unset'; value: null; remainingMinutes: null; text: string }
  /** Still in time: `value` minutes remain (shown as hours and minutes). */
  | { overdue: false; unit: 'minute'; value: number; remainingMinutes: number; text: string };

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1440;
export const OVERDUE_TEXT = '已超时';

const EPOCH_TEXT = /^1970-01-01(?:[T ]00:00(?::00(?:\.0+)?)?)?(?:Z|[+-]00:?00)?$/i;

/**
 * The start time in epoch ms, or null when it is unset: missing, empty, unparseable, or the epoch
 * start itself (0, '0', '1970-01-01 00:00:00', '1970-01-01T00:00:00Z', …), which the server sends
 * for "no time".
 */
export function startTimeMs(start: StartTime): number | null {
  if (start === null || start === undefined) return null;
  if (typeof start === 'string') {
    const text = start.trim();
    if (text === '' || text === '0' || EPOCH_TEXT.test(text)) return null;
  }
  const ms = parseInstant(start);
  return ms !== null && ms !== 0 ? ms : null;
}

function allowedOf(allowed: number | string | null | undefined): number | null {
  if (allowed === null || allowed === undefined) return null;
  if (typeof allowed === 'string' && allowed.trim() === '') return null;
  const n = Number(allowed);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** Remaining text: '剩余1小时5分钟', '剩余2小时', '剩余45分钟'. */
export function remainingText(minutes: number): string {
  const h = Math.floor(minutes / MINUTES_PER_HOUR);
  const m = minutes % MINUTES_PER_HOUR;
  if (h === 0) return `剩余${m}分钟`;
  return m === 0 ? `剩余${h}小时` : `剩余${h}小时${m}分钟`;
}

/**
 * Spec §4 timeout check: remaining minutes = allowed minutes − whole minutes elapsed since
 * `start`. At zero or below the ticket is overdue by days (≥ 1440 min), hours (≥ 60 min) or
 * minutes; above zero the hours and minutes remaining are shown. Missing inputs are overdue.
 * Pure: pass `now` (the screens pass `useNow()` so the text refreshes every minute).
 */
export function checkTimeout(
  start: StartTime,
  allowedMinutes: number | string | null | undefined,
  now: number | Date = Date.now(),
): TimeoutCheck {
  const startMs = startTimeMs(start);
  const allowed = allowedOf(allowedMinutes);
  if (startMs === null || allowed === null) {
    return { overdue: true, unit: 'unset', value: null, remainingMinutes: null, text: OVERDUE_TEXT };
  }
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const elapsed = Math.trunc((nowMs - startMs) / 60_000);
  const remaining = allowed - elapsed || 0;
  if (remaining > 0) return { overdue: false, unit: 'minute', value: remaining, remainingMinutes: remaining, text: remainingText(remaining) };

  const over = 0 - remaining;
  if (over >= MINUTES_PER_DAY) {
    const days = Math.floor(over / MINUTES_PER_DAY);
    return { overdue: true, unit: 'day', value: days, remainingMinutes: remaining, text: `${OVERDUE_TEXT}${days}天` };
  }
  if (over >= MINUTES_PER_HOUR) {
    const hours = Math.floor(over / MINUTES_PER_HOUR);
    return { overdue: true, unit: 'hour', value: hours, remainingMinutes: remaining, text: `${OVERDUE_TEXT}${hours}小时` };
  }
  return { overdue: true, unit: 'minute', value: over, remainingMinutes: remaining, text: `${OVERDUE_TEXT}${over}分钟` };
}
