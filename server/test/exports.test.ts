/**
 * Exports as Excel and WPS read them (issue 24, defect 4), through the real app on each dialect:
 * the files are parsed back with exceljs (XLSX) or as text (CSV). Times are Asia/Shanghai wall
 * clock (an instant shortly after Shanghai midnight, still the day before in UTC, shows a UTC
 * slip as the wrong day), money is numbers with two decimals, headers are Chinese and frozen.
 * The ticket list's export has the list's scope (a designer: their own; a lead: the team's; another
 * team's lead: none of it) and filters, read page by page (the pages are checked directly too).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { listQuerySchema } from '../src/modules/tickets/ticket.schemas.js';
import { listTickets, ticketPages } from '../src/modules/tickets/ticket-list.repository.js';
import { dialects, expectEnvelope, expectFieldErrors, type Res } from './support/harness.js';
import { assignedTicket, createWorld, upstream, upstreamDeduction, type World } from './support/appeals.js';
import { createPerson, createProduct, firstShop, ingest, order, type Person, type TicketView, useTicketApp } from './support/tickets.js';

/** 2026-11-25 16:30 UTC is 2026-11-26 00:30 in Shanghai: a UTC slip lands on the 25th. */
const NEAR_MIDNIGHT = '2026-11-25T16:30:00.000Z';
const NEAR_MIDNIGHT_SHANGHAI = '2026-11-26 00:30:00';
/** 2026-11-26 15:59 UTC is 23:59 on the 26th in Shanghai: still the 26th there, the 27th nowhere. */
const LATE_EVENING = '2026-11-26T15:59:00.000Z';
const LATE_EVENING_SHANGHAI = '2026-11-26 23:59:00';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookOf(res: Res): Promise<ExcelJS.Worksheet> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0]!;
}

/** The sheet's rows as text (row 1: headers), by column. */
function texts(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let k = 1; k <= ws.columnCount; k++) cells.push(row.getCell(k).text);
    out.push(cells);
  });
  return out;
}

/** A date cell's wall clock (exceljs reads a date cell as a Date whose UTC fields are the reading). */
function wallClock(cell: ExcelJS.Cell): string {
  expect(cell.type, `${cell.address} is a date cell`).toBe(ExcelJS.ValueType.Date);
  return (cell.value as Date).toISOString().slice(0, 19).replace('T', ' ');
}

function csvRows(res: Res): string[][] {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const buf = res.rawPayload;
  expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // No field of these exports holds a comma or a quote.
  return buf.subarray(3).toString('utf8').replace(/\r\n$/, '').split('\r\n').map((line) => line.split(','));
}

/** No UTC ISO timestamp anywhere in a file. */
function expectNoIsoTimes(text: string) {
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
}

