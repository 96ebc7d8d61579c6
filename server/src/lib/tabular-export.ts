/**
 * Tables exported as files, streamed to the HTTP response: CSV (UTF-8 with a BOM, so Excel reads
 * the Chinese) and XLSX written by exceljs's streaming `WorkbookWriter` (rows are committed as
 * they come and never held; the ZIP is written while the rows are read).
 *
 * Cells are typed, and each type is written the way a spreadsheet reads it:
 *
 * | cell | XLSX | CSV |
 * |---|---|---|
 * | `string` | text (inline string: never a formula) | text, `'`-prefixed when it would run as a formula |
 * | `number` | number | number |
 * | `money(cents)` | number of yuan, format `0.00` | `12.34` (exact, from cents) |
 * | `instant(iso)` | a date cell: the Asia/Shanghai wall clock, format `yyyy-mm-dd hh:mm` | `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai |
 * | `day('YYYY-MM-DD')` | a date cell, format `yyyy-mm-dd` | `YYYY-MM-DD` |
 * | `null` | empty | empty |
 *
 * Excel has no time zones: a date cell holds a wall-clock reading. The platform's clock is
 * Asia/Shanghai (UTC+8 all year, no daylight saving), so an instant is written as its Shanghai
 * reading, whatever the server's zone. No export carries a UTC ISO string.
 *
 * Usage: build a `Table` (`tableOf(…)` from rows in memory, `streamedTableOf(…)` from pages read
 * one after another), then `sendExport(reply, format, baseName, table)`.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface Money {
  readonly money: number;
}
export interface Instant {
  readonly instant: string;
}
export interface Day {
  readonly day: string;
}
export type Cell = string | number | Money | Instant | Day | null;

/** A money cell: integer cents, exported as yuan with two decimals. */
export function money(cents: number): Money {
  return { money: cents };
}

/** A moment (an ISO-8601 string as the tables store it): exported as Asia/Shanghai local time; null stays empty. */
export function instant(iso: string | null | undefined): Instant | null {
  return iso ? { instant: iso } : null;
}

/** A calendar day (YYYY-MM-DD, already an Asia/Shanghai day): a date cell in XLSX. */
export function day(ymd: string): Day {
  return { day: ymd };
}

export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
  /** Width in characters; measured from the header and the first rows when left out. */
  width?: number;
}

export interface Table {
  /** Sheet name in XLSX (at most 31 characters; `[]:*?/\` are replaced). */
  sheetName: string;
  headers: string[];
  /** Fixed widths by column (characters); the others are measured. */
  widths?: (number | undefined)[];
  /** The rows: in memory, or batches read one after another (never all held). */
  rows: Cell[][] | AsyncIterable<Cell[][]>;
}

/** A table from column definitions and rows; `extra` rows (totals…) are appended as given. */
export function tableOf<R>(sheetName: string, columns: Column<R>[], rows: readonly R[], extra: Cell[][] = []): Table {
  return {
    sheetName,
    headers: columns.map((c) => c.header),
    widths: columns.map((c) => c.width),
    rows: [...rows.map((r) => columns.map((c) => c.value(r))), ...extra],
  };
}

/** A table whose rows come in pages (e.g. read from the database by keyset); each page is written and dropped. */
export function streamedTableOf<R>(sheetName: string, columns: Column<R>[], pages: AsyncIterable<readonly R[]>): Table {
  return {
    sheetName,
    headers: columns.map((c) => c.header),
    widths: columns.map((c) => c.width),
    rows: (async function* () {
      for await (const page of pages) yield page.map((r) => columns.map((c) => c.value(r)));
    })(),
  };
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const isMoney = (c: Cell): c is Money => typeof c === 'object' && c !== null && 'money' in c;
const isInstant = (c: Cell): c is Instant => typeof c === 'object' && c !== null && 'instant' in c;
const isDay = (c: Cell): c is Day => typeof c === 'object' && c !== null && 'day' in c;

/** Yuan with two decimals from integer cents, exactly (no float rounding): -1234 → "-12.34". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991). */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/**
 * The Asia/Shanghai wall clock of an instant as a Date whose UTC fields read it (what a
 * spreadsheet date cell holds: exceljs writes a Date's UTC reading). Undefined for an unreadable value.
 */
export function shanghaiWallClock(iso: string): Date | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms + SHANGHAI_OFFSET_MS);
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai: 2026-11-25T16:30:00.000Z → 2026-11-26 00:30:00. */
export function shanghaiText(iso: string): string {
  const wall = shanghaiWallClock(iso);
  return wall ? wall.toISOString().slice(0, 19).replace('T', ' ') : iso;
}

// ---------------------------------------------------------------------------------------------
// Rows, whatever their source

async function* batchesOf(rows: Table['rows']): AsyncGenerator<Cell[][]> {
  if (Array.isArray(rows)) {
    yield rows;
    return;
  }
  for await (const batch of rows) if (batch.length) yield batch;
}

