import { addDays, daysBetween, isCalendarDay, mondayOf } from '@/shared/lib';
import { MAX_PERIOD_DAYS, type Period, type PeriodPreset, type PeriodSearch } from './period-search';

/** The period maths of the board (presets, custom ranges); the search schema is in period-search.ts. */

/** The range of a preset on `today` (the week starts on Monday; current periods end today). */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'this_week':
      return { from: mondayOf(today), to: today };
    case 'last_week': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

export type PeriodError = 'missing' | 'invalid' | 'order' | 'too_long';
export const PERIOD_ERROR_TEXT: Record<PeriodError, string> = {
  missing: '请选择开始和结束日期',
  invalid: '日期格式不正确',
  order: '开始日期不能晚于结束日期',
  too_long: `时间范围不能超过${MAX_PERIOD_DAYS}天`,
};

/** Checks a custom range as the server does (both days, from ≤ to, at most 92 days inclusive). */
export function checkCustomRange(from: string | undefined, to: string | undefined): PeriodError | null {
  if (!from || !to) return 'missing';
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'invalid';
  if (from > to) return 'order';
  if (daysBetween(from, to) + 1 > MAX_PERIOD_DAYS) return 'too_long';
  return null;
}

export interface ResolvedPeriod extends Period {
  preset: PeriodPreset;
  /** Set when a custom range in the URL cannot be used; the default period is shown instead. */
  error: PeriodError | null;
}

/** The period a search stands for; a broken custom range falls back to this week with its error. */
export function resolvePeriod(search: PeriodSearch, today: string): ResolvedPeriod {
  const preset = search.period ?? 'this_week';
  if (preset !== 'custom') return { preset, ...presetRange(preset, today), error: null };
  const error = checkCustomRange(search.from, search.to);
  if (error) return { preset, ...presetRange('this_week', today), error };
  return { preset, from: search.from!, to: search.to!, error: null };
}

/** The search for a chosen preset (custom keeps the current range as its start). */
export function searchForPreset(preset: PeriodPreset, current: Period): PeriodSearch {
  if (preset === 'this_week') return {};
  if (preset === 'custom') return { period: 'custom', from: current.from, to: current.to };
  return { period: preset };
}
