// Ticket benchmark: my-tickets list, detail, panel counts and order ingestion over real HTTP.
//
//   npm run bench:tickets                                   SQLite (+ PostgreSQL if TEST_DATABASE_URL is set)
//   node --import tsx bench/tickets/run.ts --pg postgres://postgres@127.0.0.1:5432/test
//   node --import tsx bench/tickets/run.ts --duration 10 --tickets 200000 --orders 10000 --concurrency 50
//
// For each database the real app (buildApp) runs in a child process (bench/tickets/server.ts) on a
// fresh SQLite file or a throwaway PostgreSQL schema (dropped afterwards), seeded with 200,000
// tickets and 2,000 designers (bench/tickets/seed.ts). This process drives it with fetch
// from this process, so client and server do not share an event loop. Reads are driven by
// autocannon (`--concurrency` keep-alive connections, one request in flight on each): it costs the
// machine a fraction of what fetch does per request, which matters when client and server share 2
// cores. Ingestion is driven by fetch loops (it reads each answer). The same child serves a bare
// Fastify JSON route: the ratio shows what the ticket calls cost on top of HTTP + Fastify on this
// machine. A benchmark prints; it asserts nothing and always exits 0.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CLK_TCK, machineTicks, ticksOfName } from '../lib/proc-cpu.js';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ParentMessage, ServerReady, WorkersMessage } from './server.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}

const DURATION_S = Number(argValue('--duration')) || 5;
/**
 * Warm-up per read scenario, once every connection has had an answer. Freshly forked workers run
 * cold (JIT, statement caches): one second left the first scenario on a pool ~30% slower.
 */
const WARMUP_S = Number(argValue('--warmup')) || 3;
const CONCURRENCY = Number(argValue('--concurrency')) || 50;
const TICKETS = Number(argValue('--tickets')) || 200_000;
const ORDERS = Number(argValue('--orders')) || 10_000;
/** Batch ingestion: orders per POST /api/integration/orders/batch and how many batches are in flight. */
const BATCH_SIZE = Number(argValue('--batch-size')) || 100;
const BATCH_CONCURRENCY = Number(argValue('--batch-concurrency')) || 4;
const pgArg = argValue('--pg');
/**
 * `--workers 2` (default) or `--workers 2,4`: the reads run again against the production worker pool
 * (API_WORKERS) of that many processes on the same database; `--workers 0` skips it. Workers need
 * an external broker: `--mqtt <url>`, else MQTT_URL / TEST_MQTT_URL, else a broker on 127.0.0.1:1883.
 */
const WORKER_COUNTS = (argValue('--workers') ?? '2')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 1);
const mqttArg = argValue('--mqtt');
/** `--dialects pg` or `--dialects sqlite`: run only these databases (default both, PostgreSQL when a URL is known). */
const DIALECTS = (argValue('--dialects') ?? 'sqlite,pg').split(',');
/** `--scenarios list1,list50,…`: run only these (in this order); for investigations. */
const ONLY = argValue('--scenarios')?.split(',').filter(Boolean);
/** `--identity`: ask for uncompressed responses (default: fetch's gzip/deflate/br, like a browser). */
const IDENTITY = process.argv.includes('--identity');
const PG_URL = pgArg || process.env.TEST_DATABASE_URL || undefined;
/**
 * `--data <dir>`: SQLite in this directory, kept afterwards; seeded only when it holds no
 * `seeded.json` yet (for repeated measurements of the reads: seeding takes about a minute). A
 * reused database carries the previous runs' ingested orders: reads only (`--scenarios`).
 */
const DATA_DIR = argValue('--data') || undefined;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  /** CPU the load generator itself used, in % of one core (reads and single-order ingestion). */
  clientCpu?: number;
  /**
   * CPU the server process used per answered request over the whole scenario, warm-up included,
   * in ms (reads on one process only). Unlike latency, it hardly moves with other work on the
   * machine: the figure to compare between runs on a busy machine.
   */
  serverCpuMs?: number;
  /** Every answer of the scenario, warm-up included. */
  answers?: number;
  /** Single-order ingestion: the commits the server made for the scenario's calls (group commit), and its largest group. */
  commits?: { calls: number; commits: number; largest: number };
  /**
   * Single-order ingestion: how busy the whole machine was (cores' worth), and the CPU per order
   * of this machine's PostgreSQL processes (when the database is local; SQLite runs inside the
   * server). With the server's and the client's share, where the machine's cores went.
   */
  machine?: { busyCores: number; cpuMs: number; databaseCpuMs?: number };
}

