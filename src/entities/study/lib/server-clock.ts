/**
 * The browser's clock is not trusted for an exam's countdown: the offset between the server's
 * clock (an attempt's `server_now`) and the browser's when the response arrived corrects it.
 */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left to the deadline on the server's clock (never below 0). */
export function remainingMs(deadline: string, browserNow: number, offsetMs: number): number {
  const end = Date.parse(deadline);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, end - (browserNow + offsetMs));
}

/** 剩余时间 as h:mm:ss or mm:ss (rounded up to the second, so 0:00 means the time is up). */
export function countdownText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The warnings of an exam: 5 and 1 minute left. */
export const COUNTDOWN_WARNINGS_MS = [5 * 60_000, 60_000] as const;

/**
 * The warning due now, if any: the most urgent threshold reached and not shown yet (when a reload
 * lands at 3 minutes left, 5 is reported once and 1 later). The caller marks every threshold at or
 * above it as shown.
 */
export function dueWarning(remaining: number, shown: ReadonlySet<number>): number | null {
  const due = COUNTDOWN_WARNINGS_MS.filter((t) => remaining > 0 && remaining <= t && !shown.has(t));
  return due.length ? Math.min(...due) : null;
}
