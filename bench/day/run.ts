// A simulated working day (issue #20): --designers designers and --leads leads as concurrent
// clients, each designer with a websocket MQTT connection (a worker thread holds them) and HTTP
// calls at a person's pace, while the upstream system sends --orders orders per second through
// the integration API. Run for --minutes against one instance and against the three-instance
// cluster (`npm run start:cluster`: HAProxy, PostgreSQL, Redis), each on a fresh database.
//
//   npm run bench:day                                    10 minutes each, 1,000 designers, 20 leads
//   node --import tsx bench/day/run.ts --minutes 2 --designers 300 --leads 6 --modes single
//
// What a designer does, one action every 20–40 s: their ticket list (55%), a ticket's detail
// (20%), their messages (unread count, list, mark read: 15%), a draft through the signed upload
// (GET /api/oss/get-signature, POST /oss, POST /tickets/:id/drafts: 6%), a fee appeal (4%). A lead,
// every 10–20 s: team orders, the team board, the review queue, and a decision on a waiting appeal.
//
// It prints per call p50/p99 and errors, messages persisted vs published vs delivered to the
// browsers, allocations per designer against today's plan, CPU and memory (PSS) per process (each
// instance, HAProxy, PostgreSQL, Redis, the load itself) and the first to saturate. Asserts
// nothing; exits 0. Needs PostgreSQL (--pg, BENCH_DATABASE_URL or TEST_DATABASE_URL); the cluster
// also Redis (--redis or TEST_REDIS_URL) and HAProxy. The load runs on the same machine as the
// servers: on a small machine it takes its share of the cores, which the report shows.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../../server/src/db/database.js';
import { designerCode } from '../../server/src/domain/designers.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { insertDesigner } from '../../server/src/modules/user/designer.repository.js';
import { call, withPg } from '../../server/test/support/crash-load.js';
import { multipartBody, type UploadSignature, uploadFields } from '../../server/test/support/multipart.js';
import { CLK_TCK, machineTicks, pidsOf, processTicks } from '../lib/proc-cpu.js';
import type { DayClient, FromDayWorker, ToDayWorker } from './clients.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const minutes = Number(arg('minutes', '10'));
const designerCount = Number(arg('designers', '1000'));
const leadCount = Number(arg('leads', '20'));
const ordersPerSecond = Number(arg('orders', '20'));
const modes = arg('modes', 'single,cluster').split(',') as ('single' | 'cluster')[];
const port = Number(arg('port', '8380'));
const pgAdmin = arg('pg', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisUrl = arg('redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const API_KEY = 'day-bench-integration-key';
/** Today's planned capacity of every designer (order_plan_cells). */
const PLAN_CAPACITY = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

// -- the servers --------------------------------------------------------------------------------

interface Target {
  base: string;
  /** name → pid, sampled for CPU and memory. */
  processes: Map<string, number>;
  stop(): Promise<void>;
}

function serverEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    INTEGRATION_API_KEY: API_KEY,
    LOG_LEVEL: 'warn',
    // One address sends a whole company's traffic here: the limits meant for one person are lifted.
    RATE_LIMIT_PUBLIC_PER_IP: '100000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_ACCOUNT_PER_IP: '1000000',
  };
}

function waitFor(child: ChildProcess, text: string, what: string): Promise<void> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 5 minutes:\n${out.slice(-2000)}`)), 300_000);
    const collect = (c: Buffer) => {
      out += c.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${out.slice(-2000)}`));
    });
  });
}

