// Exports benchmark: GET /tickets/export of a lead's team of 100,000 tickets (and a tenth as many
// of another team, skipped), as XLSX and CSV, on SQLite and (when configured) PostgreSQL.
//
//   npm run bench:exports                                  SQLite (+ PostgreSQL if BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
//   node --import tsx bench/exports/run.ts --tickets 100000 --dialects sqlite --slow-kbps 1024 --no-verify
//
// The server is a child process (server.ts) on 127.0.0.1, seeded by one process and served by a
// fresh one; this process downloads over HTTP, counting the bytes as they arrive (a file is written
// to a temporary directory only to check it afterwards: CSV lines counted, XLSX rows read back with
// exceljs's streaming reader). For each download it prints the time to the first byte and to the
// last, the size, and the server's peak memory during it (sampled every 20 ms; RSS without the
// file-backed pages, as SQLite maps its file: bench/exports/server.ts `ownMemory`) against before:
// the export streams, so the peak should not grow with the number of rows. A slow client (reading
// at --slow-kbps) shows the same with the network as the bottleneck, and a download cut off
// after 1 MB shows the server stops reading and keeps answering.
// A benchmark prints; it asserts nothing and always exits 0.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { ChildMessage, ParentMessage } from './server.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}

const TICKETS = Number(argValue('--tickets')) || 100_000;
const PG_URL = argValue('--pg') || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const DIALECTS = (argValue('--dialects') || 'sqlite,pg').split(',');
const SLOW_KBPS = Number(argValue('--slow-kbps')) || 2048;
const VERIFY = !process.argv.includes('--no-verify');
const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');

type Ready = Extract<ChildMessage, { type: 'ready' }>;
type Peak = Extract<ChildMessage, { type: 'peak' }>;

function request(child: ChildProcess, m: ParentMessage, answer: ChildMessage['type']): Promise<ChildMessage> {
  return new Promise((resolve) => {
    const on = (msg: ChildMessage) => {
      if (msg.type !== answer) return;
      child.off('message', on);
      resolve(msg);
    };
    child.on('message', on);
    child.send(m);
  });
}

function startChild(env: NodeJS.ProcessEnv): ChildProcess {
  return fork(SERVER, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

interface Download {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  file?: string;
  aborted?: boolean;
}

/** GET `url`, reading the body as it comes (at most `kbps` when given; cut off after `abortAfter` bytes when given). */
function download(port: number, url: string, token: string, o: { kbps?: number; abortAfter?: number; file?: string } = {}): Promise<Download> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let first = 0;
      let bytes = 0;
      const out = o.file ? fs.createWriteStream(o.file) : undefined;
      res.on('data', (chunk: Buffer) => {
        if (!first) first = performance.now() - t0;
        bytes += chunk.length;
        out?.write(chunk);
        if (o.abortAfter && bytes >= o.abortAfter) {
          req.destroy();
          out?.end();
          resolve({ status: res.statusCode ?? 0, firstByteMs: first, totalMs: performance.now() - t0, bytes, aborted: true });
          return;
        }
        if (o.kbps) {
          // Pause as long as these bytes take at that rate.
          res.pause();
          setTimeout(() => res.resume(), (chunk.length / (o.kbps * 1024)) * 1000);
        }
      });
      res.on('end', () => {
        const done = () => resolve({ status: res.statusCode ?? 0, firstByteMs: first, totalMs: performance.now() - t0, bytes, file: o.file });
        if (out) out.end(done);
        else done();
      });
      res.on('error', reject);
    });
    req.on('error', (err) => (o.abortAfter ? undefined : reject(err)));
  });
}

async function rowsOf(file: string, format: 'csv' | 'xlsx'): Promise<number> {
  if (format === 'csv') {
    let n = 0;
    for await (const chunk of fs.createReadStream(file)) for (const b of chunk as Buffer) if (b === 0x0a) n++;
    return n - 1;
  }
  let n = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) for await (const _row of sheet) n++;
  return n - 1;
}