/** `concurrency` loops calling `fn` until `seconds` pass (or `total` calls are made). */
async function load(name: string, seconds: number, fn: (worker: number, i: number) => Promise<number>, total?: number, concurrency = CONCURRENCY): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (total !== undefined ? i >= total : performance.now() >= deadline) return;
        const t0 = performance.now();
        const status = await fn(worker, i).catch(() => 0);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return { name, requests: latencies.length, errors, seconds: elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

/**
 * GET load with autocannon: `CONCURRENCY` keep-alive connections, one request in flight on each,
 * each request's path and token from `next()`. Measures the steady state, as browsers holding their
 * connections see it: the clock starts once every connection has had an answer plus `WARMUP_S`
 * (on a saturated server, accepting 50 new connections takes a while, and a connection's first
 * request waits for that), then runs for `seconds`. Latency: the request's write to its last byte.
 */
async function readLoad(name: string, base: string, seconds: number, next: () => { path: string; token?: string }): Promise<Result> {
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
  // With a callback autocannon hands back the running instance (its events, stop()).
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
            const headers: Record<string, string> = { 'accept-encoding': IDENTITY ? 'identity' : 'gzip, deflate, br' };
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
  // A server that never answers some connection would keep the warm-up open forever.
  const guard = setTimeout(() => instance.stop(), (60 + seconds) * 1000);
  await done;
  clearTimeout(guard);
  return { ...autocannonResult(name, latencies, statuses, errors, seconds, process.cpuUsage(cpu0)), answers };
}

/** A Result from what an autocannon run saw; the load generator's CPU as a share of one core. */
function autocannonResult(name: string, latencies: number[], statuses: Map<number, number>, errors: number, seconds: number, cpu: NodeJS.CpuUsage): Result {
  latencies.sort((x, y) => x - y);
  return {
    name,
    requests: latencies.length,
    errors,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    clientCpu: (cpu.user + cpu.system) / 1e4 / seconds,
  };
}

/**
 * Single-order ingestion driven by autocannon: `total` POSTs over CONCURRENCY keep-alive
 * connections, one in flight on each (closed loop, like the reads). A fetch loop cost this
 * process ~0.6 ms of CPU per order, which on 2 cores took most of the core the server's own
 * threads (its WAL checkpointer among them) would otherwise use; autocannon costs a fraction of
 * that. Every answer counts, from the first call to the last (the clock of the whole run).
 */
async function postLoad(
  name: string,
  url: string,
  headers: Record<string, string>,
  total: number,
  body: (i: number) => unknown,
  onBody: (text: string) => void,
): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let i = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const instance = autocannon(
    {
      url,
      connections: CONCURRENCY,
      amount: total,
      duration: 3_600,
      requests: [
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(body(i++)) }),
          onResponse: (_status, text) => onBody(text),
        },
      ],
    },
    () => finished(),
  );
  // autocannon reports the end of an `amount` run at its next one-second tick: the clock stops
  // at the last answer instead (or every figure would be 10,000 orders over a whole number of seconds).
  let lastAnswer = started;
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    lastAnswer = performance.now();
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (statusCode !== 200) errors++;
  });
  instance.on('reqError', () => {
    errors++;
    statuses.set(0, (statuses.get(0) ?? 0) + 1);
  });
  await done;
  return autocannonResult(name, latencies, statuses, errors, (lastAnswer - started) / 1000, process.cpuUsage(cpu0));
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The scenarios that only read (the ones a worker pool runs). */
const READ_KEYS = ['list1', 'list50', 'listKw', 'kw2', 'kw3', 'orderNo', 'leadKw', 'detail', 'counts', 'leadList', 'home', 'leadHome'];

/** Two-character parts of the words heading the titles (seed.ts TITLE_WORDS: each in 1 of 20 titles). */
const SHORT_WORDS = ['名片', '海报', '菜单', '招牌', '贴纸', '台历'];