function pidOnPort(p: number): number | undefined {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${p}`]).toString();
  return Number(/pid=(\d+)/.exec(line)?.[1]) || undefined;
}

async function startTarget(mode: 'single' | 'cluster', databaseUrl: string, dataDir: string): Promise<Target> {
  const env = serverEnv(databaseUrl, dataDir);
  if (mode === 'single') {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitFor(child, 'Designer work platform is running', 'the server');
    return {
      base: `http://127.0.0.1:${port}`,
      processes: new Map([['api', child.pid!]]),
      stop: () => stopChild(child),
    };
  }
  const child = spawn(process.execPath, [path.join(root, 'scripts/start-cluster.mjs')], {
    cwd: root,
    env: { ...env, CLUSTER_PORT: String(port), CLUSTER_INSTANCES: '3', MQTT_CLUSTER_REDIS_URL: redisUrl, SHUTDOWN_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, 'cluster is running', 'the cluster');
  const processes = new Map<string, number>();
  for (let i = 1; i <= 3; i++) processes.set(`api${i}`, pidOnPort(port + i)!);
  return { base: `http://127.0.0.1:${port}`, processes, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
}

// -- CPU and memory ----------------------------------------------------------------------------

/**
 * A process's proportional set size: its private memory plus its share of what it shares, so the
 * sum over PostgreSQL's processes counts shared buffers once (a sum of RSS would count them in
 * every backend).
 */
function pssMb(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Usage {
  cpu: number[]; // percent of one core, per sample
  rss: number[];
  firstSaturatedAt?: number; // seconds into the run
}

/** Samples every 2 s: each named process, every haproxy, postgres and redis-server process (summed), this process, the machine. */
class Sampler {
  readonly usage = new Map<string, Usage>();
  private last = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private started = 0;
  private machineLast?: { idle: number; total: number };

  constructor(private readonly named: Map<string, number>) {}

  start(): void {
    this.started = Date.now();
    this.sample();
    this.timer = setInterval(() => this.sample(), 2_000);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private groups(): Map<string, number[]> {
    const g = new Map<string, number[]>();
    for (const [name, pid] of this.named) g.set(name, [pid]);
    const haproxy = pidsOf('haproxy');
    if (haproxy.length) g.set('haproxy', haproxy);
    g.set('postgresql', pidsOf('postgres'));
    g.set('redis', pidsOf('redis-server'));
    g.set('load (this bench)', [process.pid]);
    return g;
  }

  private sample(): void {
    const at = (Date.now() - this.started) / 1000;
    const first = this.last.size === 0;
    for (const [name, pids] of this.groups()) {
      // CPU of a group is the sum of each process's own delta since the last sample: processes come
      // and go (PostgreSQL's backends), and a sum of totals would jump down when one exits.
      let ticks = 0;
      let rss = 0;
      for (const pid of pids) {
        const now = processTicks(pid);
        if (now === undefined) continue;
        const key = `${name}:${pid}`;
        const before = this.last.get(key);
        this.last.set(key, now);
        // A process first seen now counts from the next sample on (a short-lived backend's first 2 s are missed).
        if (!first) ticks += now - (before ?? now);
        rss += pssMb(pid);
      }
      if (first) continue;
      const u = this.usage.get(name) ?? { cpu: [], rss: [] };
      const cpu = (ticks / CLK_TCK / 2) * 100;
      u.cpu.push(cpu);
      u.rss.push(rss);
      // A Node process saturates at one core (its event loop); the others at the machine's cores.
      const limit = name.startsWith('api') ? 90 : 90 * os.cpus().length;
      if (cpu >= limit && u.firstSaturatedAt === undefined) u.firstSaturatedAt = at;
      this.usage.set(name, u);
    }
    const [idle, total] = machineTicks();
    if (this.machineLast) {
      const busy = 100 * (1 - (idle - this.machineLast.idle) / Math.max(1, total - this.machineLast.total));
      const u = this.usage.get('machine (all cores)') ?? { cpu: [], rss: [] };
      u.cpu.push(busy * os.cpus().length);
      if (busy >= 95 && u.firstSaturatedAt === undefined) u.firstSaturatedAt = at;
      this.usage.set('machine (all cores)', u);
    }
    this.machineLast = { idle, total };
  }
}

// -- the world ---------------------------------------------------------------------------------

interface Person {
  id: number;
  code: string;
  token: string;
  teamId: number;
}

interface World {
  shopId: number;
  productId: number;
  teams: number[];
  leads: Person[];
  designers: Person[];
}

function shanghaiDay(at = Date.now()): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function createWorld(databaseUrl: string): Promise<World> {
  const { db, close } = openDatabase({ url: databaseUrl });
  try {
    const now = new Date().toISOString();
    const shop = await db.insertInto('shops').values({ name: '日常店铺', platform: '淘宝' }).returning('id').executeTakeFirstOrThrow();
    const product = await db.insertInto('products').values({ name: '名片', category: '印刷' }).returning('id').executeTakeFirstOrThrow();
    const today = shanghaiDay();
    const d = new Date(`${today}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const world: World = { shopId: shop.id, productId: product.id, teams: [], leads: [], designers: [] };
    const perTeam = Math.ceil(designerCount / leadCount);
    let phone = 16_600_000_000;
    for (let t = 0; t < leadCount; t++) {
      const team = await db.insertInto('teams').values({ name: `设计${t + 1}组`, lead_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
      world.teams.push(team.id);
      const person = async (type: 0 | 1): Promise<Person> => {
        phone++;
        const row = await insertDesigner(db, {
          phone: String(phone),
          password_hash: 'x',
          designer_type: type,
          real_name: `${type === 0 ? '组长' : '设计师'}${String(phone).slice(-4)}`,
          current_registration_step: 6,
          team_id: team.id,
          team_role: type === 0 ? 'lead' : 'member',
          online_ticket_status: type === 0 ? 0 : 1,
          daily_capacity: PLAN_CAPACITY,
          account_status: 1,
        });
        const s = await createSession(db, row.id, 24, { ip: '127.0.0.1', userAgent: 'bench-day' });
        return { id: row.id, code: designerCode(row.id), token: s.token, teamId: team.id };
      };
      const lead = await person(0);
      await db.updateTable('teams').set({ lead_id: lead.id }).where('id', '=', team.id).execute();
      world.leads.push(lead);
      const members: Person[] = [];
      for (let i = 0; i < perTeam && world.designers.length < designerCount; i++) members.push(await person(1));
      await db.insertInto('designer_products').values(members.map((m) => ({ designer_id: m.id, product_id: product.id }))).execute();
      const plan = await db.insertInto('order_plans').values({ team_id: team.id, week_start: monday, created_by: lead.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('order_plan_cells').values(members.map((m) => ({ plan_id: plan.id, designer_id: m.id, day: today, capacity: PLAN_CAPACITY }))).execute();
      world.designers.push(...members);
    }
    return world;
  } finally {
    await close();
  }
}

// -- the load ----------------------------------------------------------------------------------

class Figures {
  private readonly calls = new Map<string, { ms: number[]; errors: Map<string, number> }>();

  record(name: string, ms: number, status: number | undefined): void {
    const c = this.calls.get(name) ?? { ms: [] as number[], errors: new Map<string, number>() };
    c.ms.push(ms);
    if (status === undefined || status >= 400) {
      const key = String(status ?? 'no answer');
      c.errors.set(key, (c.errors.get(key) ?? 0) + 1);
    }
    this.calls.set(name, c);
  }

  table(seconds: number): string {
    const rows = [...this.calls].sort(([a], [b]) => a.localeCompare(b));
    const lines = ['| call | count | /s | p50 ms | p99 ms | errors |', '|---|---|---|---|---|---|'];
    for (const [name, c] of rows) {
      const sorted = [...c.ms].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      const errors = [...c.errors].map(([s, n]) => `${s}×${n}`).join(' ') || '0';
      lines.push(`| ${name} | ${c.ms.length} | ${(c.ms.length / seconds).toFixed(1)} | ${q(0.5).toFixed(1)} | ${q(0.99).toFixed(1)} | ${errors} |`);
    }
    return lines.join('\n');
  }
}

class Day {
  private stopping = false;
  private readonly loops: Promise<void>[] = [];
  readonly figures = new Figures();
  private orders = 0;
  /** Tickets each designer learned of from their list. */
  private readonly known = new Map<number, number[]>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly base: string,
    private readonly world: World,
  ) {}

  private async timed(name: string, method: string, url: string, opts: Parameters<typeof call>[3] = {}) {
    const t0 = performance.now();
    const answer = await call(this.base, method, url, { timeoutMs: 30_000, ...opts });
    this.figures.record(name, performance.now() - t0, answer.status);
    return answer;
  }

  start(): void {
    // The upstream system: --orders per second, each its own call, spread over the teams.
    const every = 1000 / ordersPerSecond;
    this.loops.push(
      (async () => {
        let next = performance.now();
        while (!this.stopping) {
          next += every;
          const n = this.orders++;
          const p = this.timed('POST /integration/orders', 'POST', '/api/integration/orders', {
            apiKey: API_KEY,
            body: {
              order_no: `DAY${Date.now()}${String(n).padStart(6, '0')}${randomBytes(2).toString('hex')}`,
              shop_id: this.world.shopId,
              product_id: this.world.productId,
              team_id: this.world.teams[n % this.world.teams.length],
              title: '名片设计｜日常',
              allowed_minutes: 240,
              fee_cents: 1500,
            },
          });
          this.inFlight.add(p);
          void p.finally(() => this.inFlight.delete(p));
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
        }
      })(),
    );
    for (const d of this.world.designers) this.loops.push(this.person(() => this.designerAction(d), 20_000, 40_000));
    for (const l of this.world.leads) this.loops.push(this.person(() => this.leadAction(l), 10_000, 20_000));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
    await Promise.all(this.inFlight);
  }

  private async person(action: () => Promise<void>, lo: number, hi: number): Promise<void> {
    await sleep(between(0, hi)); // people do not all start at the same second
    while (!this.stopping) {
      await action();
      await sleep(between(lo, hi));
    }
  }

  private async designerAction(me: Person): Promise<void> {
    const r = Math.random();
    const mine = this.known.get(me.id) ?? [];
    if (r < 0.55 || mine.length === 0) {
      const a = await this.timed('GET /tickets (mine)', 'GET', '/api/tickets?page=1&pageSize=20', { token: me.token });
      const items = (a.body?.data?.items ?? []) as { ticket_id: number }[];
      this.known.set(me.id, items.map((t) => t.ticket_id));
    } else if (r < 0.75) {
      await this.timed('GET /tickets/:id', 'GET', `/api/tickets/${mine[Math.floor(Math.random() * mine.length)]}`, { token: me.token });
    } else if (r < 0.9) {
      await this.timed('GET /messages/unread', 'GET', '/api/messages/messages/unread', { token: me.token });
      const list = await this.timed('GET /messages', 'GET', '/api/messages/messages?page=1&pageSize=20&is_read=0', { token: me.token });
      const ids = ((list.body?.data?.items ?? []) as { message_id: number }[]).map((m) => m.message_id);
      if (ids.length) await this.timed('POST /messages/read', 'POST', '/api/messages/messages/read', { token: me.token, body: { message_ids: ids } });
    } else if (r < 0.96) {
      const ticketId = mine[Math.floor(Math.random() * mine.length)]!;
      const signed = await this.timed('GET /oss/get-signature', 'GET', '/api/oss/get-signature?source=draft', { token: me.token });
      const sig = signed.body?.data as UploadSignature | undefined;
      if (!sig) return;
      const key = `${sig.dir}初稿-${randomBytes(3).toString('hex')}.pdf`;
      const form = multipartBody([...uploadFields(sig, key), ['file', { filename: 'draft.pdf', content: DRAFT_PDF, contentType: 'application/pdf' }]]);
      const t0 = performance.now();
      let status: number | undefined;
      try {
        const res = await fetch(`${this.base}/oss`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload), signal: AbortSignal.timeout(30_000) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = undefined;
      }
      this.figures.record('POST /oss (upload)', performance.now() - t0, status);
      if (status !== undefined && status < 300) {
        await this.timed('POST /tickets/:id/drafts', 'POST', `/api/tickets/${ticketId}/drafts`, { token: me.token, body: { kind: 'first', files: [key], note: '初稿请查看' } });
      }
    } else {
      const ticketId = mine[Math.floor(Math.random() * mine.length)]!;
      await this.timed('POST /appeals', 'POST', '/api/appeals', { token: me.token, body: { ticket_id: ticketId, type: 'fee', requested_cents: 300, reason: '加急费未计入' } });
    }
  }

  private async leadAction(lead: Person): Promise<void> {
    await this.timed('GET /tickets (team orders)', 'GET', '/api/tickets?page=1&pageSize=20', { token: lead.token });
    await this.timed('GET /team/board', 'GET', '/api/team/board', { token: lead.token });
    const queue = await this.timed('GET /appeals (review queue)', 'GET', '/api/appeals?scope=review&status=pending&page=1&pageSize=20', { token: lead.token });
    const waiting = (queue.body?.data?.items ?? []) as { appeal_id: number }[];
    const first = waiting[0];
    if (first) {
      await this.timed('POST /appeals/:id/review', 'POST', `/api/appeals/${first.appeal_id}/review`, { token: lead.token, body: { decision: 'approve', note: '同意' } });
    }
  }
}

/** A one-page PDF, as a designer's first draft. */
const DRAFT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 252 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

// -- one run ------------------------------------------------------------------------------------

function startClients(url: string, clients: DayClient[]) {
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./clients.ts', import.meta.url).href)}); })`,
    { eval: true },
  );
  const next = (type: FromDayWorker['type']) =>
    new Promise<FromDayWorker>((resolve) => {
      const on = (m: FromDayWorker) => {
        if (m.type !== type) return;
        worker.off('message', on);
        resolve(m);
      };
      worker.on('message', on);
    });
  const ask = (m: ToDayWorker, type: FromDayWorker['type']) => {
    const answer = next(type);
    worker.postMessage(m);
    return answer;
  };
  return {
    connect: () => ask({ cmd: 'connect', url, clients }, 'connected') as Promise<Extract<FromDayWorker, { type: 'connected' }>>,
    report: () => ask({ cmd: 'report' }, 'report') as Promise<Extract<FromDayWorker, { type: 'report' }>>,
    close: async () => {
      await ask({ cmd: 'close' }, 'closed');
      await worker.terminate();
    },
  };
}

async function runMode(mode: 'single' | 'cluster'): Promise<void> {
  const dbName = `dwp_day_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(pgAdmin);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-day-'));
  await withPg(pgAdmin, (c) => c.query(`create database ${dbName}`));
  console.log(`\n== ${mode === 'single' ? 'one instance' : 'three instances behind HAProxy'}: ${designerCount} designers, ${leadCount} leads, ${ordersPerSecond} orders/s, ${minutes} min (database ${dbName})`);
  let target: Target | undefined;
  try {
    target = await startTarget(mode, dbUrl.toString(), dataDir);
    const world = await createWorld(dbUrl.toString());
    const browsers = startClients(
      `${target.base.replace('http', 'ws')}/mqtt`,
      world.designers.map((d) => ({ designerId: d.id, code: d.code, token: d.token })),
    );
    const connected = await browsers.connect();
    console.log(`browsers: ${connected.ok} connected, ${connected.failed} failed, in ${(connected.ms / 1000).toFixed(1)} s`);

    const sampler = new Sampler(target.processes);
    const day = new Day(target.base, world);
    const startedAt = new Date().toISOString();
    sampler.start();
    day.start();
    await sleep(minutes * 60_000);
    await day.stop();
    sampler.stop();
    const seconds = minutes * 60;
    await sleep(5_000); // the last messages reach the browsers
    const report = await browsers.report();
    await browsers.close();

    const { db, close } = openDatabase({ url: dbUrl.toString() });
    let persisted = 0;
    let published = 0;
    let delivered = 0;
    let allocations: number[] = [];
    try {
      const ids = world.designers.map((d) => d.id);
      const rows = await db.selectFrom('messages').select(['id', 'designer_id', 'published_at']).where('designer_id', 'in', ids).where('created_time', '>=', startedAt).execute();
      persisted = rows.length;
      published = rows.filter((r) => r.published_at !== null).length;
      const got = new Map(Object.entries(report.received).map(([id, list]) => [Number(id), new Set(list)]));
      delivered = rows.filter((r) => got.get(r.designer_id)?.has(r.id)).length;
      const loads = await db.selectFrom('designer_loads').select(['designer_id', 'assigned_today', 'day']).where('designer_id', 'in', ids).execute();
      const today = shanghaiDay();
      const byId = new Map(loads.filter((l) => l.day === today).map((l) => [l.designer_id, Number(l.assigned_today)]));
      allocations = ids.map((id) => byId.get(id) ?? 0);
    } finally {
      await close();
    }

    console.log(`\ncalls (${seconds} s):\n${day.figures.table(seconds)}`);
    console.log(
      `\nmessages: ${persisted} persisted, ${published} published, ${delivered} delivered to the browsers (${persisted ? ((100 * delivered) / persisted).toFixed(2) : '0'}%); ` +
        `${report.announcements} announcements received; ${report.reconnects} reconnects; ${report.connectedNow}/${connected.ok} browsers connected at the end`,
    );
    const sorted = [...allocations].sort((a, b) => a - b);
    const over = allocations.filter((n) => n > PLAN_CAPACITY).length;
    console.log(
      `allocations today per designer (plan ${PLAN_CAPACITY}): min ${sorted[0] ?? 0}, median ${sorted[Math.floor(sorted.length / 2)] ?? 0}, max ${sorted[sorted.length - 1] ?? 0}, ` +
        `${allocations.reduce((a, b) => a + b, 0)} in all, ${over} designers over the plan`,
    );
    const usage = [...sampler.usage].map(([name, u]) => {
      const avg = u.cpu.reduce((a, b) => a + b, 0) / Math.max(1, u.cpu.length);
      const max = Math.max(0, ...u.cpu);
      const rss = u.rss.length ? `${Math.max(...u.rss).toFixed(0)} MB` : '–';
      return { name, line: `| ${name} | ${avg.toFixed(0)}% | ${max.toFixed(0)}% | ${rss} | ${u.firstSaturatedAt === undefined ? '–' : `${u.firstSaturatedAt.toFixed(0)} s`} |`, first: u.firstSaturatedAt };
    });
    console.log(`\nprocesses (CPU in % of one core):\n| process | CPU avg | CPU max | memory max (PSS) | saturated at |\n|---|---|---|---|---|\n${usage.map((u) => u.line).join('\n')}`);
    const first = usage.filter((u) => u.first !== undefined).sort((a, b) => a.first! - b.first!)[0];
    console.log(first ? `first to saturate: ${first.name}, ${first.first!.toFixed(0)} s into the run` : 'nothing saturated (no process at ≥ 90% of its cores in a 2 s sample)');
  } finally {
    await target?.stop();
    await withPg(pgAdmin, (c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const mode of modes) await runMode(mode);
