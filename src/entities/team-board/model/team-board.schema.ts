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
  /** Deadlines in the period, already passed, of tickets that owed a draft by then (the on-time rate's denominator). */
  due: count(),
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

/** The period every period figure is counted over (the picker's days, Asia/Shanghai). */
const PERIOD = '统计区间为所选起止日期（北京时间，含首尾两天）';

/**
 * The KPI cards of the board, in the order shown, each with its definition for the card's tooltip:
 * what is counted (numerator, denominator for a rate) and over which period. The server's
 * README.md "Board figures" defines the same figures.
 */
export const BOARD_KPIS = [
  { key: 'received', label: '接单数', kind: 'count', definition: `${PERIOD}内分配给成员的工单次数（系统分配、手动分配、抢单和转入都算；转派的工单转出人和接收人各算一次）。` },
  { key: 'in_progress', label: '进行中', kind: 'count', definition: '此刻成员手中未结束的工单数（待处理、工厂驳回返工、一键下单且未完成），不随统计区间变化。' },
  { key: 'completed', label: '已完成', kind: 'count', definition: `${PERIOD}内收到完成通知的工单数，记在工单当前设计师名下。` },
  {
    key: 'overdue',
    label: '已超时',
    kind: 'count',
    definition: `截稿时间落在${PERIOD}内且已过去的工单中，错过截稿的工单数：截稿后才交稿，或至今仍欠初稿。`,
  },
  {
    key: 'on_time_rate',
    label: '准时率',
    kind: 'rate',
    definition: `准时交稿的到期工单 ÷ 到期工单。到期工单：截稿时间落在${PERIOD}内且已过去、当时应交稿的工单（截稿前已关闭或退款的不算）；准时交稿 = 到期工单 − 已超时。与“已超时”是同一批工单、同一区间；没有到期工单时显示“—”。`,
  },
  {
    key: 'first_pass_rate',
    label: '一次通过率',
    kind: 'rate',
    definition: `${PERIOD}内完成的工单中，没有被工厂驳回、也没有稿件未通过自动审核的工单 ÷ 区间内完成的工单；没有完成的工单时显示“—”。`,
  },
  { key: 'deduction_cents', label: '扣款金额', kind: 'money', definition: `${PERIOD}内新建的扣款金额合计（申诉通过后的冲回记入结算调整，这里不抵扣）。` },
  { key: 'appeals', label: '申诉数', kind: 'count', definition: `${PERIOD}内成员提交的申诉数，不分类型和结果；下方“待处理”为此刻仍待审核的申诉数。` },
] as const satisfies readonly { key: keyof BoardFigures; label: string; kind: 'count' | 'rate' | 'money'; definition: string }[];
export type BoardKpi = (typeof BOARD_KPIS)[number];

/** The counts behind a rate card, shown under it: 准时率 from the due tickets, 一次通过率 from the completed ones. */
export function kpiBasis(key: BoardKpi['key'], f: BoardFigures): string | null {
  if (key === 'on_time_rate') return `准时 ${f.due - f.overdue} / 到期 ${f.due}`;
  if (key === 'first_pass_rate') return `完成 ${f.completed}`;
  if (key === 'appeals') return `待处理 ${f.appeals_pending}`;
  return null;
}

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