interface Scenario {
  key: string;
  label: string;
  target?: string;
}

const SCENARIOS: Scenario[] = [
  { key: 'bare', label: 'bare Fastify JSON route (GET /bare)' },
  { key: 'list1', label: 'GET /api/tickets?status=0 page 1', target: 'p99 < 50 ms' },
  { key: 'list50', label: 'GET /api/tickets?status=0 page 50', target: 'p99 < 50 ms' },
  { key: 'listKw', label: 'GET /api/tickets keyword+markers' },
  { key: 'kw2', label: 'search: 2-character Chinese word', target: 'p99 < 30 ms' },
  { key: 'kw3', label: 'search: 客户N (3–5 characters)', target: 'p99 < 30 ms' },
  { key: 'orderNo', label: 'search: order number, whole or prefix', target: 'p99 < 30 ms' },
  { key: 'leadKw', label: 'search: lead, team, 客户N', target: 'p99 < 30 ms' },
  { key: 'detail', label: 'GET /api/tickets/{id}' },
  { key: 'counts', label: 'GET /api/tickets/panel-counts' },
  { key: 'leadList', label: 'GET /api/tickets (lead, team) page 1' },
  { key: 'home', label: 'GET /api/workbench/home (heavy designer)', target: 'p99 < 30 ms' },
  { key: 'leadHome', label: 'GET /api/workbench/home (team lead)', target: 'p99 < 30 ms' },
  { key: 'ingest', label: `POST /api/integration/orders ×${ORDERS.toLocaleString('en')}`, target: '≥ 2,000 orders/s' },
  {
    key: 'ingestBatch',
    label: `POST …/orders/batch ×${ORDERS.toLocaleString('en')} (${BATCH_SIZE}/call, ${BATCH_CONCURRENCY} in flight; req/s = orders/s)`,
    target: '≥ 1,000 orders/s',
  },
];

interface DialectRun {
  dialect: string;
  ready: ServerReady;
  results: Map<string, Result>;
  assigned: Record<string, number>;
}

/** Seeds the database in a process of its own (server.ts, BENCH_PHASE=seed), then starts a fresh one to serve. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: ServerReady }> {
  if (env.BENCH_DATA_DIR && fs.existsSync(path.join(env.BENCH_DATA_DIR, 'seeded.json'))) return serve(env);
  const seeder = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_PHASE: 'seed' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const seeded = await new Promise<number | null>((resolve) => seeder.once('exit', resolve));
  if (seeded !== 0) throw new Error(`seeding the bench database exited with ${seeded}`);
  return serve(env);
}

async function serve(env: Record<string, string>): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(path.join(here, 'server.ts'), [], {
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (NODE_OPTIONS may not carry --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

/** Asks the bench child to start the worker pool; resolves with its port. */
async function startWorkers(child: ChildProcess, count: number, mqttUrl: string): Promise<number> {
  const answer = new Promise<WorkersMessage>((resolve) => {
    const on = (m: WorkersMessage) => {
      if (m.type === 'workers-ready' || m.type === 'workers-failed') {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
  });
  child.send({ type: 'workers', count, mqttUrl } satisfies ParentMessage);
  const m = await answer;
  if (m.type !== 'workers-ready') throw new Error(`the worker pool did not start: ${m.type === 'workers-failed' ? m.error : m.type}`);
  return m.port;
}

/** The bench child's CPU so far (µs). */
async function serverCpu(child: ChildProcess): Promise<number> {
  return (await serverUsage(child)).micros;
}

/** The bench child's CPU so far (µs) and its ingestion counters. */
async function serverUsage(child: ChildProcess): Promise<Extract<WorkersMessage, { type: 'cpu' }>> {
  const answer = new Promise<Extract<WorkersMessage, { type: 'cpu' }>>((resolve) => {
    const on = (m: WorkersMessage) => {
      if (m.type !== 'cpu') return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
  });
  child.send({ type: 'cpu' } satisfies ParentMessage);
  return answer;
}

async function stopWorkers(child: ChildProcess): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    const on = (m: WorkersMessage) => {
      if (m.type !== 'workers-stopped') return;
      child.off('message', on);
      resolve();
    };
    child.on('message', on);
  });
  child.send({ type: 'workers-stop' } satisfies ParentMessage);
  await stopped;
}

