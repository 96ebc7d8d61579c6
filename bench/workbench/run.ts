// Workbench benchmark (issue #18): GET /api/workbench/home and GET /api/workbench/views at 50
// concurrent connections over the ticket bench's data (bench/tickets/seed.ts: 200,000 tickets,
// 2,000 designers; its 50 heavy designers hold ~2,000 tickets each).
//
//   node --import tsx bench/workbench/run.ts                       SQLite
//   node --import tsx bench/workbench/run.ts --pg postgres://postgres@127.0.0.1:5432/test
//   node --import tsx bench/workbench/run.ts --tickets 50000 --seconds 10
//
// The real app (buildApp) listens on 127.0.0.1 in this process over a fresh SQLite file or a
// throwaway PostgreSQL schema (dropped afterwards); the load comes from autocannon's command line
// in a child process (50 keep-alive connections, one request in flight on each), first for 3 s of
// warm-up (discarded), then for `--seconds`. The heavy designers' requests rotate over 10 of them;
// the lead's over the 10 team leads. Target (issue #18): the home's p99 < 30 ms.
// A benchmark prints; it asserts nothing and always exits 0.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/env.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { seedBench } from '../tickets/seed.js';

const run = promisify(execFile);

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}

const TICKETS = Number(argValue('--tickets')) || 200_000;
const SECONDS = Number(argValue('--seconds')) || 10;
const CONNECTIONS = 50;
const PG_URL = argValue('--pg') || process.env.BENCH_DATABASE_URL || undefined;
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run from the command line; its JSON summary. */
async function load(url: string, token: string, seconds: number): Promise<Figures> {
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, '-H', 'accept-encoding=gzip', url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function withPg<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function runOn(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-'));
  const schema = dialect === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  if (schema) await withPg((c) => c.query(`create schema ${schema}`));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: dataDir,
    DATABASE_URL: dialect === 'postgres' ? PG_URL! : `sqlite:${path.join(dataDir, 'app.db')}`,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SIMULATOR_RATE_PER_MIN: '0',
  });
  const app = await buildApp({ config, logger: false, dbSchema: schema });
  const rows: string[][] = [];
  try {
    await app.ready();
    process.stdout.write(`${dialect}: seeding ${TICKETS.toLocaleString('en')} tickets… `);
    const seed = await seedBench(app.db, app.dialect, TICKETS);
    console.log(`${seed.rows.toLocaleString('en')} rows in ${(seed.ms / 1000).toFixed(1)} s`);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const session = async (id: number) => (await createSession(app.db, id, 24, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const designer = await session(seed.heavy[0]!);
    const lead = await session(seed.leads[0]!);
    // Five saved views of My tickets for the designer, each counted on every GET.
    for (const [i, filters] of [{ status: '0' }, { stage: 'waiting' }, { overdue: '1' }, { status: '5' }, { markers: 'URGENT' }].entries()) {
      const res = await app.inject({ method: 'POST', url: '/api/workbench/views', headers: { authorization: `Bearer ${designer}` }, payload: { list: 'my-tickets', name: `视图${i}`, filters } });
      if (res.statusCode !== 200) throw new Error(`saving a view: ${res.statusCode} ${res.body}`);
    }
    const scenarios: [string, string, string][] = [
      ['GET /workbench/home (heavy designer)', '/api/workbench/home', designer],
      ['GET /workbench/home (team lead)', '/api/workbench/home', lead],
      ['GET /workbench/views?list=my-tickets (5 views)', '/api/workbench/views?list=my-tickets', designer],
      ['GET /tickets/panel-counts (for comparison)', '/api/tickets/panel-counts', designer],
    ];
    for (const [label, p, token] of scenarios) {
      await load(`${address}${p}`, token, 3);
      const f = await load(`${address}${p}`, token, SECONDS);
      rows.push([`${dialect} ${label}`, f.rps.toFixed(0), f.p50.toFixed(1), f.p99.toFixed(1), String(f.non2xx + f.errors)]);
      console.log(rows.at(-1)!.join('  '));
    }
  } finally {
    await app.close();
    if (schema) await withPg((c) => c.query(`drop schema if exists ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const rows = await runOn('sqlite');
  if (PG_URL) rows.push(...(await runOn('postgres')));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or pass --pg <url>.');
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s measured after 3 s of warm-up (target: home p99 < 30 ms)\n`);
  const header = ['call', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  for (const r of all) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  const cpus = os.cpus();
  console.log(`\nMachine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}, node ${process.version}`);
  console.log(`load avg ${loadAtStart} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end (other work on the machine skews the figures)`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 0;
});
