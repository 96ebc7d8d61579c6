/**
 * Integration-test harness: builds the real app (buildApp) on a real database for each dialect.
 *
 * - SQLite: a fresh file database in a temp directory per test file.
 * - PostgreSQL: only when TEST_DATABASE_URL is set; every test file runs in its own throwaway
 *   schema (`t_<random>`), created and dropped (cascade) through a separate pg client.
 *
 * Suites use `describe.each(dialects)` with `useTestApp(dialect)`, so each one runs on SQLite and,
 * when configured, on PostgreSQL. An app with the demo data starts on a copy of the demo seeded once
 * per process (`createDemoDatabase`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type AppConfig, defaultRateLimits, loadConfig, type RateLimitConfig } from '../../src/config/env.js';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../src/modules/demo/demo-data.js';
import { createSession } from '../../src/modules/auth/session.repository.js';
import { nowMs, resetClock } from '../../src/lib/time.js';
import { shanghaiDay } from '../../src/domain/calendar.js';
import { templateDirPrefix, templateSchemaPrefix } from './demo-template-names.js';

export type DialectName = 'sqlite' | 'postgres';

export const PG_URL = process.env.TEST_DATABASE_URL || undefined;

/** The dialects every suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): DialectName[] {
  return PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export const dialects = testDialects();

export { DEMO_PASSWORD };

/** The demo logins of product.md §2. */
export const DEMO = {
  lead: '13800000000',
  designer: '13800000001',
  partTime2: '13800000002',
  partTime3: '13800000003',
  onboarding: '13800000004',
} as const;

/**
 * Limits generous enough that ordinary tests never meet them. `codePerPhone` keeps the product
 * rule (one code per phone per 60 s): tests use a fresh phone per case.
 */
export const generousRateLimits: RateLimitConfig = {
  loginPerPhone: { limit: 1000, windowSeconds: 900 },
  loginPerIp: { limit: 100_000, windowSeconds: 900 },
  codePerPhone: defaultRateLimits.codePerPhone,
  codePerIp: { limit: 100_000, windowSeconds: 3600 },
  wrongCodesPerPhone: { limit: 1000, windowSeconds: 3600 },
  passwordChangePerAccount: { limit: 1000, windowSeconds: 900 },
  accountPerIp: { limit: 100_000, windowSeconds: 3600 },
  publicPerIp: { limit: 100_000, windowSeconds: 60 },
  brokerHookPerClient: { limit: 100_000, windowSeconds: 60 },
};

// ---------------------------------------------------------------------------------------------
// Databases

