// Template library benchmark (issue #17): search-as-you-type over 20,000 templates over real HTTP.
//
//   npm run bench:templates                                       SQLite (+ PostgreSQL if BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
//   node --import tsx bench/templates/run.ts --pg postgres://postgres@127.0.0.1:5432/test
//   node --import tsx bench/templates/run.ts --duration 10 --templates 20000 --concurrency 50 --dialects sqlite
//   node --import tsx bench/templates/run.ts --server-root /work/main     the same bench against another checkout's server
//
// For each database the real app (buildApp) runs in a child process (bench/templates/server.ts) on
// a fresh SQLite file or a throwaway PostgreSQL schema (dropped afterwards), seeded by seed.ts:
// 20,000 templates, ~70% of them in team 1 (50 designers), the rest in three other teams. This
// process drives it with autocannon: `--concurrency` keep-alive connections, one request in flight
// on each, each request's path and token chosen in turn; latency is a request's write to its last
// byte, measured for `--duration` seconds after every connection has had an answer plus a warm-up.
//
// What is asked: GET /api/templates?q=… (the list's search parameter) with what people type — a
// title typed character by character (1, 2, 3… characters), a tag, a partial word from inside a
// title, two words, and words that match nothing — as team 1's members (10 signed in, in turn) and
// as its lead (who also sees the team's private templates); the plain first page and a category
// filter; and the same split by query length. `pageSize=24` (a grid). One more scenario paces the
// searches (`--typing-rate`, default 4 a second per person: `--concurrency` people typing, each on
// a connection of their own, not in step; `pacedLoad`) instead of sending them back to back; its
// latencies run from when each search was due. Before the load, each search
// class's match counts are printed, and a digest of the first pages (ids and totals) of 300 fixed
// searches per role: equal digests mean equal results in equal order (compare runs, databases,
// before/after a change). A benchmark prints; it asserts nothing and always exits 0.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ServerReady } from './server.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}

const DURATION_S = Number(argValue('--duration')) || 5;
const WARMUP_S = Number(argValue('--warmup')) || 2;
const CONCURRENCY = Number(argValue('--concurrency')) || 50;
const TEMPLATES = Number(argValue('--templates')) || 20_000;
const PAGE_SIZE = 24;
/** The paced scenario: each connection sends this many searches a second (a person typing), not one after another. */
const TYPING_RATE = Number(argValue('--typing-rate')) || 4;
const DIALECTS = (argValue('--dialects') ?? 'sqlite,pg').split(',');
/** `--scenarios search,searchLead,…`: only these (in this order). */
const ONLY = argValue('--scenarios')?.split(',').filter(Boolean);
const SERVER_ROOT = argValue('--server-root') || undefined;
const pgArg = argValue('--pg');
const PG_URL = pgArg || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Words nobody's title or tag holds (what a typo or another library's word gives). */
const NO_MATCH = ['火箭发射', '量子计算', '潜水艇', '区块链', '恐龙化石', 'xyz', '拖拉机配件', '太空站'];

type Rand = () => number;
function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const prefixes = (word: string, max = 6) => Array.from({ length: Math.min(max, [...word].length) }, (_, i) => [...word].slice(0, i + 1).join(''));

/**
 * Search words by class, from the seeded titles and tags. `typing` is what a search box sends as
 * people type: the prefixes of a title, of a tag, of a word inside a title, of two words, of a word
 * that matches nothing, in that mix.
 */
function searchWords(samples: ServerReady['samples'], seed = 7) {
  const rand = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const inside = (title: string, len: number) => {
    const chars = [...title];
    const from = Math.floor(rand() * Math.max(1, chars.length - len));
    return chars.slice(from, from + len).join('');
  };
  const one: string[] = [];
  const two: string[] = [];
  const more: string[] = [];
  const typing: string[] = [];
  for (let i = 0; i < 400; i++) {
    const s = pick(samples);
    one.push(inside(s.title, 1));
    two.push(rand() < 0.5 ? inside(s.title, 2) : [...pick(s.tags)].slice(0, 2).join(''));
    more.push(rand() < 0.5 ? [...s.title].slice(0, 3 + Math.floor(rand() * 4)).join('') : inside(s.title, 3 + Math.floor(rand() * 2)));
    const r = rand();
    if (r < 0.45) typing.push(...prefixes(s.title));
    else if (r < 0.65) typing.push(...prefixes(pick(s.tags)));
    else if (r < 0.8) typing.push(...prefixes(inside(s.title, 4)));
    else if (r < 0.9) typing.push(...prefixes(pick(s.tags)).map((p) => `${s.title.slice(0, 2)} ${p}`));
    else typing.push(...prefixes(pick(NO_MATCH)));
  }
  const none = NO_MATCH.flatMap((w) => prefixes(w).slice(1));
  return { one, two, more, none, typing };
}

