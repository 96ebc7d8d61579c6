import { addDays, mondayOf } from './shanghai-time';

/** A quick pick of a date filter: a range of Shanghai days, inclusive. */
export interface DayRangePreset {
  label: string;
  from: string;
  to: string;
}

/**
 * The quick picks every date filter offers, on Shanghai's `today`: 今天, 本周 (Monday to today),
 * 上周 (Monday to Sunday), 本月 (the 1st to today). Weeks start on Monday, as on the server and
 * the team board's periods.
 */
export function dayRangePresets(today: string): DayRangePreset[] {
  const monday = mondayOf(today);
  const lastMonday = addDays(monday, -7);
  return [
    { label: '今天', from: today, to: today },
    { label: '本周', from: monday, to: today },
    { label: '上周', from: lastMonday, to: addDays(lastMonday, 6) },
    { label: '本月', from: `${today.slice(0, 8)}01`, to: today },
  ];
}