interface Result {
  label: string;
  d: Download;
  before: number;
  peak: Peak;
  rows?: number;
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<{ dialect: string; seedMs: number; results: Result[]; idleRss: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-bench-'));
  const schema = dialect === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const withPg = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  if (schema) await withPg(`create schema ${schema}`);
  const env = {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: dialect === 'postgres' ? PG_URL! : `sqlite:${path.join(dataDir, 'app.db')}`,
    BENCH_DB_SCHEMA: schema ?? '',
    BENCH_TICKETS: String(TICKETS),
  };
  try {
    process.stdout.write(`${dialect}: seeding ${TICKETS.toLocaleString('en')} tickets of the measured team (+${Math.floor(TICKETS / 10).toLocaleString('en')} of another)… `);
    const seeder = startChild({ ...env, BENCH_PHASE: 'seed' });
    const code = await new Promise<number | null>((resolve) => seeder.on('exit', resolve));
    if (code !== 0) throw new Error(`seeding exited ${code}`);
    const child = startChild(env);
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m: ChildMessage) => (m.type === 'ready' ? resolve(m) : reject(new Error(m.type))));
      child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
    });
    console.log(`${(ready.ms / 1000).toFixed(1)} s`);
    try {
      const results: Result[] = [];
      const measure = async (label: string, url: string, token: string, o: { kbps?: number; abortAfter?: number; format?: 'csv' | 'xlsx' } = {}) => {
        const before = ((await request(child, { type: 'peak' }, 'peak')) as Peak).rss;
        await request(child, { type: 'mark' }, 'marked');
        const file = VERIFY && o.format && !o.abortAfter ? path.join(dataDir, `export.${o.format}`) : undefined;
        const d = await download(ready.port, url, token, { ...o, file });
        const peak = (await request(child, { type: 'peak' }, 'peak')) as Peak;
        const rows = file && o.format ? await rowsOf(file, o.format) : undefined;
        if (file) fs.rmSync(file, { force: true });
        results.push({ label, d, before, peak, rows });
        process.stdout.write('.');
      };
      // Warm-up: the list once (statements compiled, pools open).
      await download(ready.port, '/api/tickets?pageSize=20', ready.leadToken);
      const idleRss = ((await request(child, { type: 'peak' }, 'peak')) as Peak).rss;
      await measure('lead, team, xlsx', '/api/tickets/export?format=xlsx', ready.leadToken, { format: 'xlsx' });
      await measure('lead, team, csv', '/api/tickets/export?format=csv', ready.leadToken, { format: 'csv' });
      await measure('lead, team, xlsx, status 0 (filtered)', '/api/tickets/export?format=xlsx&status=0', ready.leadToken, { format: 'xlsx' });
      await measure(`lead, team, xlsx, client at ${SLOW_KBPS} KB/s`, '/api/tickets/export?format=xlsx', ready.leadToken, { format: 'xlsx', kbps: SLOW_KBPS });
      await measure('designer, own, xlsx', '/api/tickets/export?format=xlsx', ready.designerToken, { format: 'xlsx' });
      await measure('lead, xlsx, client gone after 1 MB', '/api/tickets/export?format=xlsx', ready.leadToken, { abortAfter: 1 << 20 });
      const after = await download(ready.port, '/api/tickets?pageSize=20', ready.leadToken);
      console.log(` (the list after the cut-off download: ${after.status})`);
      return { dialect, seedMs: ready.ms, results, idleRss };
    } finally {
      child.send({ type: 'stop' } satisfies ParentMessage);
      await new Promise((resolve) => child.on('exit', resolve));
    }
  } finally {
    if (schema) await withPg(`drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
}

async function main() {
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const runs = [];
  if (DIALECTS.includes('sqlite')) runs.push(await runOn('sqlite'));
  if (DIALECTS.includes('pg') && PG_URL) runs.push(await runOn('postgres'));
  else if (DIALECTS.includes('pg')) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL / TEST_DATABASE_URL or pass --pg <url>.');
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  for (const r of runs) {
    console.log(`\n${r.dialect}: GET /tickets/export, one download at a time (server memory when idle after warm-up: ${mb(r.idleRss)} MB, RSS without file-backed pages)\n`);
    table([
      ['download', 'status', 'rows', 'MB', 'first byte ms', 'total s', 'memory before MB', 'peak memory MB', 'peak − before MB'],
      ...r.results.map((x) => [
        x.label,
        String(x.d.status) + (x.d.aborted ? ' (cut)' : ''),
        x.rows === undefined ? '' : x.rows.toLocaleString('en'),
        mb(x.d.bytes),
        x.d.firstByteMs.toFixed(0),
        (x.d.totalMs / 1000).toFixed(2),
        mb(x.before),
        mb(x.peak.peakRss),
        mb(x.peak.peakRss - x.before),
      ]),
    ]);
    console.log(`  lifetime peak RSS of the serving process (mapped database pages included): ${mb(r.results.at(-1)!.peak.maxRss)} MB; seeded in ${(r.seedMs / 1000).toFixed(1)} s`);
  }
  const cpus = os.cpus();
  console.log('\nMachine');
  console.log(`  cpus      ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`);
  console.log(`  node      ${process.version}`);
  console.log(`  load avg  ${loadAtStart} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end (other work on the machine skews the figures)`);
}

main().catch((err: unknown) => {
  console.error('bench failed:', err);
  process.exitCode = 0;
});