describe.each(dialects)('exports (%s)', (dialect) => {
  const t = useTicketApp(dialect);

  describe('the ticket list', () => {
    let team: World;
    let designer: Person;
    let mate: Person;
    let early: TicketView;
    let late: TicketView;
    let mates: TicketView;
    let others: TicketView;

    beforeAll(async () => {
      team = await createWorld(t);
      designer = team.designer;
      const mateProduct = await createProduct(t);
      mate = await createPerson(t, { type: 1, teamId: team.teamId, products: [mateProduct], capacity: 1000 });
      early = await assignedTicket(t, team, { title: '导出｜午夜后', fee_cents: 12_345 });
      late = await assignedTicket(t, team, { title: '导出｜深夜', fee_cents: 5, order_markers: 'URGENT' });
      ({ ticket: mates } = await ingest(t, order(team.shop, mateProduct, { team_id: team.teamId, title: '导出｜同组' })));
      expect(mates.designer_id).toBe(mate.code);
      // Another team's ticket, held by its own designer.
      const otherProduct = await createProduct(t);
      await createPerson(t, { type: 1, teamId: team.otherTeamId, products: [otherProduct] });
      ({ ticket: others } = await ingest(t, order(await firstShop(t), otherProduct, { team_id: team.otherTeamId, title: '导出｜别队' })));
      expect(others.designer_id).not.toBeNull();
      // Creation times on either side of Shanghai's midnight (the list sorts and filters by them).
      await t.db.updateTable('tickets').set({ created_at: NEAR_MIDNIGHT, started_at: NEAR_MIDNIGHT, updated_at: NEAR_MIDNIGHT }).where('id', '=', early.ticket_id).execute();
      await t.db.updateTable('tickets').set({ created_at: LATE_EVENING, updated_at: LATE_EVENING }).where('id', '=', late.ticket_id).execute();
      await t.db.updateTable('tickets').set({ created_at: LATE_EVENING }).where('id', 'in', [mates.ticket_id, others.ticket_id]).execute();
    });

    it('XLSX: Chinese headers, frozen header row, Shanghai date cells, money as numbers with two decimals', async () => {
      const ws = await workbookOf(await designer.client.get('/api/tickets/export?format=xlsx&keyword=导出'));
      const rows = texts(ws);
      expect(rows[0]).toEqual([
        '订单号', '标题', '店铺', '产品', '状态', '阶段', '订单标记', '工作标记', '设计师编号', '设计师',
        '设计费（元）', '时限（分钟）', '开始时间', '截止时间', '创建时间', '更新时间',
      ]);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      for (let k = 1; k <= 16; k++) expect(ws.getColumn(k).width, `column ${k}`).toBeGreaterThanOrEqual(8);
      expect(ws.getColumn(2).width).toBeGreaterThan(ws.getColumn(6).width!);
      // Newest first: the late-evening ticket, then the one just after midnight the day before.
      expect(rows.slice(1).map((r) => r[0])).toEqual([late.order_no, early.order_no]);
      const [lateRow, earlyRow] = [ws.getRow(2), ws.getRow(3)];
      expect(earlyRow.getCell(2).text).toBe('导出｜午夜后');
      expect(earlyRow.getCell(5).text).toBe('正常');
      expect(earlyRow.getCell(6).text).toBe('待初稿');
      expect(earlyRow.getCell(9).text).toBe(designer.code);
      expect(lateRow.getCell(7).text).toBe('URGENT');
      // Money: a number of yuan shown with two decimals.
      expect(earlyRow.getCell(11).type).toBe(ExcelJS.ValueType.Number);
      expect(earlyRow.getCell(11).value).toBe(123.45);
      expect(earlyRow.getCell(11).numFmt).toBe('0.00');
      expect(lateRow.getCell(11).value).toBe(0.05);
      expect(earlyRow.getCell(12).value).toBe(480);
      // Times: date cells holding the Shanghai wall clock, shown as yyyy-mm-dd hh:mm.
      expect(wallClock(earlyRow.getCell(15))).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(earlyRow.getCell(15).numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(wallClock(earlyRow.getCell(13))).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(wallClock(earlyRow.getCell(16))).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(wallClock(lateRow.getCell(15))).toBe(LATE_EVENING_SHANGHAI);
      expect(earlyRow.getCell(14).type).toBe(ExcelJS.ValueType.Date);
    });

    it('CSV: BOM, Shanghai local times, money with two decimals, no UTC ISO strings', async () => {
      const res = await designer.client.get('/api/tickets/export?format=csv&keyword=导出&sort_order=asc');
      expectNoIsoTimes(res.rawPayload.toString('utf8'));
      const rows = csvRows(res);
      expect(rows[0]![0]).toBe('订单号');
      expect(rows.slice(1).map((r) => r[0])).toEqual([early.order_no, late.order_no]);
      const [earlyRow, lateRow] = [rows[1]!, rows[2]!];
      expect(earlyRow[10]).toBe('123.45');
      expect(lateRow[10]).toBe('0.05');
      expect(earlyRow[12]).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(earlyRow[14]).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(lateRow[14]).toBe(LATE_EVENING_SHANGHAI);
      expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E6%88%91%E7%9A%84%E5%B7%A5%E5%8D%95-\d{4}-\d{2}-\d{2}\.csv$/);
    });

    it('has the list’s scope: a designer their own, a lead the team’s, another team’s lead none of it', async () => {
      const orderNos = async (p: Person, query = '') => csvRows(await p.client.get(`/api/tickets/export?format=csv&keyword=导出${query}`)).slice(1).map((r) => r[0]);
      expect(await orderNos(designer)).toEqual([late.order_no, early.order_no]);
      expect(await orderNos(mate)).toEqual([mates.order_no]);
      expect((await orderNos(team.lead)).sort()).toEqual([late.order_no, early.order_no, mates.order_no].sort());
      expect(await orderNos(team.otherLead)).toEqual([others.order_no]);
      expect(await orderNos(team.lead, `&designer_id=${mate.code}`)).toEqual([mates.order_no]);
      // A designer cannot widen their scope with a lead's parameters.
      expect(await orderNos(designer, `&designer_id=${mate.code}`)).toEqual([late.order_no, early.order_no]);
      expect(await orderNos(designer, '&scope=pool')).toEqual([late.order_no, early.order_no]);
      const res = await team.lead.client.get('/api/tickets/export?format=csv&keyword=导出');
      expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E5%9B%A2%E9%98%9F%E5%B7%A5%E5%8D%95-/);
      // Every exported row is a row of the list, and the other way round.
      const list = expectEnvelope(await team.lead.client.get('/api/tickets?keyword=导出&pageSize=100'), 200).data;
      expect((await orderNos(team.lead)).sort()).toEqual(list.items.map((i: TicketView) => i.order_no).sort());
    });

    it('has the list’s filters: Shanghai days, status, markers, keyword, overdue; and refuses a bad query', async () => {
      const orderNos = async (query: string) =>
        csvRows(await team.lead.client.get(`/api/tickets/export?format=csv${query.includes('keyword=') ? '' : '&keyword=导出'}${query}`)).slice(1).map((r) => r[0]);
      // The early ticket was made on the 26th in Shanghai (the 25th in UTC).
      expect(await orderNos('&created_from=2026-11-26&created_to=2026-11-26&sort_order=asc')).toEqual([early.order_no, late.order_no, mates.order_no]);
      expect(await orderNos('&created_to=2026-11-25')).toEqual([]);
      expect(await orderNos('&created_from=2026-11-27')).toEqual([]);
      expect(await orderNos('&markers=URGENT')).toEqual([late.order_no]);
      expect(await orderNos('&keyword=同组')).toEqual([mates.order_no]);
      expect(await orderNos('&status=4')).toEqual([]);
      expect(await orderNos('&overdue=1')).toEqual([]);
      await t.db.updateTable('tickets').set({ due_at: NEAR_MIDNIGHT }).where('id', '=', early.ticket_id).execute();
      expect(await orderNos('&overdue=1')).toEqual([early.order_no]);
      await upstream(t, late.order_no, 'completion');
      expect(await orderNos('&status=4')).toEqual([late.order_no]);
      expectFieldErrors(await team.lead.client.get('/api/tickets/export?format=pdf'), [['format', '导出格式只能是 csv 或 xlsx']]);
      expectFieldErrors(await team.lead.client.get('/api/tickets/export?created_from=yesterday'), [['created_from']]);
      expect((await t.anon.get('/api/tickets/export')).statusCode).toBe(401);
    });

    it('is documented in OpenAPI with the list’s query parameters and the format', async () => {
      const res = await t.anon.get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const op = (res.json() as { paths: Record<string, Record<string, { tags?: string[]; description?: string; parameters?: { name: string; in: string }[] }>> }).paths['/tickets/export']?.get;
      expect(op?.tags).toEqual(['tickets']);
      const query = new Set(op?.parameters?.filter((p) => p.in === 'query').map((p) => p.name));
      for (const name of ['format', 'status', 'markers', 'keyword', 'created_from', 'created_to', 'overdue', 'sort_by', 'sort_order', 'designer_id', 'scope', 'view']) expect(query.has(name), name).toBe(true);
      expect(query.has('page')).toBe(false);
      expect(op?.description).toContain('Asia/Shanghai');
    });

    it('reads page after page in the list’s order, whatever the sort, without losing or repeating a row', async () => {
      const scope = { kind: 'team' as const, teamId: team.teamId };
      const filters = listQuerySchema.parse({ keyword: '导出' });
      for (const sortBy of ['created_at', 'updated_at'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const now = new Date().toISOString();
          const listed = await listTickets(t.db, { scope, filters, sortBy, sortOrder, page: 1, pageSize: 100, now });
          const pages: string[][] = [];
          for await (const page of ticketPages(t.db, { scope, filters, sortBy, sortOrder, now, pageSize: 1, limit: 100 })) pages.push(page.map((i) => i.order_no));
          expect(pages.every((p) => p.length === 1), `${sortBy} ${sortOrder}`).toBe(true);
          expect(pages.flat(), `${sortBy} ${sortOrder}`).toEqual(listed.items.map((i) => i.order_no));
          const capped: string[] = [];
          for await (const page of ticketPages(t.db, { scope, filters, sortBy, sortOrder, now, pageSize: 2, limit: 2 })) capped.push(...page.map((i) => i.order_no));
          expect(capped).toEqual(listed.items.slice(0, 2).map((i) => i.order_no));
        }
      }
    });
  });

  describe('the existing exports', () => {
    it('settlement: lines with Shanghai date cells and money numbers; CSV in Shanghai time', async () => {
      const w = await createWorld(t);
      const a = await assignedTicket(t, w, { fee_cents: 3333 });
      await upstream(t, a.order_no, 'completion');
      await upstreamDeduction(t, a.order_no, 'after_sales', 1001);
      await t.db.updateTable('settlement_lines').set({ created_at: NEAR_MIDNIGHT }).where('ticket_id', '=', a.ticket_id).execute();
      const [s] = expectEnvelope(await w.designer.client.get('/api/settlements'), 200).data.items;
      const ws = await workbookOf(await w.designer.client.get(`/api/settlements/${s.settlement_id}/export?format=xlsx`));
      expect(texts(ws)[0]).toEqual(['类型', '订单号', '说明', '金额（元）', '入账时间']);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const fee = ws.getRow(2);
      expect(fee.getCell(1).text).toBe('工单费用');
      expect(fee.getCell(4).value).toBe(33.33);
      expect(fee.getCell(4).numFmt).toBe('0.00');
      expect(wallClock(fee.getCell(5))).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(ws.getRow(3).getCell(4).value).toBe(-10.01);
      // The totals rows: label and amount, the amount a number.
      expect(ws.getRow(ws.rowCount).getCell(1).text).toBe('实发金额');
      expect(ws.getRow(ws.rowCount).getCell(4).value).toBe(23.32);

      const csv = await w.designer.client.get(`/api/settlements/${s.settlement_id}/export?format=csv`);
      expectNoIsoTimes(csv.rawPayload.toString('utf8'));
      const rows = csvRows(csv);
      expect(rows[1]).toEqual(['工单费用', a.order_no, expect.any(String), '33.33', NEAR_MIDNIGHT_SHANGHAI]);
    });

    it('appeals: submission and review times in Shanghai time, amounts as numbers', async () => {
      const w = await createWorld(t);
      const ticket = await assignedTicket(t, w, { title: '导出申诉时间' });
      const filed = expectEnvelope(await w.designer.client.post('/api/appeals', { ticket_id: ticket.ticket_id, type: 'fee', reason: '加急', requested_cents: 1234 }), 200).data;
      expectEnvelope(await w.lead.client.post(`/api/appeals/${filed.appeal_id}/review`, { decision: 'approve' }), 200);
      await t.db.updateTable('appeals').set({ created_at: NEAR_MIDNIGHT, reviewed_at: LATE_EVENING }).where('id', '=', filed.appeal_id).execute();

      const csv = await w.designer.client.get('/api/appeals/export?format=csv&keyword=导出申诉时间');
      expectNoIsoTimes(csv.rawPayload.toString('utf8'));
      const rows = csvRows(csv);
      expect(rows[0]!.slice(-2)).toEqual(['提交时间', '审核时间']);
      expect(rows[1]!.slice(-2)).toEqual([NEAR_MIDNIGHT_SHANGHAI, LATE_EVENING_SHANGHAI]);

      const ws = await workbookOf(await w.lead.client.get('/api/appeals/export?format=xlsx&scope=review&status=approved&keyword=导出申诉时间'));
      const row = ws.getRow(2);
      expect(row.getCell(2).text).toBe(ticket.order_no);
      expect(row.getCell(8).value).toBe(12.34);
      expect(row.getCell(9).value).toBe(12.34);
      expect(wallClock(row.getCell(13))).toBe(NEAR_MIDNIGHT_SHANGHAI);
      expect(wallClock(row.getCell(14))).toBe(LATE_EVENING_SHANGHAI);
    });
  });
});
