/**
 * The columns of the ticket table, named by the row field each shows (the names a saved view
 * stores; the server checks them against the row's fields). 时效 shows the timeout check of
 * `due_at`; 设计师 is shown to team leads only.
 */
export const TICKET_COLUMNS = ['order_no', 'title', 'status', 'order_markers', 'stage', 'due_at', 'designer_name', 'created_at', 'updated_at'] as const;
export type TicketColumn = (typeof TICKET_COLUMNS)[number];

export const TICKET_COLUMN_TEXT: Record<TicketColumn, string> = {
  order_no: '订单号',
  title: '标题 / 店铺 · 产品',
  status: '状态',
  order_markers: '标记',
  stage: '阶段',
  due_at: '时效',
  designer_name: '设计师',
  created_at: '创建时间',
  updated_at: '更新时间',
};

/** What the table shows when no columns are chosen. */
export const DEFAULT_TICKET_COLUMNS: readonly TicketColumn[] = TICKET_COLUMNS.filter((c) => c !== 'updated_at');

export const isTicketColumn = (c: string): c is TicketColumn => (TICKET_COLUMNS as readonly string[]).includes(c);

/** The columns of a comma-joined `cols` search value (unknown ones dropped); the defaults when none. */
export function ticketColumnsOf(cols: string | undefined): readonly TicketColumn[] {
  const chosen = (cols ?? '').split(',').filter(isTicketColumn);
  return chosen.length ? TICKET_COLUMNS.filter((c) => chosen.includes(c)) : DEFAULT_TICKET_COLUMNS;
}
