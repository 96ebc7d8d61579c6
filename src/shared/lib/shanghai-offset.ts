/**
 * Asia/Shanghai is UTC+8 all year (no daylight saving). Its own module, apart from shanghai-time.ts:
 * the sign-in card's footer needs only the year, and the first-visit bundle takes whole modules
 * (vite.config.ts puts every module the entry imports into the entry's chunk), so importing the
 * year from shanghai-time.ts would carry its parser and formats to the login page.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The Shanghai year of epoch milliseconds (default: now). */
export function shanghaiYearOfMs(ms: number = Date.now()): number {
  return new Date(ms + SHANGHAI_OFFSET_MS).getUTCFullYear();
}