/**
 * Whether a write to `stream` returned false and it has not drained yet. Node's streams say so in
 * `writableNeedDrain`; the readable-stream 2 PassThrough archiver wraps an entry in (under
 * exceljs) predates it and keeps it in its state only.
 */
function needsDrain(stream: Writable): boolean {
  const s = stream as Writable & { _writableState?: { needDrain?: boolean } };
  return s.writableNeedDrain ?? s._writableState?.needDrain ?? false;
}

/** Bytes written to `stream` and not yet taken by its reader. */
function bufferedOf(stream: Writable): number {
  const s = stream as Writable & { _writableState?: { length?: number } };
  return s.writableLength ?? s._writableState?.length ?? 0;
}

/**
 * Resolves once `stream` may take more (drained), or once `stream` or `out` has closed (the client
 * went away: then nothing drains any more, and the writer must not wait for ever).
 */
function drained(stream: Writable, out: Writable = stream): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const s of new Set([stream, out])) {
        s.off('drain', done);
        s.off('close', done);
      }
      resolve();
    };
    stream.on('drain', done);
    for (const s of new Set([stream, out])) s.on('close', done);
  });
}

/** The download was cut off (client gone): stop reading. */
class Aborted extends Error {}

// ---------------------------------------------------------------------------------------------
// CSV

function csvField(c: Cell): string {
  if (c === null) return '';
  if (typeof c === 'number') return Number.isFinite(c) ? String(c) : '';
  if (isMoney(c)) return centsText(c.money);
  if (isInstant(c)) return shanghaiText(c.instant);
  if (isDay(c)) return c.day;
  const text = /^[=+\-@\t\r]/.test(c) ? `'${c}` : c;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV with CRLF line ends and a UTF-8 BOM, written batch by batch as `out` takes it.
 * Text that a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) is prefixed
 * with `'`; numbers are written as numbers, money with two decimals, times in Asia/Shanghai.
 */
export async function writeCsv(table: Table, out: Writable): Promise<void> {
  out.write(Buffer.from([0xef, 0xbb, 0xbf]));
  out.write(`${table.headers.map(csvField).join(',')}\r\n`);
  for await (const batch of batchesOf(table.rows)) {
    if (out.destroyed) throw new Aborted();
    out.write(batch.map((row) => `${row.map(csvField).join(',')}\r\n`).join(''));
    await drained(out);
  }
  if (out.destroyed) throw new Aborted();
  out.end();
}

// ---------------------------------------------------------------------------------------------
// XLSX

const FORMAT_MONEY = '0.00';
const FORMAT_INSTANT = 'yyyy-mm-dd hh:mm';
const FORMAT_DAY = 'yyyy-mm-dd';
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };
/** Rows written between two turns of the event loop (so the compression keeps up). */
const YIELD_ROWS = 100;
/** Sheet XML allowed to wait for compression before the rows wait (a page of rows is about 0.7 MB). */
const MAX_PENDING_BYTES = 2 * 1024 * 1024;
/** Rows measured for the column widths (when a column has none of its own). */
const MEASURED_ROWS = 200;

function sheetNameOf(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return clean || 'Sheet1';
}

/** Display width of a cell in characters (CJK characters are about two wide). */
function cellWidth(c: Cell): number {
  if (c === null) return 0;
  if (typeof c === 'number') return String(c).length;
  if (isMoney(c)) return centsText(c.money).length;
  if (isInstant(c)) return 16;
  if (isDay(c)) return 10;
  return [...c].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
}

function columnWidths(table: Table, sample: Cell[][]): number[] {
  return table.headers.map((h, k) => {
    const fixed = table.widths?.[k];
    if (fixed !== undefined) return fixed;
    const longest = Math.max(cellWidth(h), ...sample.map((row) => cellWidth(row[k] ?? null)));
    return Math.min(60, Math.max(8, longest + 2));
  });
}

/** Writes one cell's value and number format (strings as inline strings: never formulas, no shared-strings table to hold). */
function setCell(cell: ExcelJS.Cell, c: Cell): void {
  if (c === null) return;
  if (typeof c === 'number') {
    if (Number.isFinite(c)) cell.value = c;
  } else if (typeof c === 'string') {
    if (c !== '') cell.value = { richText: [{ text: c }] };
  } else if (isMoney(c)) {
    cell.value = c.money / 100;
    cell.numFmt = FORMAT_MONEY;
  } else if (isInstant(c)) {
    const wall = shanghaiWallClock(c.instant);
    if (wall) {
      cell.value = wall;
      cell.numFmt = FORMAT_INSTANT;
    }
  } else {
    const d = new Date(`${c.day}T00:00:00.000Z`);
    if (Number.isNaN(d.getTime())) cell.value = { richText: [{ text: c.day }] };
    else {
      cell.value = d;
      cell.numFmt = FORMAT_DAY;
    }
  }
}

