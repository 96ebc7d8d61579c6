import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  type Cell,
  centsText,
  day,
  instant,
  money,
  shanghaiText,
  streamedTableOf,
  type Table,
  writeExport,
} from './tabular-export.js';

/** Everything written into a stream, once it ends. */
async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

const table: Table = {
  sheetName: '结算明细',
  headers: ['类型', '订单号', '金额（元）', '数量', '入账时间', '周期'],
  rows: [
    ['费用', 'DM202611220001', money(3500), 1, instant('2026-11-25T16:30:00.000Z'), day('2026-11-23')],
    ['扣款', 'A&B <"测试">', money(-1205), 2, instant(null), null],
    ['=SUM(A1)', null, money(7), 0, null, null],
  ],
};

describe('tabular export', () => {
  it('formats cents exactly and instants in Asia/Shanghai', () => {
    expect([0, 5, 100, 3505, -1205, -7].map(centsText)).toEqual(['0.00', '0.05', '1.00', '35.05', '-12.05', '-0.07']);
    expect(shanghaiText('2026-11-25T16:30:00.000Z')).toBe('2026-11-26 00:30:00');
    expect(shanghaiText('2026-11-26T15:59:59.999Z')).toBe('2026-11-26 23:59:59');
  });

  it('writes CSV with a BOM, CRLF, quoting, Shanghai times and no formulas', async () => {
    const buf = await collect((out) => writeExport('csv', table, out));
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(buf.subarray(3).toString('utf8').split('\r\n')).toEqual([
      '类型,订单号,金额（元）,数量,入账时间,周期',
      '费用,DM202611220001,35.00,1,2026-11-26 00:30:00,2026-11-23',
      '扣款,"A&B <""测试"">",-12.05,2,,',
      "'=SUM(A1),,0.07,0,,",
      '',
    ]);
  });

  it('writes an XLSX of typed cells: text, money numbers, Shanghai dates; bold frozen headers', async () => {
    const buf = await collect((out) => writeExport('xlsx', table, out));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('结算明细')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('A1').text).toBe('类型');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('B3').text).toBe('A&B <"测试">');
    expect(ws.getCell('C2').value).toBe(35);
    expect(ws.getCell('C2').numFmt).toBe('0.00');
    expect(ws.getCell('C3').value).toBe(-12.05);
    expect(ws.getCell('D3').value).toBe(2);
    // A formula-looking text stays text.
    expect(ws.getCell('A4').type).toBe(ExcelJS.ValueType.RichText);
    expect(ws.getCell('A4').text).toBe('=SUM(A1)');
    expect(ws.getCell('B4').type).toBe(ExcelJS.ValueType.Null);
    expect(ws.getCell('E2').type).toBe(ExcelJS.ValueType.Date);
    expect((ws.getCell('E2').value as Date).toISOString()).toBe('2026-11-26T00:30:00.000Z');
    expect(ws.getCell('E2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect((ws.getCell('F2').value as Date).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(ws.getCell('F2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('E3').type).toBe(ExcelJS.ValueType.Null);
    // Widths from the content: the CJK header of C is wider than the number column D's.
    expect(ws.getColumn(3).width).toBeGreaterThan(ws.getColumn(4).width!);
  });

  it('streams pages: every page written in order, the widths from the first rows', async () => {
    async function* pages() {
      for (let p = 0; p < 5; p++) yield Array.from({ length: 100 }, (_, i) => ({ n: p * 100 + i }));
    }
    const streamed = streamedTableOf('数字', [{ header: '序号', value: (r: { n: number }): Cell => r.n }], pages());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await collect((out) => writeExport('xlsx', streamed, out))) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(501);
    expect(ws.getCell('A2').value).toBe(0);
    expect(ws.getCell('A501').value).toBe(499);
    const csv = await collect((out) => writeExport('csv', streamedTableOf('数字', [{ header: '序号', value: (r: { n: number }): Cell => r.n }], pages()), out));
    expect(csv.subarray(3).toString('utf8').split('\r\n').slice(0, 3)).toEqual(['序号', '0', '1']);
  });

  it('fails, rather than ending the file, when reading the rows fails', async () => {
    async function* broken() {
      yield [{ n: 1 }];
      throw new Error('database went away');
    }
    const out = new PassThrough();
    out.resume();
    await expect(writeExport('csv', streamedTableOf('x', [{ header: 'n', value: (r: { n: number }): Cell => r.n }], broken()), out)).rejects.toThrow('database went away');
    expect(out.writableEnded).toBe(false);
  });

  it.each(['csv', 'xlsx'] as const)('%s: stops reading rows soon after the client goes away, however many are left', async (format) => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read += 1;
        yield Array.from({ length: 1000 }, (_, i) => ({ n: read * 1000 + i }));
      }
    }
    const columns = Array.from({ length: 8 }, (_, k) => ({ header: `列${k}`, value: (r: { n: number }): Cell => `第${r.n}行第${k}列` }));
    // Nobody reads `out`: it fills, the writer waits; then the client goes away.
    const out = new PassThrough();
    const writing = writeExport(format, streamedTableOf('x', columns, endless()), out);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readBefore = read;
    out.destroy();
    await expect(writing).rejects.toThrow();
    expect(read - readBefore).toBeLessThanOrEqual(1);
    expect(read).toBeLessThan(100);
  });

  it('names the download in ASCII and RFC 5987 UTF-8', () => {
    expect(attachmentDisposition('结算单-D000002-2026-11-16.csv')).toBe(
      `attachment; filename="___-D000002-2026-11-16.csv"; filename*=UTF-8''%E7%BB%93%E7%AE%97%E5%8D%95-D000002-2026-11-16.csv`,
    );
  });
});
