/**
 * The ticket list as a file (GET /tickets/export): the columns with their Chinese headers, over
 * the pages `ticketPages` reads (ticket-list.repository.ts: the list's own scope and filters).
 */
import { type Column, instant, money, streamedTableOf, type Table } from '../../lib/tabular-export.js';
import { dictName } from '../system/index.js';
import { STAGE_NAMES } from './ticket.model.js';
import type { TicketItem } from './ticket.schemas.js';

const TICKET_COLUMNS: Column<TicketItem>[] = [
  { header: '订单号', value: (t) => t.order_no, width: 20 },
  { header: '标题', value: (t) => t.title, width: 36 },
  { header: '店铺', value: (t) => t.shop_name },
  { header: '产品', value: (t) => t.product_name },
  { header: '状态', value: (t) => dictName('ticket_status', t.status), width: 14 },
  { header: '阶段', value: (t) => STAGE_NAMES[t.stage], width: 10 },
  { header: '订单标记', value: (t) => t.order_markers },
  { header: '工作标记', value: (t) => t.work_markers },
  { header: '设计师编号', value: (t) => t.designer_id ?? '', width: 12 },
  { header: '设计师', value: (t) => t.designer_name ?? '' },
  { header: '设计费（元）', value: (t) => money(t.fee_cents), width: 14 },
  { header: '时限（分钟）', value: (t) => t.allowed_minutes, width: 14 },
  { header: '开始时间', value: (t) => instant(t.started_at), width: 18 },
  { header: '截止时间', value: (t) => instant(t.due_at), width: 18 },
  { header: '创建时间', value: (t) => instant(t.created_at), width: 18 },
  { header: '更新时间', value: (t) => instant(t.updated_at), width: 18 },
];

/** The export's headers, in order (the API documentation lists them). */
export const TICKET_EXPORT_HEADERS = TICKET_COLUMNS.map((c) => c.header);

/** A sheet of tickets from pages read one after another. */
export function ticketTable(sheetName: string, pages: AsyncIterable<TicketItem[]>): Table {
  return streamedTableOf(sheetName, TICKET_COLUMNS, pages);
}
