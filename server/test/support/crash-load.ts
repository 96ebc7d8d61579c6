/**
 * The crash harness of issue #23 ("Proof the project keeps"), shared by the crash test
 * (`server/test/crash.test.ts`, a few cycles in `npm test`) and the soak (`bench/soak/run.ts`, 100
 * cycles per database and the fault scenarios). It imports nothing of vitest: the soak runs it as a
 * plain program.
 *
 * - `createCrashDatabase`: a fresh SQLite directory, or a throwaway PostgreSQL database (its own,
 *   so the real server process migrates it itself with its normal settings).
 * - `createWorld`: a team of its own (two leads, four designers, a product they are qualified for
 *   and one nobody is, so its orders wait in the pool for a lead's manual assignment), with tokens.
 * - `Load`: concurrent writes over HTTP on every path that sends messages: upstream orders through
 *   the integration API (system assignment, message 2), lead actions (urge 20, abnormal 24,
 *   transfer 21, manual assign 25), designers filing fee appeals (3, to both leads), and drafts (an
 *   acknowledged write that sends nothing). Each write carries a token of its own (note, reason,
 *   order number) and goes into the `Ledger`: acknowledged (2xx), refused (4xx) or unknown (5xx or
 *   no answer: the process was killed under it).
 * - `runCrashCycles`: start the real server process, load it, `kill -9` it mid-load, restart it on
 *   the same data, N times; orders whose answer was lost are sent again after each restart, as an
 *   upstream system would (the API is idempotent by order_no).
 *
 * What is then in the database is checked against the ledger by `crash-check.ts`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Db, openDatabase, type OpenedDb } from '../../src/db/database.js';
import { designerCode, parseDesignerCode } from '../../src/domain/designers.js';
import { createSession } from '../../src/modules/auth/session.repository.js';
import { insertDesigner } from '../../src/modules/user/designer.repository.js';
import { exited, serverEnv, type ServerProcess, startServer } from './server-process.js';
import { seededRandom } from '../../src/modules/tickets/demo-orders.js';

export type CrashDialect = 'sqlite' | 'postgres';

export const CRASH_API_KEY = 'crash-harness-integration-key';

// ---------------------------------------------------------------------------------------------
// Databases and the server process

export interface CrashDatabase {
  dialect: CrashDialect;
  dataDir: string;
  /** The URL this process opens (the server's own, for PostgreSQL with an application_name of its own). */
  url: string;
  /** PostgreSQL: the application_name of the server's connections (to find its backends). */
  appName?: string;
  /** PostgreSQL: the admin URL the database was created from. */
  adminUrl?: string;
  drop(): Promise<void>;
}

