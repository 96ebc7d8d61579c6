import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, centsText, columnName, crc32, exportTable, money, type Table, toCsv, toXlsx } from './tabular-export.js';

/** Reads a ZIP back through its central directory; checks each entry's CRC. */
function unzip(buf: Buffer): Map<string, string> {
  const endAt = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(endAt).toBeGreaterThan(0);
  const count = buf.readUInt16LE(endAt + 10);
  let p = buf.readUInt32LE(endAt + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localAt = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    expect(buf.readUInt32LE(localAt)).toBe(0x04034b50);
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(crc32(data)).toBe(crc);
    out.set(name, data.toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The cells of a sheet: ref → { type, value } (inline strings unescaped). */
function cells(xml: string): Map<string, { t: 'n' | 's'; v: string; s?: string }> {
  const map = new Map<string, { t: 'n' | 's'; v: string; s?: string }>();
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(.*?)<\/c>/g)) {
    const attrs = m[2]!;
    const style = /s="(\d+)"/.exec(attrs)?.[1];
    if (attrs.includes('t="inlineStr"')) map.set(m[1]!, { t: 's', v: unescape(/<t[^>]*>(.*?)<\/t>/.exec(m[3]!)![1]!), s: style });
    else map.set(m[1]!, { t: 'n', v: /<v>(.*?)<\/v>/.exec(m[3]!)![1]!, s: style });
  }
  return map;
}

const table: Table = {
  sheetName: '结算明细',
  headers: ['类型', '订单号', '金额（元）', '数量'],
  rows: [
    ['费用', 'DM202611220001', money(3500), 1],
    ['扣款', 'A&B <"测试">', money(-1205), 2],
    ['=SUM(A1)', null, money(7), 0],
  ],
};

describe('tabular export', () => {
  it('formats cents exactly', () => {
    expect([0, 5, 100, 3505, -1205, -7].map(centsText)).toEqual(['0.00', '0.05', '1.00', '35.05', '-12.05', '-0.07']);
    expect([0, 25, 26, 701].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ']);
  });

  it('writes CSV with a BOM, CRLF, quoting and no formulas', () => {
    const buf = toCsv(table);
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.subarray(3).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      '类型,订单号,金额（元）,数量',
      '费用,DM202611220001,35.00,1',
      '扣款,"A&B <""测试"">",-12.05,2',
      "'=SUM(A1),,0.07,0",
      '',
    ]);
  });

  it('writes an XLSX that unzips to typed cells', () => {
    const files = unzip(toXlsx(table));
    expect([...files.keys()].sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="结算明细" sheetId="1" r:id="rId1"/>');
    const c = cells(files.get('xl/worksheets/sheet1.xml')!);
    expect(c.get('A1')).toEqual({ t: 's', v: '类型', s: '2' });
    expect(c.get('C1')).toEqual({ t: 's', v: '金额（元）', s: '2' });
    expect(c.get('B2')).toEqual({ t: 's', v: 'DM202611220001', s: undefined });
    expect(c.get('C2')).toEqual({ t: 'n', v: '35.00', s: '1' });
    expect(c.get('D2')).toEqual({ t: 'n', v: '1', s: undefined });
    expect(c.get('B3')).toEqual({ t: 's', v: 'A&B <"测试">', s: undefined });
    expect(c.get('C3')).toEqual({ t: 'n', v: '-12.05', s: '1' });
    expect(c.get('A4')).toEqual({ t: 's', v: '=SUM(A1)', s: undefined });
    expect(c.has('B4')).toBe(false);
    expect(c.get('D4')).toEqual({ t: 'n', v: '0', s: undefined });
    // Every part is well-formed enough to have a root element.
    for (const [name, xml] of files) expect(xml, name).toMatch(/^<\?xml[^>]+\?>\n<[A-Za-z]/);
  });

  it('names the download in ASCII and RFC 5987 UTF-8', () => {
    expect(attachmentDisposition('结算单-D000002-2026-11-16.csv')).toBe(
      `attachment; filename="___-D000002-2026-11-16.csv"; filename*=UTF-8''%E7%BB%93%E7%AE%97%E5%8D%95-D000002-2026-11-16.csv`,
    );
    const file = exportTable('xlsx', '申诉列表', table);
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.fileName).toBe('申诉列表.xlsx');
    expect(exportTable('csv', 'x', table).contentType).toBe('text/csv; charset=utf-8');
  });
});
