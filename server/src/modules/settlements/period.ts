import { shanghaiDay } from '../../domain/calendar.js';
/**
 * Settlement periods: Asia/Shanghai calendar days, inclusive. `week` runs Monday–Sunday, `month`
 * the calendar month (SETTLEMENT_PERIOD).
 */

export const SETTLEMENT_PERIODS = ['week', 'month'] as const;
export type SettlementPeriod = (typeof SETTLEMENT_PERIODS)[number];

export interface Period {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `n` days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return dayOf(dayMs(day) + n * DAY_MS);
}

/** The period containing a Shanghai day. */
export function periodOf(day: string, kind: SettlementPeriod): Period {
  if (kind === 'month') {
    const [y, m] = day.split('-').map(Number) as [number, number];
    const start = `${day.slice(0, 7)}-01`;
    const end = dayOf(Date.UTC(y, m, 1) - DAY_MS); // day 0 of the next month
    return { start, end };
  }
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  const start = addDays(day, -((weekday + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** The period containing an instant (its Asia/Shanghai day). */
export function periodAt(iso: string, kind: SettlementPeriod): Period {
  return periodOf(shanghaiDay(Date.parse(iso)), kind);
}

/** The period right after one. */
export function nextPeriod(p: Period, kind: SettlementPeriod): Period {
  return periodOf(addDays(p.end, 1), kind);
}

/** Whether a period is over at an instant (its last Shanghai day has passed). */
export function periodEnded(p: Pick<Period, 'end'>, nowIso: string): boolean {
  return shanghaiDay(Date.parse(nowIso)) > p.end;
}