/** The broker the worker pools use, or undefined (their runs are skipped) when none answers. */
async function findBroker(): Promise<string | undefined> {
  const url = mqttArg || process.env.MQTT_URL || process.env.TEST_MQTT_URL || 'mqtt://127.0.0.1:1883';
  const u = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 1883) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
  return reachable ? url : undefined;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * One phase of the scenarios against one server: the reads, against the in-process app (`port`
 * unset) or a worker pool on the same database (`port` of the pool; the bare route stays the
 * child's own); or the ingestion, against the in-process app. The ingestion runs after every read
 * phase, so all reads meet the same data (its 20,000 new tickets would also set PostgreSQL's
 * autovacuum going under the next reads).
 */
async function runScenarios(
  ready: ServerReady,
  dialect: string,
  phase: 'reads' | 'ingestion',
  pool?: { port: number },
  child?: ChildProcess,
): Promise<{ results: Map<string, Result>; assigned: Record<string, number> }> {
  const base = `http://127.0.0.1:${pool?.port ?? ready.port}`;
  const bare = `http://127.0.0.1:${ready.barePort}`;
  const d = ready.designers;
  // The i-th request of a scenario: which designer (all 50 heavy designers in turn) and what it asks.
  const who = (i: number) => d[(i * 7) % d.length]!;
  const reads: Record<string, { base: string; next: (i: number) => { path: string; token?: string } }> = {
    bare: { base: bare, next: () => ({ path: '/bare' }) },
    list1: { base, next: (i) => ({ path: '/api/tickets?status=0&sort_by=created_at&sort_order=desc&page=1&pageSize=20', token: who(i).token }) },
    list50: { base, next: (i) => ({ path: '/api/tickets?status=0&sort_by=created_at&sort_order=desc&page=50&pageSize=20', token: who(i).token }) },
    listKw: {
      base,
      next: (i) => ({ path: `/api/tickets?keyword=${encodeURIComponent(`客户${(i * 31) % 997}`)}&markers=URGENT,OLD_CUS&page=1&pageSize=20`, token: who(i).token }),
    },
    kw2: { base, next: (i) => ({ path: `/api/tickets?keyword=${encodeURIComponent(SHORT_WORDS[i % SHORT_WORDS.length]!)}&page=1&pageSize=20`, token: who(i).token }) },
    kw3: { base, next: (i) => ({ path: `/api/tickets?keyword=${encodeURIComponent(`客户${(i * 31) % 997}`)}&page=1&pageSize=20`, token: who(i).token }) },
    orderNo: {
      base,
      next: (i) => {
        const w = who(i);
        const no = `BN${String(w.tickets[(i * 13) % w.tickets.length]).padStart(9, '0')}`;
        // Every other request types the first 9 of its 11 characters (up to 100 order numbers share them).
        return { path: `/api/tickets?keyword=${i % 2 ? no : no.slice(0, 9)}&page=1&pageSize=20`, token: w.token };
      },
    },
    leadKw: {
      base,
      next: (i) => ({ path: `/api/tickets?keyword=${encodeURIComponent(`客户${(i * 31) % 997}`)}&page=1&pageSize=20`, token: ready.leadTokens[i % ready.leadTokens.length] }),
    },
    detail: {
      base,
      next: (i) => {
        const w = who(i);
        return { path: `/api/tickets/${w.tickets[(i * 13) % w.tickets.length]}`, token: w.token };
      },
    },
    counts: { base, next: (i) => ({ path: '/api/tickets/panel-counts', token: who(i).token }) },
    leadList: { base, next: (i) => ({ path: '/api/tickets?page=1&pageSize=20', token: ready.leadTokens[i % ready.leadTokens.length] }) },
    // The workbench home (issue #18): every card in one answer.
    home: { base, next: (i) => ({ path: '/api/workbench/home', token: who(i).token }) },
    leadHome: { base, next: (i) => ({ path: '/api/workbench/home', token: ready.leadTokens[i % ready.leadTokens.length] }) },
  };

  const results = new Map<string, Result>();
  if (phase === 'reads') {
    await runReads();
    return { results, assigned: {} };
  }
  if (ONLY && !ONLY.includes('ingest') && !ONLY.includes('ingestBatch')) return { results, assigned: {} };

  async function runReads() {
    const probe = await fetch(`${base}/api/tickets?status=0&page=1&pageSize=20`, {
      headers: { authorization: `Bearer ${d[0]!.token}`, ...(IDENTITY ? { 'accept-encoding': 'identity' } : {}) },
    });
    const probeBytes = (await probe.arrayBuffer()).byteLength;
    // content-length is the size on the wire (compressed bodies up to syncThreshold carry it); fetch hands back the decoded body.
    const wire = probe.headers.get('content-length');
    process.stdout.write(`(list page: content-encoding ${probe.headers.get('content-encoding') ?? 'none'}, ${probeBytes} bytes${wire && Number(wire) !== probeBytes ? `, ${wire} on the wire` : ''}) `);

    const order = (ONLY ?? SCENARIOS.map((s) => s.key)).filter((k) => READ_KEYS.includes(k) || (k === 'bare' && !pool));
    for (const key of order) {
      const read = reads[key];
      const s = SCENARIOS.find((x) => x.key === key);
      if (!read || !s) continue;
      let i = 0;
      // On one process the bench child serves both the app and the bare route: its CPU is theirs.
      const cpu0 = child && !pool ? await serverCpu(child) : undefined;
      const result = await readLoad(s.label, read.base, DURATION_S, () => read.next(i++));
      if (cpu0 !== undefined && result.answers) result.serverCpuMs = ((await serverCpu(child!)) - cpu0) / 1000 / result.answers;
      results.set(key, result);
      process.stdout.write('.');
    }
    process.stdout.write(' ');
  }

  const run = randomBytes(3).toString('hex').toUpperCase();
  let assigned = 0;
  const orderBody = (prefix: string, i: number) => ({
    order_no: `${prefix}-${dialect}-${run}-${i}`,
    shop_id: (i % 40) + 1,
    product_id: (i % 20) + 1,
    title: `压测订单 ${i}`,
    requirements: '请按照客户提供的Logo和文案排版。',
    order_markers: i % 5 ? '' : 'URGENT',
    allowed_minutes: 480,
    fee_cents: 3_000,
  });
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ready.apiKey }, body: JSON.stringify(body) });
  const countAssigned = (text: string) => {
    try {
      const body = JSON.parse(text) as { data?: { ticket?: { designer_id: string | null } } };
      if (body.data?.ticket?.designer_id) assigned++;
    } catch {
      // Not JSON (a proxy's error page): the status counts it as an error.
    }
  };
  if (!ONLY || ONLY.includes('ingest')) {
    const u0 = child ? await serverUsage(child) : undefined;
    const label = SCENARIOS.find((x) => x.key === 'ingest')!.label;
    const [idle0, total0] = machineTicks();
    const db0 = dialect === 'pg' ? ticksOfName('postgres') : 0;
    const result = await postLoad(label, `${base}/api/integration/orders`, { 'x-api-key': ready.apiKey }, ORDERS, (i) => orderBody('BENCH', i), countAssigned);
    const [idle1, total1] = machineTicks();
    const dbTicks = dialect === 'pg' ? ticksOfName('postgres') - db0 : 0;
    if (Number.isFinite(total1) && total1 > total0) {
      result.machine = {
        busyCores: (1 - (idle1 - idle0) / (total1 - total0)) * os.cpus().length,
        cpuMs: ((total1 - total0 - (idle1 - idle0)) / CLK_TCK) * 1000 / result.requests,
        // No local PostgreSQL process (a remote database): nothing to count.
        ...(dbTicks > 0 && { databaseCpuMs: ((dbTicks / CLK_TCK) * 1000) / result.requests }),
      };
    }
    if (u0) {
      const u1 = await serverUsage(child!);
      result.serverCpuMs = (u1.micros - u0.micros) / 1000 / result.requests;
      result.commits = { calls: u1.ingestion.calls - u0.ingestion.calls, commits: u1.ingestion.commits - u0.ingestion.commits, largest: u1.ingestion.largest };
    }
    results.set('ingest', result);
  }
  process.stdout.write('.');

  // The same number of orders in batches. Each load() call is one batch; its Result is rescaled to
  // orders below so req/s reads as orders/s (latencies stay per call).
  let batchAssigned = 0;
  const ingestBatch = async (_w: number, b: number) => {
    const orders = Array.from({ length: BATCH_SIZE }, (_, k) => orderBody('BATCH', b * BATCH_SIZE + k));
    const res = await post('/api/integration/orders/batch', { orders });
    const body = (await res.json()) as { data?: { results?: { designer_id: string | null }[] } };
    batchAssigned += body.data?.results?.filter((x) => x.designer_id).length ?? 0;
    return res.status;
  };
  if (!ONLY || ONLY.includes('ingestBatch')) {
    const label = SCENARIOS.find((x) => x.key === 'ingestBatch')!.label;
    const cpu0 = child ? await serverCpu(child) : undefined;
    const batches = await load(label, 3_600, ingestBatch, Math.ceil(ORDERS / BATCH_SIZE), BATCH_CONCURRENCY);
    const orders = batches.requests * BATCH_SIZE;
    results.set('ingestBatch', { ...batches, requests: orders, ...(cpu0 !== undefined && { serverCpuMs: ((await serverCpu(child!)) - cpu0) / 1000 / orders }) });
  }
  process.stdout.write('.\n');
  return { results, assigned: { ingest: assigned, ingestBatch: batchAssigned } };
}

