// Team-board benchmark: the board, daily detail, designer list and expense statements of one
// 50-designer team with 90 days of data, on SQLite and (when configured) PostgreSQL.
//
//   npm run bench:team-board                                SQLite (+ PostgreSQL if BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
//   node --import tsx bench/team-board/run.ts --pg postgres://postgres@127.0.0.1:5432/test
//   node --import tsx bench/team-board/run.ts --teams 4 --per-day 12 --runs 50
//
// The real app (buildApp) runs in this process on a fresh SQLite file or a throwaway PostgreSQL
// schema (dropped afterwards), seeded by bench/team-board/seed.ts: `--teams` teams of 50 designers
// (team 1 is measured; the others are data the queries must skip), `--per-day` tickets per designer
// per day over 90 days. Each call is made `--runs` times one after another through app.inject (the
// whole route: auth, validation, queries, serialisation; no network), after 3 warm-up calls, and
// the latency of one request is reported (target: board of a month < 300 ms), with the CPU time this
// process spent on it (the figure to read when other work shares the machine).
// A benchmark prints; it asserts nothing and always exits 0.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/env.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { DAYS, DESIGNERS_PER_TEAM, seedBoard } from './seed.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}

const TEAMS = Number(argValue('--teams')) || 3;
const PER_DAY = Number(argValue('--per-day')) || 12;
const RUNS = Number(argValue('--runs')) || 30;
const PG_URL = argValue('--pg') || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Scenario {
  key: string;
  label: string;
  url: (statement: string) => string;
  target?: number;
}

const today = shanghaiDay(Date.now());
const SCENARIOS: Scenario[] = [
  { key: 'board30', label: 'GET /team/board (30 days)', url: () => `/api/team/board?from=${addDays(today, -29)}&to=${today}`, target: 300 },
  { key: 'board92', label: 'GET /team/board (92 days)', url: () => `/api/team/board?from=${addDays(today, -91)}&to=${today}` },
  { key: 'daily30', label: 'GET /team/daily-detail (30 days)', url: () => `/api/team/daily-detail?from=${addDays(today, -29)}&to=${today}` },
  { key: 'designers', label: 'GET /team/designers (50 rows, 30-day figures)', url: () => '/api/team/designers?pageSize=50' },
  { key: 'expenses', label: 'GET /team/expenses', url: () => '/api/team/expenses', target: 300 },
  { key: 'expense', label: 'GET /team/expenses/{id} (50 members)', url: (s) => `/api/team/expenses/${s}`, target: 300 },
  { key: 'export', label: 'GET /team/expenses/{id}/export xlsx', url: (s) => `/api/team/expenses/${s}/export?format=xlsx` },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Run {
  dialect: string;
  seed: { rows: number; tickets: number; ms: number };
  results: Map<string, { p50: number; p99: number; max: number; cpu50: number; errors: number }>;
  totals: Record<string, unknown>;
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

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-board-bench-'));
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
  try {
    await app.ready();
    process.stdout.write(`${dialect}: seeding ${TEAMS} teams × ${DESIGNERS_PER_TEAM} designers × ${DAYS} days × ${PER_DAY} tickets… `);
    const seed = await seedBoard(app.db, app.dialect, TEAMS, PER_DAY);
    console.log(`${seed.rows.toLocaleString('en')} rows in ${(seed.ms / 1000).toFixed(1)} s`);
    const { token } = await createSession(app.db, seed.leadId, 24, { ip: '127.0.0.1', userAgent: 'bench' });
    const headers = { authorization: `Bearer ${token}` };
    const results: Run['results'] = new Map();
    for (const s of SCENARIOS) {
      const url = s.url(seed.statement);
      const latencies: number[] = [];
      const cpu: number[] = [];
      let errors = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url, headers });
        const c = process.cpuUsage(c0);
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) errors++;
        if (i >= 3) {
          latencies.push(ms);
          cpu.push((c.user + c.system) / 1000);
        }
      }
      latencies.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      results.set(s.key, { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1)!, cpu50: percentile(cpu, 50), errors });
    }
    const board = await app.inject({ method: 'GET', url: SCENARIOS[0]!.url(seed.statement), headers });
    const totals = (board.json() as { data: { totals: Record<string, unknown> } }).data.totals;
    return { dialect, seed, results, totals };
  } finally {
    await app.close();
    if (schema) await withPg((c) => c.query(`drop schema if exists ${schema} cascade`));
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
  const runs: Run[] = [await runOn('sqlite')];
  if (PG_URL) runs.push(await runOn('postgres'));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL / TEST_DATABASE_URL or pass --pg <url>.');

  const ms = (v: number) => v.toFixed(1);
  console.log(`\nLatency of one request, ms (${RUNS} runs each, sequential; team of ${DESIGNERS_PER_TEAM} designers, ${DAYS} days, ${PER_DAY} tickets/designer/day, ${TEAMS} teams in the database)`);
  console.log('cpu = CPU time of this process during the request (on PostgreSQL the database server works outside it); on a busy machine wall time ≫ cpu.\n');
  table([
    ['call', ...runs.flatMap((r) => [`${r.dialect} p50`, `${r.dialect} p99`, `${r.dialect} cpu p50`]), 'target'],
    ...SCENARIOS.map((s) => [
      s.label,
      ...runs.flatMap((r) => {
        const x = r.results.get(s.key)!;
        return [ms(x.p50), `${ms(x.p99)}${x.errors ? ` (${x.errors} errors)` : ''}`, ms(x.cpu50)];
      }),
      s.target ? `< ${s.target}` : '',
    ]),
  ]);
  console.log('\nData');
  for (const r of runs) console.log(`  ${r.dialect.padEnd(9)} ${r.seed.tickets.toLocaleString('en')} tickets, ${r.seed.rows.toLocaleString('en')} rows, seeded in ${(r.seed.ms / 1000).toFixed(1)} s`);
  console.log('\nBoard totals of the measured team, last 30 days (each database is seeded relative to its own start, so a few tickets at the window edges differ)');
  const keys = Object.keys(runs[0]!.totals);
  table([['figure', ...runs.map((r) => r.dialect)], ...keys.map((k) => [k, ...runs.map((r) => String(r.totals[k]))])]);
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
