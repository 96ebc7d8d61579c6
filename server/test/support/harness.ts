/**
 * Integration-test harness: builds the real app (buildApp) on a real database for each dialect.
 *
 * - SQLite: a fresh file database in a temp directory per test file.
 * - PostgreSQL: only when TEST_DATABASE_URL is set; every test file runs in its own throwaway
 *   schema (`t_<random>`), created and dropped (cascade) through a separate pg client.
 *
 * Suites use `describe.each(dialects)` with `useTestApp(dialect)`, so each one runs on SQLite and,
 * when configured, on PostgreSQL.
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
import type { Db } from '../../src/db/database.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../src/modules/demo/demo-data.js';
import { createSession } from '../../src/modules/auth/session.repository.js';
import { resetClock } from '../../src/lib/time.js';

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
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`, drop: async () => removeDir() };
  }
  if (!PG_URL) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
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
    const database = await createTestDatabase(dialect);
    try {
      current = await startApp(database, opts);
      if (opts.seed !== false) await current.seed();
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