interface Result {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Map<number, number>;
  clientCpu: number;
  /** Every answer of the scenario, warm-up included (what the server's CPU time is divided by). */
  answers: number;
  /** The server process's CPU time per answer, ms (on PostgreSQL the database's own work is outside it). */
  serverCpu?: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A scenario's figures from its measured latencies (sorted here) and this process's CPU meanwhile. */
function result(latencies: number[], errors: number, seconds: number, statuses: Map<number, number>, cpu: NodeJS.CpuUsage, answers: number): Result {
  latencies.sort((x, y) => x - y);
  return {
    requests: latencies.length,
    errors,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    clientCpu: (cpu.user + cpu.system) / 1e4 / seconds,
    answers,
  };
}

/** GET load with autocannon (as bench/tickets/run.ts): the steady state after every connection has had an answer plus WARMUP_S. */
async function readLoad(base: string, seconds: number, next: () => { path: string; token?: string }): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const answered = new Set<unknown>();
  let measureFrom = Number.POSITIVE_INFINITY;
  let measureTo = Number.POSITIVE_INFINITY;
  let cpu0 = process.cpuUsage();
  let errors = 0;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const instance = autocannon(
    {
      url: base,
      connections: CONCURRENCY,
      duration: 3_600,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const { path: p, token } = next();
            const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
            if (token) headers.authorization = `Bearer ${token}`;
            return { ...req, path: p, headers };
          },
        },
      ],
    },
    () => finished(),
  );
  let answers = 0;
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    answers++;
    const now = performance.now();
    if (answered.size < CONCURRENCY) {
      answered.add(client);
      if (answered.size === CONCURRENCY) {
        measureFrom = now + WARMUP_S * 1000;
        measureTo = measureFrom + seconds * 1000;
      }
      return;
    }
    if (now - responseTime < measureFrom) return;
    if (now >= measureTo) {
      instance.stop();
      return;
    }
    if (!latencies.length) cpu0 = process.cpuUsage();
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (statusCode !== 200) errors++;
  });
  instance.on('reqError', () => {
    if (performance.now() < measureFrom) return;
    errors++;
    statuses.set(0, (statuses.get(0) ?? 0) + 1);
  });
  const guard = setTimeout(() => instance.stop(), (60 + seconds) * 1000);
  await done;
  clearTimeout(guard);
  return result(latencies, errors, seconds, statuses, process.cpuUsage(cpu0), answers);
}

/**
 * Paced load: CONCURRENCY people typing, each on a keep-alive connection of their own, sending a
 * search every 1/rate s, each person starting at a random moment of the first interval (people
 * do not type in step). A request's latency runs from when it was due, not from when it went out:
 * one that waits for its connection's previous answer counts that wait (no coordinated omission).
 * autocannon's `connectionRate` sends each connection's requests of a second back to back at the
 * second's start, all connections in step: bursts of CONCURRENCY × rate requests, not typing.
 */
