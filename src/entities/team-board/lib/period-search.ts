import * as z from 'zod/mini';

/**
 * The board's period: a preset or a custom range of Asia/Shanghai days, kept in the URL
 * (`?period=last_week`, `?period=custom&from=2026-11-01&to=2026-11-15`). The server answers at
 * most 92 days.
 */
export const PERIOD_PRESETS = ['this_week', 'last_week', 'this_month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_TEXT: Record<PeriodPreset, string> = {
  this_week: '本周',
  last_week: '上周',
  this_month: '本月',
  custom: '自定义',
};
export const MAX_PERIOD_DAYS = 92;

export interface Period {
  from: string;
  to: string;
}

const dayText = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** The search params of the board and the daily detail. */
export const periodSearchSchema = z.object({
  period: z.catch(z.optional(z.enum(PERIOD_PRESETS)), undefined),
  from: dayText,
  to: dayText,
});
export type PeriodSearch = z.output<typeof periodSearchSchema>;

/** `/team-management/daily-detail` search params: the period and one designer. */
export const dailyDetailSearchSchema = z.extend(periodSearchSchema, {
  designer_id: z.catch(z.optional(z.string().check(z.regex(/^D\d{6,}$/))), undefined),
});
export type DailyDetailSearch = z.output<typeof dailyDetailSearchSchema>;