export interface TestDatabase {
  dialect: DialectName;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL schema the app runs in (undefined on SQLite). */
  dbSchema?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a SQLite file in a temp dir or a new PostgreSQL schema. */
export async function createTestDatabase(dialect: DialectName, kind: 'test' | 'template' = 'test'): Promise<TestDatabase> {
  // A template is named after the run, whose teardown removes it (a worker is stopped without an
  // exit event of its own, so it cannot).
  const run = process.env.DWP_TEST_RUN ?? 'local';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), kind === 'test' ? 'dwp-test-' : templateDirPrefix(run)));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`, drop: async () => removeDir() };
  }
  if (!PG_URL) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const schema = `${kind === 'test' ? 't_' : templateSchemaPrefix(run)}${randomBytes(6).toString('hex')}`;
  await withPgClient((c) => c.query(`create schema ${schema}`));
  return {
    dialect,
    dataDir,
    databaseUrl: PG_URL,
    dbSchema: schema,
    drop: async () => {
      await withPgClient((c) => c.query(`drop schema if exists ${schema} cascade`));
      removeDir();
    },
  };
}

async function withPgClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Apps

export interface AppOptions {
  rateLimits?: Partial<RateLimitConfig>;
  releasedMenu?: ReadonlySet<string>;
  /** Changes to the loaded config (after rate limits are applied). */
  config?: Partial<AppConfig>;
  /** Runs after buildApp and before ready (e.g. to add a route). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Listen on a random port on 127.0.0.1 after ready (for tests that need real sockets, such as
   * MQTT over websocket at /mqtt). Off by default: other tests use inject only.
   */
  listen?: boolean;
}

export type Res = LightMyRequestResponse;
type Body = InjectOptions['payload'];
type Extra = Omit<InjectOptions, 'method' | 'url' | 'payload'>;

export interface Client {
  get(url: string, extra?: Extra): Promise<Res>;
  post(url: string, body?: Body, extra?: Extra): Promise<Res>;
  put(url: string, body?: Body, extra?: Extra): Promise<Res>;
  delete(url: string, extra?: Extra): Promise<Res>;
}

export interface RegisteredUser {
  phone: string;
  password: string;
  token: string;
  session_id: string;
}

/** A built, ready app on a test database plus the helpers tests use. */
export class TestApp {
  /** Anonymous client (no Authorization header). */
  readonly anon: Client;

  constructor(
    readonly app: FastifyInstance,
    readonly database: TestDatabase,
  ) {
    this.anon = this.client({});
  }

  get db(): Db {
    return this.app.db;
  }

  get dialect(): DialectName {
    return this.database.dialect;
  }

  /** The port the app listens on (only with the `listen` option). */
  get port(): number {
    const address = this.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening (use the listen option)');
    return address.port;
  }

  /** Base URL of the listening app, e.g. http://127.0.0.1:12345 (only with the `listen` option). */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The embedded broker's websocket URL (only with the `listen` option). */
  get mqttUrl(): string {
    return `ws://127.0.0.1:${this.port}/mqtt`;
  }

  inject(opts: InjectOptions): Promise<Res> {
    return this.app.inject(opts);
  }

  /** A client whose requests carry the given headers / remote address. */
  client(base: Extra): Client {
    const call = (method: InjectOptions['method'], url: string, payload?: Body, extra: Extra = {}) =>
      this.app.inject({
        ...base,
        ...extra,
        headers: { ...(base.headers ?? {}), ...(extra.headers ?? {}) },
        method,
        url,
        ...(payload !== undefined ? { payload } : {}),
      });
    return {
      get: (url, extra) => call('GET', url, undefined, extra),
      post: (url, body, extra) => call('POST', url, body, extra),
      put: (url, body, extra) => call('PUT', url, body, extra),
      delete: (url, extra) => call('DELETE', url, undefined, extra),
    };
  }

  /** Wraps inject with `Authorization: Bearer <token>`. */
  authed(token: string, base: Extra = {}): Client {
    return this.client({ ...base, headers: { ...(base.headers ?? {}), authorization: `Bearer ${token}` } });
  }

  /**
   * Seeds the demo team and logins (product.md §2) when the database is empty, with the demo's
   * files in the app's object store. A test app configured with a real bucket's settings has no
   * bucket behind them: its demo files go to a local store under the test's data directory.
   */
  async seed(): Promise<void> {
    const oss = this.app.config.oss;
    await seedDemoIfEmpty(this.db, oss.mode === 'local' ? oss : { ...oss, mode: 'local', root: path.join(this.database.dataDir, 'demo-oss') });
  }

  /** POST /api/user/login with a password; asserts 200 and returns the token. */
  async login(phone: string, password: string = DEMO_PASSWORD): Promise<string> {
    const res = await this.anon.post('/api/user/login', { phone, password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  }

  /**
   * A live token for a designer without going through scrypt: a real session row made by the
   * server's own repository. For tests that are not about logging in.
   */
  async sessionFor(phone: string): Promise<string> {
    const d = await this.db.selectFrom('designers').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const s = await createSession(this.db, d.id, this.app.config.tokenTtlHours, { ip: '127.0.0.1', userAgent: 'test' });
    return s.token;
  }

  /** The code of the newest text message sent to a phone (the log SMS sender's sms_outbox). */
  async latestSmsCode(phone: string): Promise<string> {
    const row = await this.db
      .selectFrom('sms_outbox')
      .select(['content'])
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const code = row && /(\d{6})/.exec(row.content)?.[1];
    if (!code) throw new Error(`no SMS code sent to ${phone}`);
    return code;
  }

  /** POST /api/user/verify-code (asserting 200) and returns the code from sms_outbox. */
  async sendCode(phone: string, scene: string, token?: string): Promise<string> {
    const c = token ? this.authed(token) : this.anon;
    const res = await c.post('/api/user/verify-code', { phone, scene });
    expect(res.statusCode, res.body).toBe(200);
    return this.latestSmsCode(phone);
  }

  /** Registers a new designer through the API (code + register). */
  async registerUser(opts: { phone?: string; password?: string; invite_code?: string } = {}): Promise<RegisteredUser> {
    const phone = opts.phone ?? freshPhone();
    const password = opts.password ?? 'Passw0rd!x';
    const code = await this.sendCode(phone, 'register');
    const res = await this.anon.post('/api/user/register', {
      phone,
      code,
      password,
      ...(opts.invite_code ? { invite_code: opts.invite_code } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, session_id } = res.json().data as { token: string; session_id: string };
    return { phone, password, token, session_id };
  }

  async count(
    table: 'designers' | 'sessions' | 'verify_codes' | 'sms_outbox' | 'rate_limits' | 'messages' | 'announcements' | 'announcement_products' | 'announcement_reads',
  ): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/** The app config of a test: loadConfig on the test's env, silent, with generous rate limits. */
/** The shared secret the test apps expect from an external broker's hooks (`x-broker-secret`). */
export const BROKER_HOOK_SECRET = 'test-broker-hook-secret-0123456789';

export function testConfig(database: TestDatabase, opts: AppOptions = {}): AppConfig {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
  });
  return {
    ...config,
    mqttHookSecret: BROKER_HOOK_SECRET,
    rateLimits: { ...generousRateLimits, ...opts.rateLimits },
    ...opts.config,
  };
}

/** Builds the real app on the given database and waits until it is ready. */
export async function startApp(database: TestDatabase, opts: AppOptions = {}): Promise<TestApp> {
  const app = await buildApp({
    config: testConfig(database, opts),
    logger: false,
    dbSchema: database.dbSchema,
    releasedMenu: opts.releasedMenu,
  });
  await opts.beforeReady?.(app);
  await app.ready();
  if (opts.listen) {
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
    } catch (err) {
      await app.close();
      throw err;
    }
  }
  return new TestApp(app, database);
}

/**
 * Registers hooks in the calling describe block: a fresh database and app before its tests (seeded
 * with the demo data unless `seed: false`), the clock reset after each test, everything closed and
 * dropped afterwards. Returns the TestApp (usable inside tests and hooks).
 */
export function useTestApp(dialect: DialectName, opts: AppOptions & { seed?: boolean } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const copy = opts.seed !== false && canCopyDemo(opts);
    const database = copy ? await createDemoDatabase(dialect) : await createTestDatabase(dialect);
    try {
      current = await startApp(database, opts);
      if (opts.seed !== false && !copy) await current.seed();
    } catch (err) {
      await current?.close();
      await database.drop();
      throw err;
    }
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    if (!current) return;
    await current.close();
    await current.database.drop();
  });
  return new Proxy({} as TestApp, {
    get(_target, prop) {
      if (!current) throw new Error('the test app is not started yet (use it inside tests or hooks)');
      const value = Reflect.get(current, prop, current) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The demo data, seeded once per process and copied

/**
 * Seeding the demo data took 0.6–1.0 s of an app's start on SQLite and 1.4–2.1 s on PostgreSQL
 * (its ~1,200 files in the object store most of it), more with three files at a time on two cores,
 * and about a hundred apps start in a run. A copy takes 0.16–0.36 s and 0.8–1.0 s (29 Nov, same
 * session; the server suite 5 min 24 s → 4 min 7 s, one run each). Each test process seeds
 * it once per dialect (and Shanghai day: the demo's "today" must stay today) into a template, and
 * every app that wants the demo data starts on a copy of it:
 * - SQLite: the template's database file copied, its object store's files hard-linked;
 * - PostgreSQL: a fresh schema migrated as usual, then every table's rows copied from the
 *   template's schema in one transaction, with triggers off (the copy holds what they wrote) and
 *   the sequences set to the template's; the object store as on SQLite.
 * The copy is the seed's result, a few minutes older. An app on its own clock, its own object
 * store or one that seeds itself later (`seed: false`) is seeded as before.
 */
interface DemoTemplate {
  day: string;
  database: TestDatabase;
  /** PostgreSQL: the statements that copy the template into a schema named `$target`. */
  copySql?: string;
}

/** The local object store's directory in a data directory (config/env.ts, `OSS_ROOT` unset). */
const OSS_DIR = 'oss';

const demoTemplates = new Map<DialectName, Promise<DemoTemplate>>();

/** Whether an app with these options can start on a copy of the demo template. */
function canCopyDemo(opts: AppOptions): boolean {
  const ownStore = opts.config?.oss !== undefined || Object.keys(process.env).some((k) => k.startsWith('OSS_'));
  return !ownStore && opts.config?.databaseUrl === undefined && Math.abs(nowMs() - Date.now()) < 1000;
}

function demoTemplate(dialect: DialectName): Promise<DemoTemplate> {
  // The demo data's "today" must stay today: a template is of one Shanghai day of the real clock.
  const day = shanghaiDay(Date.now());
  const previous = demoTemplates.get(dialect);
  // A template of an earlier day is replaced (the run's teardown removes it); one that failed to
  // seed is tried again.
  const template = previous
    ? previous.then(
        (t) => (t.day === day ? t : seedTemplate(dialect, day)),
        () => seedTemplate(dialect, day),
      )
    : seedTemplate(dialect, day);
  demoTemplates.set(dialect, template);
  return template;
}

async function seedTemplate(dialect: DialectName, day: string): Promise<DemoTemplate> {
  const database = await createTestDatabase(dialect, 'template');
  const app = await startApp(database);
  try {
    if (app.app.config.oss.mode !== 'local' || app.app.config.oss.root !== path.join(database.dataDir, OSS_DIR)) {
      throw new Error(`the demo template needs the local object store in the data directory's ${OSS_DIR}/`);
    }
    await app.seed();
  } finally {
    await app.close();
  }
  return { day, database, copySql: database.dbSchema ? await pgCopySql(database.dbSchema) : undefined };
}

/** A database holding the demo data: a copy of this process's template. */
export async function createDemoDatabase(dialect: DialectName): Promise<TestDatabase> {
  const template = await demoTemplate(dialect);
  const database = await createTestDatabase(dialect);
  try {
    cloneDataDir(template.database.dataDir, database.dataDir);
    if (dialect === 'postgres') {
      const schema = database.dbSchema!;
      const { db, close } = openDatabase({ url: database.databaseUrl, schema, poolSize: 1 });
      try {
        await migrateToLatest(db, schema);
      } finally {
        await close();
      }
      await withPgClient((c) => c.query(template.copySql!.replaceAll('$target', schema)));
    }
  } catch (err) {
    await database.drop();
    throw err;
  }
  return database;
}

/**
 * The template's data directory into `to`: its files copied (SQLite's database is written in
 * place), the object store's files hard-linked (about 1,200 demo files; the local store never
 * writes a file in place, it writes a new one and renames it over, so a copy's writes and deletes
 * leave the template's files as they are).
 */
function cloneDataDir(from: string, to: string, store = false): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target);
      cloneDataDir(source, target, store || entry.name === OSS_DIR);
    } else if (store) {
      fs.linkSync(source, target);
    } else {
      fs.copyFileSync(source, target);
    }
  }
}