async function pacedLoad(base: string, seconds: number, next: () => { path: string; token?: string }, rate: number): Promise<Result> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let answers = 0;
  const get = (p: string, token?: string) =>
    new Promise<number>((resolve) => {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
      if (token) headers.authorization = `Bearer ${token}`;
      const req = http.get({ host: url.hostname, port: url.port, path: p, agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const interval = 1000 / rate;
  const t0 = performance.now();
  const measureFrom = t0 + WARMUP_S * 1000;
  const measureTo = measureFrom + seconds * 1000;
  let cpu0 = process.cpuUsage();
  let cpuStarted = false;
  const person = async (phase: number) => {
    for (let due = t0 + phase; due < measureTo; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { path: p, token } = next();
      const status = await get(p, token);
      answers++;
      if (due < measureFrom) continue;
      if (!cpuStarted) {
        cpuStarted = true;
        cpu0 = process.cpuUsage();
      }
      latencies.push(performance.now() - due);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => person(Math.random() * interval)));
  agent.destroy();
  return result(latencies, errors, seconds, statuses, process.cpuUsage(cpu0), answers);
}

interface Scenario {
  key: string;
  label: string;
  target?: string;
}

const SCENARIOS: Scenario[] = [
  { key: 'bare', label: 'bare Fastify JSON route (GET /bare)' },
  { key: 'search', label: 'search as you type, member', target: 'p99 < 30 ms' },
  { key: 'searchLead', label: 'search as you type, lead', target: 'p99 < 30 ms' },
  { key: 'searchPaced', label: `search as you type, member, paced: ${TYPING_RATE} keys/s per connection` },
  { key: 'search1', label: 'search, 1 character, member' },
  { key: 'search2', label: 'search, 2 characters, member' },
  { key: 'search3', label: 'search, 3-6 characters, member' },
  { key: 'searchNone', label: 'search, no match, member' },
  { key: 'list', label: 'plain list page 1, member' },
  { key: 'listLead', label: 'plain list page 1, lead' },
  { key: 'category', label: 'category=名片 page 1, member' },
  { key: 'categorySearch', label: 'category=名片 + search as you type, member' },
];

const listPath = (params: Record<string, string>) => `/api/templates?${new URLSearchParams({ ...params, pageSize: String(PAGE_SIZE) }).toString()}`;

interface DialectRun {
  dialect: string;
  ready: ServerReady;
  results: Map<string, Result>;
  digests: { member: string; lead: string };
  counts: Map<string, number[]>;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const execArgv = ['--import', 'tsx'];
  const seeder = fork(path.join(here, 'server.ts'), [], { execArgv, env: { ...process.env, ...env, BENCH_PHASE: 'seed' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const seededCode = await new Promise<number | null>((resolve) => seeder.once('exit', resolve));
  if (seededCode !== 0) throw new Error(`seeding the bench database exited with ${seededCode}`);
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: [...execArgv, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface Page {
  data: { items: { template_id: number }[]; total: number };
}

/** First pages of fixed searches, one after another: the digest of their ids and totals, and each class's totals. */
async function checkResults(ready: ServerReady, words: ReturnType<typeof searchWords>) {
  const base = `http://127.0.0.1:${ready.port}`;
  const get = async (p: string, token: string) => {
    const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as Page).data;
  };
  const fixed = [...words.typing.slice(0, 200), ...words.one.slice(0, 40), ...words.two.slice(0, 40), ...words.more.slice(0, 20)];
  const digest = async (token: string) => {
    const h = createHash('sha256');
    for (const q of fixed) {
      const d = await get(listPath({ q }), token);
      h.update(`${q}\t${d.total}\t${d.items.map((i) => i.template_id).join(',')}\n`);
    }
    for (const extra of [listPath({}), listPath({ category: '名片' }), listPath({ sort: 'most_used' }), listPath({ q: '名片', page: '3' })]) {
      const d = await get(extra, token);
      h.update(`${extra}\t${d.total}\t${d.items.map((i) => i.template_id).join(',')}\n`);
    }
    return h.digest('hex').slice(0, 16);
  };
  const counts = new Map<string, number[]>();
  for (const [cls, list] of Object.entries({ one: words.one, two: words.two, more: words.more, none: words.none, typing: words.typing })) {
    const totals = [];
    for (const q of list.slice(0, 40)) totals.push((await get(listPath({ q }), ready.memberTokens[0]!)).total);
    counts.set(cls, totals.sort((a, b) => a - b));
  }
  return { digests: { member: await digest(ready.memberTokens[0]!), lead: await digest(ready.leadToken) }, counts };
}

/** The server child's CPU time so far, µs. */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { type: string; micros?: number }) => {
      if (m.type !== 'cpu') return;
      child.off('message', on);
      resolve(m.micros!);
    };
    child.on('message', on);
    child.send({ type: 'cpu' });
  });
}

async function runScenarios(ready: ServerReady, child: ChildProcess): Promise<Map<string, Result>> {
  const base = `http://127.0.0.1:${ready.port}`;
  const words = searchWords(ready.samples);
  const member = (i: number) => ready.memberTokens[(i * 7) % ready.memberTokens.length]!;
  const cycle = (list: string[], token: (i: number) => string, extra: Record<string, string> = {}) => (i: number) => ({
    path: listPath({ ...extra, q: list[i % list.length]! }),
    token: token(i),
  });
  const reads: Record<string, { base: string; next: (i: number) => { path: string; token?: string }; rate?: number }> = {
    bare: { base: `http://127.0.0.1:${ready.barePort}`, next: () => ({ path: '/bare' }) },
    search: { base, next: cycle(words.typing, member) },
    searchLead: { base, next: cycle(words.typing, () => ready.leadToken) },
    searchPaced: { base, next: cycle(words.typing, member), rate: TYPING_RATE },
    search1: { base, next: cycle(words.one, member) },
    search2: { base, next: cycle(words.two, member) },
    search3: { base, next: cycle(words.more, member) },
    searchNone: { base, next: cycle(words.none, member) },
    list: { base, next: (i) => ({ path: listPath({}), token: member(i) }) },
    listLead: { base, next: () => ({ path: listPath({}), token: ready.leadToken }) },
    category: { base, next: (i) => ({ path: listPath({ category: '名片' }), token: member(i) }) },
    categorySearch: { base, next: cycle(words.typing, member, { category: '名片' }) },
  };
  const results = new Map<string, Result>();
  for (const key of ONLY ?? SCENARIOS.map((s) => s.key)) {
    const read = reads[key];
    if (!read) continue;
    let i = 0;
    const cpu0 = await serverCpu(child);
    const r = read.rate ? await pacedLoad(read.base, DURATION_S, () => read.next(i++), read.rate) : await readLoad(read.base, DURATION_S, () => read.next(i++));
    if (key !== 'bare') r.serverCpu = ((await serverCpu(child)) - cpu0) / 1000 / r.answers;
    results.set(key, r);
    process.stdout.write('.');
  }
  return results;
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
}

function printResults(runs: DialectRun[]) {
  const header = ['scenario', 'target'];
  for (const r of runs) header.push(`${r.dialect} req/s`, 'p50', 'p95', 'p99 ms', 'cpu ms');
  const rows = [header];
  for (const s of SCENARIOS) {
    if (!runs.some((r) => r.results.has(s.key))) continue;
    const row = [s.label, s.target ?? ''];
    for (const r of runs) {
      const x = r.results.get(s.key);
      if (!x) {
        row.push('-', '-', '-', '-', '-');
        continue;
      }
      row.push(
        (x.requests / x.seconds).toFixed(0),
        x.p50.toFixed(1),
        x.p95.toFixed(1),
        `${x.p99.toFixed(1)}${x.errors ? ` (${x.errors} errors)` : ''}`,
        x.serverCpu === undefined ? '' : x.serverCpu.toFixed(2),
      );
    }
    rows.push(row);
  }
  table(rows);
  console.log(
    '\ncpu ms = CPU time of the server process per answer (warm-up included): the figure to compare when other work shares the machine.\n' +
      'On PostgreSQL the database server works outside it.',
  );
  console.log('\nTargets (search as you type, p99 < 30 ms at 50 concurrent)');
  for (const r of runs) {
    const parts = ['search', 'searchLead'].flatMap((k) => {
      const x = r.results.get(k);
      return x ? [`${k === 'search' ? 'member' : 'lead'} p99 ${x.p99.toFixed(1)} ms (${x.p99 < 30 ? 'met' : 'NOT met'})`] : [];
    });
    if (parts.length) console.log(`  ${r.dialect.padEnd(10)} ${parts.join('; ')}`);
  }
  for (const r of runs) {
    const cpus = [...r.results.values()].map((x) => x.clientCpu);
    if (cpus.length) console.log(`  ${r.dialect}: the load generator (autocannon) used ${Math.min(...cpus).toFixed(0)}–${Math.max(...cpus).toFixed(0)}% of one core.`);
    for (const [key, x] of r.results) {
      if (x.errors) console.log(`  ${r.dialect} ${key}: ${[...x.statuses].map(([s, n]) => `${s === 0 ? 'network error' : s}: ${n}`).join(', ')}`);
    }
  }
  console.log('\nMatches per search (member of team 1; 40 words per class: min / median / max of the total)');
  const classes = ['one', 'two', 'more', 'none', 'typing'];
  table([
    ['class', ...runs.map((r) => r.dialect)],
    ...classes.map((c) => [
      c,
      ...runs.map((r) => {
        const t = r.counts.get(c) ?? [];
        return t.length ? `${t[0]} / ${t[Math.floor(t.length / 2)]} / ${t.at(-1)}` : '-';
      }),
    ]),
  ]);
  console.log('\nResult digests (ids and totals of 304 first pages per role; equal = same results in the same order)');
  for (const r of runs) console.log(`  ${r.dialect.padEnd(10)} member ${r.digests.member}  lead ${r.digests.lead}`);
}

const LOAD_AT_START = os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function main() {
  if (pgArg === '' && !process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    console.error('--pg needs a URL (or set BENCH_DATABASE_URL / TEST_DATABASE_URL)');
    return;
  }
  console.log(
    `Template benchmark: ${TEMPLATES.toLocaleString('en')} templates (~70% in the measured team of 50); ${CONCURRENCY} concurrent keep-alive connections; ` +
      `${DURATION_S} s per scenario after ${WARMUP_S} s warm-up; pageSize ${PAGE_SIZE}.` +
      (SERVER_ROOT ? `\nServer code: ${path.resolve(SERVER_ROOT)}` : '') +
      '\n',
  );
  const dialects: { name: string; setup: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> }[] = [];
  const common = { BENCH_TEMPLATES: String(TEMPLATES), ...(SERVER_ROOT ? { BENCH_SERVER_ROOT: SERVER_ROOT } : {}) };
  if (DIALECTS.includes('sqlite')) {
    dialects.push({
      name: 'SQLite',
      setup: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-templates-'));
        return {
          env: { ...common, BENCH_DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`, BENCH_DATA_DIR: dir },
          cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
        };
      },
    });
  }
  if (PG_URL && DIALECTS.includes('pg')) {
    dialects.push({
      name: 'PostgreSQL',
      setup: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-templates-'));
        const schema = `bench_${randomBytes(6).toString('hex')}`;
        await withPg(PG_URL, (c) => c.query(`create schema ${schema}`));
        return {
          env: { ...common, BENCH_DATABASE_URL: PG_URL, BENCH_DB_SCHEMA: schema, BENCH_DATA_DIR: dir },
          cleanup: async () => {
            await withPg(PG_URL, (c) => c.query(`drop schema if exists ${schema} cascade`));
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    });
  } else if (DIALECTS.includes('pg')) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL / TEST_DATABASE_URL or pass --pg <url>.\n');
  }

  let cleanupCurrent: (() => Promise<void>) | undefined;
  let childCurrent: ChildProcess | undefined;
  const onSignal = () => {
    childCurrent?.kill('SIGKILL');
    void (cleanupCurrent?.() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const runs: DialectRun[] = [];
  for (const d of dialects) {
    const { env, cleanup } = await d.setup();
    cleanupCurrent = cleanup;
    try {
      process.stdout.write(`${d.name}: seeding… `);
      const { child, ready } = await startServer(env);
      childCurrent = child;
      console.log(`${ready.seed.rows.toLocaleString('en')} rows in ${(ready.seed.ms / 1000).toFixed(1)} s`);
      try {
        process.stdout.write(`${d.name}: checking results… `);
        const checked = await checkResults(ready, searchWords(ready.samples));
        process.stdout.write(`measuring `);
        const results = await runScenarios(ready, child);
        runs.push({ dialect: d.name, ready, results, ...checked });
        process.stdout.write(` load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
      } finally {
        await stopServer(child);
        childCurrent = undefined;
      }
    } finally {
      await cleanup();
      cleanupCurrent = undefined;
    }
  }
  console.log('');
  printResults(runs);
  const cpus = os.cpus();
  console.log('\nMachine');
  console.log(`  cpus      ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`);
  console.log(`  memory    ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`);
  console.log(`  node      ${process.version}`);
  console.log(`  date      ${new Date().toISOString()}`);
  console.log(`  load avg  ${LOAD_AT_START} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end (1/5/15 min; other work on the machine skews the figures)`);
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
});