/** A fresh SQLite directory, or (with `pgUrl`) a throwaway PostgreSQL database of its own. */
export async function createCrashDatabase(dialect: CrashDialect, pgUrl?: string): Promise<CrashDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-crash-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { dialect, dataDir, url: `sqlite:${path.join(dataDir, 'app.db')}`, drop: async () => removeDir() };
  if (!pgUrl) throw new Error('PostgreSQL needs a URL (TEST_DATABASE_URL)');
  const name = `dwp_crash_${randomBytes(5).toString('hex')}`;
  await withPg(pgUrl, (c) => c.query(`create database ${name}`));
  const appName = `dwp-crash-${name.slice(-10)}`;
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  u.searchParams.set('application_name', appName);
  return {
    dialect,
    dataDir,
    url: u.toString(),
    appName,
    adminUrl: pgUrl,
    drop: async () => {
      await withPg(pgUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

/** The URL the harness itself opens: on PostgreSQL under an application_name of its own, so killing the server's backends spares it. */
export function harnessUrl(database: CrashDatabase): string {
  if (database.dialect !== 'postgres') return database.url;
  const u = new URL(database.url);
  u.searchParams.set('application_name', `${database.appName}-harness`);
  return u.toString();
}

export async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The real server's environment on this database: no demo data, the integration API on. */
export function crashServerEnv(database: CrashDatabase, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return serverEnv(database.dataDir, {
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    INTEGRATION_API_KEY: CRASH_API_KEY,
    LOG_LEVEL: 'error',
    ...(database.dialect === 'postgres' ? { DATABASE_URL: database.url } : {}),
    ...extra,
  });
}

// ---------------------------------------------------------------------------------------------
// The world

export interface Actor {
  id: number;
  code: string;
  token: string;
}

export interface World {
  shopId: number;
  /** Every designer of the world is qualified: its orders are system-assigned (message 2). */
  productId: number;
  /** Nobody is qualified: its orders wait in the team's pool for a lead (manual assignment, 25). */
  poolProductId: number;
  teamId: number;
  leads: Actor[];
  designers: Actor[];
}

/** Makes the world in a migrated database (rows written directly; tokens are real sessions). */
export async function createWorld(db: Db): Promise<World> {
  const tag = randomBytes(3).toString('hex');
  const now = new Date().toISOString();
  const shop = await db.insertInto('shops').values({ name: `压测店铺${tag}`, platform: '淘宝' }).returning('id').executeTakeFirstOrThrow();
  const product = await db.insertInto('products').values({ name: `压测产品${tag}`, category: '压测' }).returning('id').executeTakeFirstOrThrow();
  const pool = await db.insertInto('products').values({ name: `待派产品${tag}`, category: '压测' }).returning('id').executeTakeFirstOrThrow();
  const team = await db.insertInto('teams').values({ name: `压测团队${tag}`, lead_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const phoneBase = 17_000_000_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000) * 100;
  let n = 0;
  const person = async (type: 0 | 1): Promise<Actor> => {
    const phone = String(phoneBase + n++);
    const d = await insertDesigner(db, {
      phone,
      password_hash: 'x',
      designer_type: type,
      real_name: `${type === 0 ? '组长' : '设计师'}${phone.slice(-4)}`,
      current_registration_step: 6,
      team_id: team.id,
      team_role: type === 0 ? 'lead' : 'member',
      online_ticket_status: type === 0 ? 0 : 1,
      daily_capacity: 1_000_000,
      account_status: 1,
    });
    if (type === 1) await db.insertInto('designer_products').values({ designer_id: d.id, product_id: product.id }).execute();
    const s = await createSession(db, d.id, 24, { ip: '127.0.0.1', userAgent: 'crash-harness' });
    return { id: d.id, code: designerCode(d.id), token: s.token };
  };
  const leads = [await person(0), await person(0)];
  const designers = [await person(1), await person(1), await person(1), await person(1)];
  return { shopId: shop.id, productId: product.id, poolProductId: pool.id, teamId: team.id, leads, designers };
}

// ---------------------------------------------------------------------------------------------
// The ledger

export type WriteKind = 'order' | 'assign' | 'transfer' | 'urge' | 'abnormal' | 'appeal' | 'draft';
export const WRITE_KINDS: readonly WriteKind[] = ['order', 'assign', 'transfer', 'urge', 'abnormal', 'appeal', 'draft'];

/** acked: a 2xx answer; refused: 4xx; unknown: 5xx or no answer (may or may not have committed). */
export type Outcome = 'acked' | 'refused' | 'unknown';

export interface Write {
  kind: WriteKind;
  /** What identifies it in the database: the order number, or the note/reason it carries. */
  token: string;
  ticketId?: number;
  /** appeal_id / draft_id of an acknowledged appeal or draft. */
  id?: number;
  outcome: Outcome;
}

export class Ledger {
  readonly writes: Write[] = [];
  /** Answers by status ("200", "409", "503", "no answer"). */
  readonly statuses = new Map<string, number>();
  /** Latency of acknowledged writes, ms. */
  readonly latencies: number[] = [];
  acked = 0;

  /** Called with every answer (a soak phase times its own). */
  listener: ((status: number | undefined, ms: number, retryAfter: string | null | undefined) => void) | undefined;

  /** A new write and its answer. */
  record(write: Write, status: number | undefined, ms: number, retryAfter?: string | null): void {
    this.writes.push(write);
    this.answer(status, ms, write.outcome === 'acked', retryAfter);
  }

  /** An answer to a write already recorded (an order sent again), or to a new one (`record`). */
  answer(status: number | undefined, ms: number, acked: boolean, retryAfter?: string | null): void {
    const key = status === undefined ? 'no answer' : String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (acked) {
      this.acked++;
      this.latencies.push(ms);
    }
    this.listener?.(status, ms, retryAfter);
  }

  count(kind: WriteKind, outcome: Outcome): number {
    return this.writes.filter((w) => w.kind === kind && w.outcome === outcome).length;
  }

  status(pred: (status: number) => boolean): number {
    let n = 0;
    for (const [k, v] of this.statuses) if (k !== 'no answer' && pred(Number(k))) n += v;
    return n;
  }
}

export function outcomeOf(status: number | undefined): Outcome {
  if (status !== undefined && status >= 200 && status < 300) return 'acked';
  if (status !== undefined && status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response fields are read ad hoc
  body?: any;
  retryAfter?: string | null;
  error?: string;
}

export async function call(base: string, method: string, url: string, opts: { token?: string; apiKey?: string; body?: unknown; timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<Answer> {
  try {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.apiKey ? { 'x-api-key': opts.apiKey } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    return { status: undefined, error: (err as Error).message };
  }
}

// ---------------------------------------------------------------------------------------------
// The load


interface TicketState {
  id: number;
  pool: boolean;
  /** Designer id holding it, as far as the answers tell. */
  holder: number | null;
  abnormal: boolean;
  appealed: Set<number>;
}

/** What the load knows of the world's tickets and the answers it lost; lives across cycles. */
export class LoadState {
  readonly tickets = new Map<number, TicketState>();
  /** Order bodies whose answer was lost: sent again after the restart. */
  readonly retryOrders: { write: Write; body: Record<string, unknown> }[] = [];
  private seq = 0;
  readonly tag = randomBytes(3).toString('hex');

  constructor(
    readonly world: World,
    readonly ledger: Ledger,
    readonly random: () => number,
  ) {}

  token(prefix: string): string {
    this.seq += 1;
    return `${prefix}-${this.tag}-${String(this.seq).padStart(6, '0')}`;
  }

  pick<T>(items: readonly T[]): T | undefined {
    return items.length ? items[Math.floor(this.random() * items.length)] : undefined;
  }

  /** Takes what an answer carrying a ticket item says about the ticket. */
  learn(item: { ticket_id: number; designer_id: string | null } | undefined, pool: boolean): void {
    if (!item) return;
    const known = this.tickets.get(item.ticket_id) ?? { id: item.ticket_id, pool, holder: null, abnormal: false, appealed: new Set<number>() };
    known.holder = item.designer_id ? (parseDesignerCode(item.designer_id) ?? null) : null;
    this.tickets.set(item.ticket_id, known);
  }
}

export interface LoadShape {
  /** Concurrent upstream loops (orders one per call). */
  upstream: number;
  /** Share of orders for the pool product (manual assignment later). */
  poolShare: number;
}

export const DEFAULT_SHAPE: LoadShape = { upstream: 3, poolShare: 0.2 };

/**
 * Write load against one running server: `upstream` order loops, one loop per lead and one per
 * designer. `stop()` lets no new request start; `settled()` resolves once every loop has ended
 * (the requests in flight answered or failed).
 */
export class Load {
  private stopping = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly state: LoadState,
    private readonly shape: LoadShape = DEFAULT_SHAPE,
  ) {}

  start(): void {
    const { world } = this.state;
    for (let i = 0; i < this.shape.upstream; i++) this.loops.push(this.loop(() => this.order()));
    for (const lead of world.leads) this.loops.push(this.loop(() => this.leadAction(lead)));
    for (const designer of world.designers) this.loops.push(this.loop(() => this.designerAction(designer)));
  }

  stop(): void {
    this.stopping = true;
  }

  settled(): Promise<void> {
    return Promise.all(this.loops).then(() => undefined);
  }

  private async loop(step: () => Promise<boolean>): Promise<void> {
    while (!this.stopping) {
      // A step that found nothing to do waits a little instead of spinning.
      if (!(await step())) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async send(write: Omit<Write, 'outcome'>, method: string, url: string, opts: Parameters<typeof call>[3]): Promise<Answer & { write: Write }> {
    const t0 = performance.now();
    const answer = await call(this.base, method, url, opts);
    const done: Write = { ...write, outcome: outcomeOf(answer.status) };
    this.state.ledger.record(done, answer.status, performance.now() - t0, answer.retryAfter);
    return { ...answer, write: done };
  }

  /** An upstream order: one whose answer was lost first (the same body again), else a new one. */
  async order(): Promise<boolean> {
    const { world, ledger } = this.state;
    const retry = this.state.retryOrders.shift();
    const pool = retry ? retry.body.product_id === world.poolProductId : this.state.random() < this.shape.poolShare;
    const body = retry?.body ?? {
      order_no: this.state.token('CR'),
      shop_id: world.shopId,
      product_id: pool ? world.poolProductId : world.productId,
      team_id: world.teamId,
      title: '压测订单｜手提袋',
      allowed_minutes: 1440,
      fee_cents: 1200,
    };
    const t0 = performance.now();
    const answer = await call(this.base, 'POST', '/api/integration/orders', { apiKey: CRASH_API_KEY, body });
    const outcome = outcomeOf(answer.status);
    // A retried order is the same write: its record moves to what the new answer says.
    const write: Write = retry?.write ?? { kind: 'order', token: String(body.order_no), outcome };
    if (retry) {
      write.outcome = outcome;
      ledger.answer(answer.status, performance.now() - t0, outcome === 'acked', answer.retryAfter);
    } else {
      ledger.record(write, answer.status, performance.now() - t0, answer.retryAfter);
    }
    if (outcome === 'acked') {
      write.ticketId = answer.body?.data?.ticket?.ticket_id;
      this.state.learn(answer.body?.data?.ticket, pool);
    } else if (outcome === 'unknown') {
      this.state.retryOrders.push({ write, body });
    }
    return true;
  }

  private async leadAction(lead: Actor): Promise<boolean> {
    const s = this.state;
    const tickets = [...s.tickets.values()];
    const waiting = tickets.filter((t) => t.holder === null && t.pool);
    const held = tickets.filter((t) => t.holder !== null);
    const r = s.random();
    if (waiting.length && r < 0.25) {
      const t = s.pick(waiting)!;
      const to = s.pick(s.world.designers)!;
      const a = await this.send({ kind: 'assign', token: `assign:${t.id}`, ticketId: t.id }, 'POST', `/api/tickets/${t.id}/assign`, { token: lead.token, body: { designer_id: to.code, confirm: ['offline', 'over_capacity', 'unqualified'] } });
      if (a.write.outcome === 'acked') s.learn(a.body?.data, true);
      return true;
    }
    const t = s.pick(held);
    if (!t) return false;
    if (r < 0.5) {
      const to = s.pick(s.world.designers.filter((d) => d.id !== t.holder))!;
      const token = s.token('TR');
      const a = await this.send({ kind: 'transfer', token, ticketId: t.id }, 'POST', `/api/tickets/${t.id}/transfer`, { token: lead.token, body: { designer_id: to.code, reason: token, confirm: ['offline', 'over_capacity', 'unqualified'] } });
      if (a.write.outcome === 'acked') s.learn(a.body?.data, t.pool);
    } else if (r < 0.8 || t.abnormal) {
      const token = s.token('UR');
      await this.send({ kind: 'urge', token, ticketId: t.id }, 'POST', `/api/tickets/${t.id}/urge`, { token: lead.token, body: { note: token } });
    } else {
      const token = s.token('AB');
      const a = await this.send({ kind: 'abnormal', token, ticketId: t.id }, 'POST', `/api/tickets/${t.id}/abnormal`, { token: lead.token, body: { reason: token } });
      if (a.write.outcome !== 'unknown') t.abnormal = true; // done, or refused as already marked
    }
    return true;
  }

  private async designerAction(me: Actor): Promise<boolean> {
    const s = this.state;
    const mine = [...s.tickets.values()].filter((t) => t.holder === me.id);
    const t = s.pick(mine);
    if (!t) return false;
    if (!t.appealed.has(me.id) && s.random() < 0.5) {
      const token = s.token('AP');
      const a = await this.send({ kind: 'appeal', token, ticketId: t.id }, 'POST', '/api/appeals', {
        token: me.token,
        body: { ticket_id: t.id, type: 'fee', requested_cents: 500, reason: token },
      });
      if (a.write.outcome === 'acked') a.write.id = a.body?.data?.appeal_id;
      if (a.write.outcome !== 'unknown') t.appealed.add(me.id);
      return true;
    }
    const token = s.token('DR');
    const key = `draft/${me.code}/20261126/${token}/design.pdf`;
    const a = await this.send({ kind: 'draft', token, ticketId: t.id }, 'POST', `/api/tickets/${t.id}/drafts`, { token: me.token, body: { kind: 'first', files: [key], note: token } });
    if (a.write.outcome === 'acked') a.write.id = a.body?.data?.draft_id;
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Kill cycles

export interface CycleFigure {
  cycle: number;
  /** Writes acknowledged in the cycle before the kill. */
  acked: number;
  /** Requests cut by the kill (no answer). */
  cut: number;
  /** Starts after this kill that failed and were tried again (only with `retryFailedStart`). */
  failedStarts: number;
  /** Message rows of the world committed but not yet published when the process died. */
  leftUnpublished: number;
  /** From the kill to the restarted server's banner, ms. */
  restartMs: number;
}

export interface CrashRun {
  database: CrashDatabase;
  db: OpenedDb;
  world: World;
  state: LoadState;
  ledger: Ledger;
  /** The server started after the last kill (running; the caller stops it). */
  server: ServerProcess;
  cycles: CycleFigure[];
  /** Ids of message rows left unpublished by a kill (the relay must publish or mark them). */
  leftUnpublished: Set<number>;
}

export interface CrashOptions {
  cycles: number;
  /** Acknowledged writes per cycle before the kill: a random number in [min, max]. */
  acksPerCycle?: [number, number];
  seed?: number;
  shape?: LoadShape;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * The soak: a restart that fails (something outside killed the new process) is logged and tried
   * again, up to 3 times, instead of ending the run. The crash test leaves it off: a failed start fails.
   */
  retryFailedStart?: boolean;
}

/** Ids of the world's message rows not yet marked published. */
export async function unpublishedIds(db: Db, world: World): Promise<number[]> {
  const ids = [...world.leads, ...world.designers].map((a) => a.id);
  const rows = await db.selectFrom('messages').select('id').where('designer_id', 'in', ids).where('published_at', 'is', null).execute();
  return rows.map((r) => r.id);
}

/** Starts the server on the database, makes the world, then runs `cycles` load + kill -9 + restart cycles. */
export async function runCrashCycles(database: CrashDatabase, opts: CrashOptions): Promise<CrashRun> {
  const log = opts.log ?? (() => undefined);
  const env = crashServerEnv(database, opts.env);
  const [minAcks, maxAcks] = opts.acksPerCycle ?? [40, 120];
  const random = seededRandom(opts.seed ?? 23);
  let server = await startServer(env);
  const db = openDatabase({ url: harnessUrl(database) });
  try {
    const world = await createWorld(db.db);
    const ledger = new Ledger();
    const state = new LoadState(world, ledger, random);
    const cycles: CycleFigure[] = [];
    const leftUnpublished = new Set<number>();
    for (let cycle = 1; cycle <= opts.cycles; cycle++) {
      const load = new Load(server.base, state, opts.shape);
      const ackedBefore = ledger.acked;
      const cutBefore = ledger.statuses.get('no answer') ?? 0;
      const target = ackedBefore + minAcks + Math.floor(random() * (maxAcks - minAcks + 1));
      load.start();
      const deadline = Date.now() + 120_000;
      while (ledger.acked < target) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server died on its own in cycle ${cycle}:\n${server.output()}`);
        if (Date.now() > deadline) throw new Error(`cycle ${cycle}: only ${ledger.acked - ackedBefore} writes acknowledged in 120 s; answers ${JSON.stringify(Object.fromEntries(ledger.statuses))}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // kill -9 with requests in flight: no graceful shutdown, no flush of the outbox marks.
      load.stop();
      server.child.kill('SIGKILL');
      const killedAt = performance.now();
      await exited(server.child);
      await load.settled();
      // Rows an earlier kill left may still wait for the relay (RELAY_AFTER_MS): count this kill's own.
      const left = (await unpublishedIds(db.db, world)).filter((id) => !leftUnpublished.has(id));
      for (const id of left) leftUnpublished.add(id);
      let failedStarts = 0;
      for (;;) {
        try {
          server = await startServer(env);
          break;
        } catch (err) {
          if (!opts.retryFailedStart || failedStarts >= 3) throw err;
          failedStarts++;
          log(`cycle ${cycle}: the restart failed, trying again: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      const figure: CycleFigure = {
        cycle,
        failedStarts,
        acked: ledger.acked - ackedBefore,
        cut: (ledger.statuses.get('no answer') ?? 0) - cutBefore,
        leftUnpublished: left.length,
        restartMs: Math.round(performance.now() - killedAt),
      };
      cycles.push(figure);
      log(`cycle ${cycle}: ${figure.acked} acknowledged, ${figure.cut} cut by the kill, ${figure.leftUnpublished} messages left unpublished, restarted in ${figure.restartMs} ms`);
    }
    await resendLostOrders(server.base, state);
    return { database, db, world, state, ledger, server, cycles, leftUnpublished };
  } catch (err) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await db.close();
    throw err;
  }
}

/** Sends every order whose answer was lost again until each is answered (2xx or 4xx). */
export async function resendLostOrders(base: string, state: LoadState): Promise<void> {
  const load = new Load(base, state);
  for (let round = 0; state.retryOrders.length && round < 20; round++) {
    const pending = state.retryOrders.length;
    for (let i = 0; i < pending; i++) await load.order();
    if (state.retryOrders.length) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Polls until the relay has published (or marked) every message row of the world, `ms` at most; the ids still waiting. */
export async function waitForRelay(db: Db, world: World, ms: number): Promise<{ waitedMs: number; left: number[] }> {
  const started = performance.now();
  let left = await unpublishedIds(db, world);
  while (left.length && performance.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = await unpublishedIds(db, world);
  }
  return { waitedMs: Math.round(performance.now() - started), left };
}

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