function printResults(runs: DialectRun[]) {
  const header = ['scenario', 'target'];
  for (const r of runs) header.push(`${r.dialect} req/s`, 'p50 ms', 'p99 ms', 'vs bare');
  const rows: string[][] = [header];
  for (const s of SCENARIOS) {
    const row = [s.label, s.target ?? ''];
    for (const r of runs) {
      const res = r.results.get(s.key);
      const bare = r.results.get('bare');
      if (!res) {
        row.push('-', '-', '-', '-');
        continue;
      }
      const rps = res.requests / res.seconds;
      row.push(
        rps.toFixed(0),
        res.p50.toFixed(1),
        res.p99.toFixed(1),
        bare && s.key !== 'bare' ? `${((rps / (bare.requests / bare.seconds)) * 100).toFixed(1)}%` : '',
      );
    }
    rows.push(row);
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));

  const withCpu = runs.filter((r) => [...r.results.values()].some((x) => x.serverCpuMs !== undefined));
  if (withCpu.length) {
    console.log('\nServer CPU per request, one process (ms; whole scenario, warm-up included; compare these between runs on a busy machine)');
    for (const s of SCENARIOS) {
      const cells = withCpu.map((r) => {
        const ms = r.results.get(s.key)?.serverCpuMs;
        return `${r.dialect} ${ms === undefined ? '-' : ms.toFixed(3)}`;
      });
      if (cells.some((c) => !c.endsWith(' -'))) console.log(`  ${s.label.padEnd(70)} ${cells.join('   ')}`);
    }
  }

  for (const r of runs) {
    const cpus = [...r.results].flatMap(([key, x]) => (x.clientCpu === undefined || key === 'ingest' ? [] : [x.clientCpu]));
    if (cpus.length) console.log(`\n  ${r.dialect}: the load generator (autocannon) used ${Math.min(...cpus).toFixed(0)}–${Math.max(...cpus).toFixed(0)}% of one core during the reads.`);
    const ingest = r.results.get('ingest');
    if (ingest?.clientCpu !== undefined) console.log(`  ${r.dialect}: the load generator (autocannon) used ${ingest.clientCpu.toFixed(0)}% of one core during single-order ingestion.`);
    if (ingest?.machine) {
      // Where the machine's cores went per order, and the most orders/s those cores could carry at that cost.
      const rate = ingest.requests / ingest.seconds;
      const clientMs = ingest.clientCpu !== undefined ? (ingest.clientCpu * 10) / rate : undefined;
      const parts = [
        ingest.serverCpuMs !== undefined && `server ${ingest.serverCpuMs.toFixed(3)}`,
        ingest.machine.databaseCpuMs !== undefined && `PostgreSQL ${ingest.machine.databaseCpuMs.toFixed(3)}`,
        clientMs !== undefined && `load generator ${clientMs.toFixed(3)}`,
      ].filter(Boolean);
      const machineMs = ingest.machine.cpuMs;
      console.log(
        `  ${r.dialect}: during single-order ingestion the machine was ${ingest.machine.busyCores.toFixed(2)} of ${os.cpus().length} cores busy: ` +
          `${machineMs.toFixed(3)} ms of CPU per order (${parts.join(', ')}; the rest other processes and the kernel), ` +
          `so these cores carry at most ~${Math.round((os.cpus().length * 1000) / machineMs).toLocaleString('en')} orders/s at that cost.`,
      );
    }
  }

  console.log('\nTargets');
  for (const r of runs) {
    const parts: string[] = [];
    const lists = ['list1', 'list50'].flatMap((k) => (r.results.has(k) ? [r.results.get(k)!.p99] : []));
    if (lists.length) {
      const listP99 = Math.max(...lists);
      // Against the bare route of the same run: comparable across runs on a busy machine.
      const bare = r.results.get('bare');
      const vsBare = bare ? `, ${(listP99 / bare.p99).toFixed(1)}× the bare route's p99` : '';
      parts.push(`list p99 ${listP99.toFixed(1)} ms (target < 50 ms: ${listP99 < 50 ? 'met' : 'NOT met'}${vsBare})`);
    }
    const homes = ['home', 'leadHome'].flatMap((k) => (r.results.has(k) ? [r.results.get(k)!.p99] : []));
    if (homes.length) {
      const homeP99 = Math.max(...homes);
      parts.push(`home p99 ${homeP99.toFixed(1)} ms (target < 30 ms: ${homeP99 < 30 ? 'met' : 'NOT met'})`);
    }
    for (const [key, how] of [
      ['ingest', 'one order per call'],
      ['ingestBatch', `${BATCH_SIZE} per call`],
    ] as const) {
      const ing = r.results.get(key);
      if (!ing) continue;
      const ops = ing.requests / ing.seconds;
      const got = r.assigned[key] ?? 0;
      const target = key === 'ingest' ? 2000 : 1000;
      const grouped = ing.commits ? `; ${ing.commits.commits.toLocaleString('en')} commits for ${ing.commits.calls.toLocaleString('en')} calls (group commit, largest group ${ing.commits.largest})` : '';
      const cpu = ing.serverCpuMs !== undefined ? `; server CPU ${ing.serverCpuMs.toFixed(3)} ms/order` : '';
      parts.push(
        `ingestion ${how} ${ops.toFixed(0)} orders/s (target ≥ ${target.toLocaleString('en')}: ${ops >= target ? 'met' : 'NOT met'}; ${got.toLocaleString('en')} of ${ing.requests.toLocaleString('en')} system-assigned${grouped}${cpu})`,
      );
    }
    console.log(`  ${r.dialect.padEnd(10)} ${parts.join('; ')}`);
  }
  for (const r of runs) {
    for (const [, res] of r.results) {
      if (res.errors > 0) {
        console.log(`  ${r.dialect} ${res.name}: ${[...res.statuses].map(([s, n]) => `${s === 0 ? 'network error' : s}: ${n}`).join(', ')}`);
      }
    }
  }
}

