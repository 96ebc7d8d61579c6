/**
 * Tables exported as files: CSV (UTF-8 with a BOM, so Excel reads the Chinese) and XLSX written by
 * hand (a few SpreadsheetML parts in a small ZIP made with node:zlib; no dependency).
 *
 * Cells are typed: a `string` is text, a `number` is a number, `money(cents)` is a number of yuan
 * with two decimals (stored exactly as cents / 100, shown as 0.00), `null` is empty.
 *
 * Usage: build a `Table` (`tableOf(columns, rows)`), then `exportTable(format, fileName, table)`
 * gives the body, Content-Type and Content-Disposition; `sendExport(reply, …)` sends it.
 */
import { deflateRawSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

export interface Money {
  readonly money: number;
}
export type Cell = string | number | Money | null;

/** A money cell: integer cents, exported as yuan with two decimals. */
export function money(cents: number): Money {
  return { money: cents };
}

export interface Table {
  /** Sheet name in XLSX (at most 31 characters; `[]:*?/\` are replaced). */
  sheetName: string;
  headers: string[];
  rows: Cell[][];
}

export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
}

/** A table from column definitions and rows; `extra` rows (totals…) are appended as given. */
export function tableOf<R>(sheetName: string, columns: Column<R>[], rows: readonly R[], extra: Cell[][] = []): Table {
  return { sheetName, headers: columns.map((c) => c.header), rows: [...rows.map((r) => columns.map((c) => c.value(r))), ...extra] };
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const isMoney = (c: Cell): c is Money => typeof c === 'object' && c !== null;

/** Yuan with two decimals from integer cents, exactly (no float rounding): -1234 → "-12.34". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * RFC 4180 CSV with CRLF line ends and a UTF-8 BOM. Text that a spreadsheet would run as a formula
 * (starting with = + - @ or a tab/CR) is prefixed with `'`; numbers are written as numbers.
 */
export function toCsv(table: Table): Buffer {
  const field = (c: Cell): string => {
    if (c === null) return '';
    if (typeof c === 'number') return Number.isFinite(c) ? String(c) : '';
    if (isMoney(c)) return centsText(c.money);
    const text = /^[=+\-@\t\r]/.test(c) ? `'${c}` : c;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [table.headers, ...table.rows].map((row) => row.map(field).join(','));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

// ---------------------------------------------------------------------------------------------
// XLSX

const xmlEscape = (s: string) =>
  // Characters XML 1.0 does not allow are dropped.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// Style indexes in styles.xml: 0 default, 1 money (built-in format 2 "0.00"), 2 bold header.
const STYLE_MONEY = 1;
const STYLE_HEADER = 2;

function sheetXml(table: Table): string {
  const cell = (c: Cell, ref: string, header: boolean): string => {
    if (c === null) return '';
    if (typeof c === 'number') return Number.isFinite(c) ? `<c r="${ref}"><v>${c}</v></c>` : '';
    if (isMoney(c)) return `<c r="${ref}" s="${STYLE_MONEY}"><v>${centsText(c.money)}</v></c>`;
    return `<c r="${ref}" t="inlineStr"${header ? ` s="${STYLE_HEADER}"` : ''}><is><t xml:space="preserve">${xmlEscape(c)}</t></is></c>`;
  };
  const rows = [table.headers, ...table.rows]
    .map((row, r) => `<row r="${r + 1}">${row.map((c, k) => cell(c, `${columnName(k)}${r + 1}`, r === 0)).join('')}</row>`)
    .join('');
  const widths = table.headers.map((h, k) => {
    const longest = Math.max(h.length * 2, ...table.rows.slice(0, 200).map((row) => cellWidth(row[k] ?? null)));
    return `<col min="${k + 1}" max="${k + 1}" width="${Math.min(60, Math.max(8, longest + 2))}" customWidth="1"/>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    (widths.length ? `<cols>${widths.join('')}</cols>` : '') +
    `<sheetData>${rows}</sheetData></worksheet>`
  );
}

function cellWidth(c: Cell): number {
  if (c === null) return 0;
  if (typeof c === 'number') return String(c).length;
  if (isMoney(c)) return centsText(c.money).length;
  // CJK characters are about two columns wide.
  return [...c].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
}

function sheetNameOf(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return clean || 'Sheet1';
}

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** An XLSX workbook of one sheet per table. */
export function toXlsx(tables: Table | Table[]): Buffer {
  const sheets = Array.isArray(tables) ? tables : [tables];
  const used = new Set<string>();
  const names = sheets.map((t, i) => {
    let name = sheetNameOf(t.sheetName);
    if (used.has(name)) name = `${name.slice(0, 28)}(${i + 1})`;
    used.add(name);
    return name;
  });
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        sheets
          .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
          .join('') +
        '</Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets>${names.map((n, i) => `<sheet name="${xmlEscape(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets
          .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    ['xl/styles.xml', STYLES_XML],
    ...sheets.map((t, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(t)]),
  ];
  return zip(files.map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

// ---------------------------------------------------------------------------------------------
// ZIP (deflate, or store when deflate does not help)

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** DOS date and time of an instant (local fields, 2-second resolution), as ZIP stores them. */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  };
}

/** A ZIP archive of the given files (names UTF-8 flagged). */
export function zip(files: { name: string; data: Buffer }[], at = new Date()): Buffer {
  const { date, time } = dosDateTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const deflated = deflateRawSync(f.data);
    const stored = deflated.length >= f.data.length;
    const body = stored ? f.data : deflated;
    const crc = crc32(f.data);
    const method = stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attributes, external attributes: 0
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** RFC 6266 / 5987: an ASCII fallback name plus the UTF-8 name (Chinese allowed). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  disposition: string;
  fileName: string;
}

/** The file of a table: `baseName` gets the format's extension. */
export function exportTable(format: ExportFormat, baseName: string, table: Table | Table[]): ExportFile {
  const tables = Array.isArray(table) ? table : [table];
  const fileName = `${baseName}.${format}`;
  const body = format === 'csv' ? toCsv(tables[0]!) : toXlsx(tables);
  return { body, contentType: CONTENT_TYPES[format], disposition: attachmentDisposition(fileName), fileName };
}

/** Sends an export as a download (never cached: it holds personal figures). */
export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('cache-control', 'no-store')
    .send(file.body);
}
