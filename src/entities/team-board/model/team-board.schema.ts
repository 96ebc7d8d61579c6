import * as z from 'zod/mini';

const int = () => z.number().check(z.int());
const count = () => z.number().check(z.int(), z.nonnegative());
/** A share 0..1, or null when nothing was measured in the period. */
const rate = () => z.nullable(z.number().check(z.gte(0), z.lte(1)));
const day = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The figures of a period, for the team and for each designer (GET /team/board). */
export const boardFiguresSchema = z.object({
  received: count(),
  in_progress: count(),
  completed: count(),
  overdue: count(),
  on_time_rate: rate(),
  first_pass_rate: rate(),
  deduction_cents: int(),
  appeals: count(),
  appeals_pending: count(),
});
export type BoardFigures = z.infer<typeof boardFiguresSchema>;

export const boardDesignerSchema = z.extend(boardFiguresSchema, { designer_id: z.string(), designer_name: z.string() });
export type BoardDesigner = z.infer<typeof boardDesignerSchema>;

export const boardDaySchema = z.object({ day: day(), received: count(), completed: count(), overdue: count() });
export type BoardDay = z.infer<typeof boardDaySchema>;

export const teamBoardSchema = z.object({
  from: day(),
  to: day(),
  totals: boardFiguresSchema,
  by_designer: z.array(boardDesignerSchema),
  by_day: z.array(boardDaySchema),
});
export type TeamBoard = z.infer<typeof teamBoardSchema>;

/** GET /team/daily-detail: per designer per day. */
export const dailyDetailRowSchema = z.object({
  day: day(),
  designer_id: z.string(),
  designer_name: z.string(),
  received: count(),
  completed: count(),
  overdue: count(),
  fee_cents: int(),
  deduction_cents: int(),
});
export type DailyDetailRow = z.infer<typeof dailyDetailRowSchema>;
export const dailyDetailSchema = z.object({ rows: z.array(dailyDetailRowSchema) });
export type DailyDetail = z.infer<typeof dailyDetailSchema>;

/** The KPI cards of the board, in the order shown. */
export const BOARD_KPIS = [
  { key: 'received', label: '接单数', kind: 'count' },
  { key: 'in_progress', label: '进行中', kind: 'count' },
  { key: 'completed', label: '已完成', kind: 'count' },
  { key: 'overdue', label: '已超时', kind: 'count' },
  { key: 'on_time_rate', label: '准时率', kind: 'rate' },
  { key: 'first_pass_rate', label: '一次通过率', kind: 'rate' },
  { key: 'deduction_cents', label: '扣款金额', kind: 'money' },
  { key: 'appeals', label: '申诉数', kind: 'count' },
] as const satisfies readonly { key: keyof BoardFigures; label: string; kind: 'count' | 'rate' | 'money' }[];
export type BoardKpi = (typeof BOARD_KPIS)[number];

/** 0.8765 → '87.7%'; null → '—'. */
export function rateText(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** Sums of the daily-detail rows shown (the table's total row). */
export function dailyDetailTotals(rows: readonly DailyDetailRow[]) {
  return rows.reduce(
    (t, r) => ({
      received: t.received + r.received,
      completed: t.completed + r.completed,
      overdue: t.overdue + r.overdue,
      fee_cents: t.fee_cents + r.fee_cents,
      deduction_cents: t.deduction_cents + r.deduction_cents,
    }),
    { received: 0, completed: 0, overdue: 0, fee_cents: 0, deduction_cents: 0 },
  );
}