/** The statements that copy every table and sequence of the seeded schema `from` into `$target`. */
async function pgCopySql(from: string): Promise<string> {
  return withPgClient(async (c) => {
    const columns = await c.query<{ table_name: string; column_name: string; is_generated: string; identity_generation: string | null }>(
      `select c.table_name, c.column_name, c.is_generated, c.identity_generation
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = $1 and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_migration%'
       order by c.table_name, c.ordinal_position`,
      [from],
    );
    const tables = new Map<string, { columns: string[]; identity: boolean }>();
    for (const col of columns.rows) {
      const table = tables.get(col.table_name) ?? { columns: [], identity: false };
      tables.set(col.table_name, table);
      if (col.is_generated === 'ALWAYS') continue;
      table.columns.push(`"${col.column_name}"`);
      if (col.identity_generation === 'ALWAYS') table.identity = true;
    }
    const sequences = await c.query<{ sequencename: string; last_value: string | null }>(
      'select sequencename, last_value from pg_sequences where schemaname = $1',
      [from],
    );
    const names = [...tables.keys()];
    return [
      'begin',
      'set local session_replication_role = replica',
      `truncate ${names.map((t) => `"$target"."${t}"`).join(', ')}`,
      ...names.map((t) => {
        const { columns: cols, identity } = tables.get(t)!;
        const list = cols.join(', ');
        return `insert into "$target"."${t}" (${list})${identity ? ' overriding system value' : ''} select ${list} from "${from}"."${t}"`;
      }),
      ...sequences.rows
        .filter((s) => s.last_value !== null)
        .map((s) => `select setval('"$target"."${s.sequencename}"', ${s.last_value}, true)`),
      'commit',
    ].join(';\n');
  });
}