/**
 * The zip entry exceljs streams a worksheet's XML into (its StreamBuf pipes into a PassThrough
 * that archiver reads). Waiting on it keeps the XML not yet compressed under MAX_PENDING_BYTES:
 * without it, rows pile up in memory whenever the client reads slower than the database is read,
 * or the compression lags behind the rows. Found by
 * shape, not by type; when absent (another exceljs), only `out` paces the rows.
 */
function entryOf(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const entry = stream?.pipes?.[0];
  return entry && typeof (entry as Writable).write === 'function' && typeof (entry as Writable).once === 'function' ? (entry as Writable) : undefined;
}

/** An XLSX workbook of one sheet per table (Chinese headers in bold, header row frozen), streamed into `out`. */
export async function writeXlsx(tables: Table[], out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const used = new Set<string>();
  for (const [i, table] of tables.entries()) {
    let name = sheetNameOf(table.sheetName);
    if (used.has(name)) name = `${name.slice(0, 28)}(${i + 1})`;
    used.add(name);
    // A sheet is opened only once the one before is committed: archiver reads the entries in turn.
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
    const batches = batchesOf(table.rows);
    // The first rows, read ahead, set the column widths (the <cols> come before the rows).
    const ahead: Cell[][][] = [];
    let measured = 0;
    while (measured < MEASURED_ROWS) {
      const next = await batches.next();
      if (next.done) break;
      ahead.push(next.value);
      measured += next.value.length;
    }
    const widths = columnWidths(table, ahead.flat().slice(0, MEASURED_ROWS));
    sheet.columns = table.headers.map((_, k) => ({ width: widths[k] }));
    const header = sheet.addRow([]);
    table.headers.forEach((h, k) => {
      const cell = header.getCell(k + 1);
      cell.value = { richText: [{ text: h }] };
      cell.font = HEADER_FONT;
    });
    header.commit();
    const entry = entryOf(sheet);
    const writeBatch = async (batch: Cell[][]) => {
      for (let i = 0; i < batch.length; i++) {
        if (out.destroyed) throw new Aborted();
        const row = sheet.addRow([]);
        batch[i]!.forEach((c, k) => setCell(row.getCell(k + 1), c));
        row.commit();
        // The compression runs on libuv's threads; its callbacks need the event loop now and then.
        if (i % YIELD_ROWS === YIELD_ROWS - 1) await new Promise(setImmediate);
      }
      // Past a bound, wait until the XML written so far is compressed (the entry drained) and sent on (`out` drained).
      while (!out.destroyed && ((entry && bufferedOf(entry) > MAX_PENDING_BYTES) || needsDrain(out))) {
        const behind = entry && bufferedOf(entry) > MAX_PENDING_BYTES ? entry : undefined;
        // A full entry always awaits a drain; should one not (another stream version), poll rather than spin.
        if (behind && !needsDrain(behind)) await new Promise((resolve) => setTimeout(resolve, 5));
        else await (behind ? drained(behind, out) : drained(out));
      }
      if (out.destroyed) throw new Aborted();
    };
    for (const batch of ahead) await writeBatch(batch);
    ahead.length = 0;
    for await (const batch of { [Symbol.asyncIterator]: () => batches }) await writeBatch(batch);
    sheet.commit();
  }
  await workbook.commit();
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** RFC 6266 / 5987: an ASCII fallback name plus the UTF-8 name (Chinese allowed). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Writes a table (or XLSX sheets) in `format` into `out`, which it ends; rejects when reading the rows fails or `out` is cut off. */
export function writeExport(format: ExportFormat, table: Table | Table[], out: Writable): Promise<void> {
  const tables = Array.isArray(table) ? table : [table];
  return format === 'csv' ? writeCsv(tables[0]!, out) : writeXlsx(tables, out);
}

/** The table with its first batch already read (a failure there rejects here), the rest still to come. */
async function withFirstBatch(table: Table): Promise<Table> {
  if (Array.isArray(table.rows)) return table;
  const it = table.rows[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    ...table,
    rows: (async function* () {
      if (first.done) return;
      yield first.value;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    })(),
  };
}

/**
 * Sends a table as a download named `baseName` + the format's extension, streamed: the rows are
 * written as they are read (never cached: it holds personal figures). The first batch is read
 * before the headers go out, so a failure there (the database unreachable, a statement timeout)
 * is an ordinary error answer. A failure after the first bytes cannot be one any more: the
 * response is cut off (the browser sees a failed download, not a short file) and it is logged.
 */
export async function sendExport(reply: FastifyReply, format: ExportFormat, baseName: string, table: Table | Table[]): Promise<FastifyReply> {
  const [head, ...rest] = Array.isArray(table) ? table : [table];
  const tables = [await withFirstBatch(head!), ...rest];
  const body = new PassThrough();
  const fileName = `${baseName}.${format}`;
  writeExport(format, tables, body).catch((error: unknown) => {
    if (!(error instanceof Aborted)) reply.log.error({ err: error, fileName }, 'export failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