function machineInfo() {
  const cpus = os.cpus();
  console.log('\nMachine');
  console.log(`  cpus      ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`);
  console.log(`  memory    ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`);
  console.log(`  os        ${os.type()} ${os.release()} (${os.arch()})`);
  console.log(`  node      ${process.version}`);
  console.log(`  load avg  ${LOAD_AT_START} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end (1/5/15 min; other work on the machine skews the figures)`);
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
  if (pgArg === '' && !process.env.TEST_DATABASE_URL) {
    console.error('--pg needs a URL (or set TEST_DATABASE_URL)');
    return;
  }
  console.log(
    `Ticket benchmark: ${TICKETS.toLocaleString('en')} tickets, 2,000 designers; ${CONCURRENCY} concurrent clients; ` +
      `${DURATION_S} s per read scenario after ${WARMUP_S} s warm-up; ingestion of ${ORDERS.toLocaleString('en')} orders.\n` +
      'The list runs as one of 50 designers holding ~2,000 tickets each (filtered status=0: ~1,350 rows, so page 50 exists).\n' +
      (IDENTITY ? 'Responses uncompressed (--identity).\n' : 'Reads send accept-encoding gzip, deflate, br, as a browser does; --identity turns compression off.\n'),
  );
  const mqttUrl = WORKER_COUNTS.length ? await findBroker() : undefined;
  if (WORKER_COUNTS.length && !mqttUrl) {
    console.log('Worker pools skipped: they need an external MQTT broker (--mqtt <url>, MQTT_URL or TEST_MQTT_URL; none answered).\n');
  } else if (mqttUrl) {
    console.log(`The reads run again on ${WORKER_COUNTS.join(' and ')} worker processes (API_WORKERS; broker ${mqttUrl}).\n`);
  }
  const runs: DialectRun[] = [];
  const dialects: { name: string; setup: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> }[] = [
    {
      name: 'SQLite',
      setup: async () => {
        if (DATA_DIR) fs.mkdirSync(DATA_DIR, { recursive: true });
        const dir = DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-tickets-'));
        return {
          env: { BENCH_DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`, BENCH_DATA_DIR: dir, BENCH_TICKETS: String(TICKETS) },
          cleanup: async () => {
            if (!DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  if (!DIALECTS.includes('sqlite')) dialects.pop();
  if (PG_URL && DIALECTS.includes('pg')) {
    dialects.push({
      name: 'PostgreSQL',
      setup: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-tickets-'));
        const schema = `bench_${randomBytes(6).toString('hex')}`;
        await withPg(PG_URL, (c) => c.query(`create schema ${schema}`));
        return {
          env: { BENCH_DATABASE_URL: PG_URL, BENCH_DB_SCHEMA: schema, BENCH_DATA_DIR: dir, BENCH_TICKETS: String(TICKETS) },
          cleanup: async () => {
            await withPg(PG_URL, (c) => c.query(`drop schema if exists ${schema} cascade`));
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    });
  } else {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg <url>.\n');
  }

  let cleanupCurrent: (() => Promise<void>) | undefined;
  let childCurrent: ChildProcess | undefined;
  const onSignal = () => {
    childCurrent?.kill('SIGKILL');
    void (cleanupCurrent?.() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  for (const d of dialects) {
    const { env, cleanup } = await d.setup();
    cleanupCurrent = cleanup;
    try {
      process.stdout.write(`${d.name}: seeding… `);
      const { child, ready } = await startServer(env);
      childCurrent = child;
      console.log(
        `${ready.seed.rows.toLocaleString('en')} rows in ${(ready.seed.ms / 1000).toFixed(1)} s ` +
          `(${Math.round(ready.seed.rows / (ready.seed.ms / 1000)).toLocaleString('en')} rows/s, ${Math.round(ready.seed.tickets / (ready.seed.ms / 1000)).toLocaleString('en')} tickets/s)`,
      );
      try {
        process.stdout.write(`${d.name}: measuring `);
        const key = d.name === 'SQLite' ? 'sqlite' : 'pg';
        const single = { dialect: d.name, ready, ...(await runScenarios(ready, key, 'reads', undefined, child)) };
        runs.push(single);
        for (const count of mqttUrl ? WORKER_COUNTS : []) {
          process.stdout.write(`\n${d.name}, ${count} worker processes: starting… `);
          const port = await startWorkers(child, count, mqttUrl!);
          process.stdout.write('measuring ');
          const pooled = await runScenarios(ready, key, 'reads', { port });
          runs.push({ dialect: `${d.name} ×${count}`, ready, results: pooled.results, assigned: {} });
          await stopWorkers(child);
        }
        process.stdout.write(`\n${d.name}: ingesting `);
        const ingested = await runScenarios(ready, key, 'ingestion', undefined, child);
        for (const [k, r] of ingested.results) single.results.set(k, r);
        single.assigned = ingested.assigned;
        process.stdout.write('\n');
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
  machineInfo();
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
});