// ---------------------------------------------------------------------------------------------
// Data and assertions

let phoneCounter = 0;
const phonePrefix = `19${randomBytes(1)[0]! % 10}${String(process.pid % 1000).padStart(3, '0')}`;

/** A valid mainland mobile number not used before in this process. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `${phonePrefix}${String(phoneCounter).padStart(5, '0')}`;
}

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T;
  error_fields?: { field: string; message: string }[];
}

/** Asserts the HTTP status and the envelope of product.md §3, and returns the body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields ad hoc
export function expectEnvelope<T = any>(res: Res, status: number): Envelope<T> {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Envelope<T>;
  expect(body.code).toBe(status);
  expect(body.success).toBe(status === 200);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body).toHaveProperty('data');
  if (status !== 200) expect(body.data).toBeNull();
  return body;
}

/** Asserts a 422 whose error_fields are exactly these (field, message) pairs, in this order. */
export function expectFieldErrors(res: Res, fields: [field: string, message?: string | RegExp][]): Envelope<null> {
  const body = expectEnvelope<null>(res, 422);
  const got = body.error_fields ?? [];
  expect(got.map((f) => f.field)).toEqual(fields.map(([f]) => f));
  fields.forEach(([, message], i) => {
    if (message === undefined) return;
    if (typeof message === 'string') expect(got[i]!.message).toBe(message);
    else expect(got[i]!.message).toMatch(message);
  });
  // The message of the envelope is the first field's (the client shows the first one).
  expect(body.message).toBe(got[0]!.message);
  return body;
}

/** Asserts a 401 envelope. */
export function expect401(res: Res): Envelope<null> {
  return expectEnvelope<null>(res, 401);
}
