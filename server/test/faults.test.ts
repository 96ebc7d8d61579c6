/**
 * Faults of the database and the broker (issue #23 §5), on the real app and real databases:
 *
 * - PostgreSQL connections killed by the server (pg_terminate_backend), idle in the pool or checked
 *   out between two queries: the process lives, the next call answers.
 * - The database unreachable (a TCP relay in front of PostgreSQL, stopped and started again):
 *   every call answers 503 with Retry-After and a Chinese message, and recovers by itself; start
 *   waits for it with backoff and says so.
 * - A table locked by another session: writes waiting on it answer 503 in bounded time
 *   (lock_timeout / busy_timeout) and a read still answers.
 * - An external broker nobody listens on: the publishes held in memory are bounded.
 */
import net from 'node:net';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import brokerPlugin, { BrokerBacklogError } from '../src/plugins/broker.js';
import { RedisUnavailableError, waitForRedis } from '../src/plugins/broker-cluster.js';
import { buildApp } from '../src/app.js';
import { useMqttClients } from './support/mqtt.js';
import { DEMO, PG_URL, createTestDatabase, dialects, expectEnvelope, type Res, startApp, type TestApp, testConfig, useTestApp } from './support/harness.js';

const UNAVAILABLE = '服务繁忙，请稍后重试';

function expect503(res: Res) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const body = expectEnvelope(res, 503);
  expect(body.message).toBe(UNAVAILABLE);
}

/** Polls `fn` until it returns true (every 100 ms, `ms` at most). */
async function eventually(fn: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TCP relay to PostgreSQL that can be taken down (listener closed, every connection cut) and brought back. */
function withParam(url: string, key: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.toString();
}

class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  url(base: string): string {
    const u = new URL(base);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }
}

describe.runIf(PG_URL)('PostgreSQL connections killed by the server', () => {
  // The database is shared with other suites (each runs in a schema of its own): this app's
  // connections carry a name of their own, and only those are killed.
  const appName = `dwp-faults-${process.pid}-${Date.now() % 100_000}`;
  const t = useTestApp('postgres', { config: { databaseUrl: withParam(PG_URL ?? 'postgres://x', 'application_name', appName) } });

  /** Terminates every connection of this app (the pool's and the change-notice listener's). */
  async function killConnections(): Promise<number> {
    const killer = new pg.Client({ connectionString: PG_URL });
    await killer.connect();
    try {
      const { rows } = await killer.query<{ killed: boolean }>(
        'select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
        [appName],
      );
      return rows.filter((r) => r.killed).length;
    } finally {
      await killer.end();
    }
  }

  it('drops a terminated idle connection without dying, and the next calls answer', async () => {
    const token = await t.sessionFor(DEMO.designer);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
    expect(await killConnections()).toBeGreaterThan(0);
    // The pool notices the dead connections (an 'error' on idle clients, which without a listener
    // ends the process) and opens new ones; a call racing the notice may meet a dead one (503).
    await eventually(async () => (await t.authed(token).get('/api/user/profile')).statusCode === 200);
    for (let i = 0; i < 5; i++) expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
  });

  it('survives a connection killed while checked out between two queries', async () => {
    const failure = await t.db
      .connection()
      .execute(async (conn) => {
        await sql`select 1`.execute(conn);
        await killConnections();
        // The backend is gone while this connection is out of the pool and idle: node-postgres
        // emits 'error' on the client itself (no pool listener there).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(conn);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    const token = await t.sessionFor(DEMO.designer);
    await eventually(async () => (await t.authed(token).get('/api/user/profile')).statusCode === 200);
  });
});

describe.runIf(PG_URL)('PostgreSQL away: 503 while unreachable, waits at start', () => {
  const target = new URL(PG_URL ?? 'postgres://127.0.0.1:5432');
  const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  let t: TestApp | undefined;

  afterAll(async () => {
    await relay.down();
    await t?.close();
    await t?.database.drop();
  });

  it('answers 503 with Retry-After while the database is away and recovers by itself', async () => {
    await relay.up();
    const database = await createTestDatabase('postgres');
    t = await startApp(database, { config: { databaseUrl: relay.url(PG_URL!) } });
    await t.seed();
    const token = await t.sessionFor(DEMO.designer);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);

    await relay.down();
    for (const url of ['/api/user/profile', '/api/system/dicts', '/api/tickets?page=1']) expect503(await t.authed(token).get(url));
    const login = await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'Demo@2026' });
    expect503(login);

    await relay.up();
    await eventually(async () => (await t!.authed(token).get('/api/user/profile')).statusCode === 200);
    expectEnvelope(await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'Demo@2026' }), 200);
  });

  it('waits for the database at start, saying what it waits for, then starts', async () => {
    await relay.down();
    const database = await createTestDatabase('postgres');
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const started = Date.now();
    const building = buildApp({
      config: { ...testConfig(database), databaseUrl: relay.url(PG_URL!), logLevel: 'warn', databaseTimeouts: { ...testConfig(database).databaseTimeouts, startMs: 20_000 } },
      logger: { level: 'warn', stream },
      dbSchema: database.dbSchema,
    });
    await eventually(async () => lines.some((l) => l.includes('waiting for the database')), 10_000);
    await relay.up();
    const app = await building;
    try {
      await app.ready();
      const waits = lines.filter((l) => l.includes('waiting for the database'));
      expect(waits[0]).toContain(`127.0.0.1:${relay.port}`);
      expect(waits[0]).toContain('DATABASE_START_TIMEOUT_MS=20000');
      expect(waits[0]).not.toContain(new URL(PG_URL!).password || '\u0000');
      console.log(`started after ${Date.now() - started} ms and ${waits.length} wait(s)`);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe.each(dialects)('a table locked by another session (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    // A small pool that waiting writes fill, and a short lock wait.
    config: { databasePoolSize: 4, databaseTimeouts: { startMs: 0, statementMs: 15_000, lockMs: 500, acquireMs: 5_000 } },
  });

  it('answers writes that wait on the lock 503 in bounded time, and a read still answers', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const client = t.authed(token);
    const release = await holdWriteLock(t, dialect);
    try {
      const started = Date.now();
      const writeTimes: number[] = [];
      const writes = Array.from({ length: 16 }, (_, i) =>
        client.put('/api/user/update-time', { available_time: `周末 ${i}` }).then((res) => {
          writeTimes.push(Date.now() - started);
          return res;
        }),
      );
      // Once the writes hold every pooled connection (waiting on the lock), a read of another table.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const read = client.get('/api/messages/messages?page=1').then((res) => ({ res, ms: Date.now() - started }));
      const answers = await Promise.all(writes);
      const elapsed = Date.now() - started;
      for (const res of answers) expect503(res);
      const { res, ms } = await read;
      expectEnvelope(res, 200);
      console.log(`${dialect}: 16 writes answered 503 within ${elapsed} ms; the read answered 200 after ${ms} ms`);
      // SQLite: the read does not queue behind the waiting writes (it runs on the reading
      // connection, and a write waits for the lock in slices that leave the event loop free), so
      // most writes are still waiting when it answers. PostgreSQL: it waits for a pooled
      // connection like them, bounded by the lock timeout.
      if (dialect === 'sqlite') expect(writeTimes.filter((at) => at > ms).length).toBeGreaterThanOrEqual(12);
      expect(elapsed).toBeLessThan(12_000);
    } finally {
      await release();
    }
    // The lock gone, the same write goes through.
    expectEnvelope(await client.put('/api/user/update-time', { available_time: '周末全天' }), 200);
  });
});

describe('SQLite: the disk full', () => {
  const t = useTestApp('sqlite');

  it('answers a write that finds no room 503 with Retry-After, and writes again once there is room', async () => {
    const token = await t.sessionFor(DEMO.lead);
    // The database may not grow beyond the pages it has: what a full disk does to SQLite (SQLITE_FULL).
    const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(t.db);
    try {
      let res: Res | undefined;
      for (let i = 0; i < 200; i++) {
        res = await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'Demo@2026' });
        if (res.statusCode !== 200) break;
      }
      expect503(res!);
      // Reads still answer.
      expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.db);
    }
    expectEnvelope(await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'Demo@2026' }), 200);
  });
});

/** Another session takes the write lock of the designers table and keeps it until released. */
async function holdWriteLock(t: TestApp, dialect: string): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    const other = new SQLite(t.database.databaseUrl.slice('sqlite:'.length));
    other.prepare('begin immediate').run();
    return async () => {
      other.prepare('rollback').run();
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.database.dbSchema}` });
  await other.connect();
  // EXCLUSIVE: other sessions may still read the table, not write it.
  await other.query('begin');
  await other.query('lock table designers in exclusive mode');
  return async () => {
    await other.query('rollback');
    await other.end();
  };
}

describe('an external broker nobody listens on', () => {
  it('holds at most MQTT_MAX_PENDING publishes in memory and refuses the rest', async () => {
    const unused = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const app = Fastify({ logger: false });
    const policy = { authenticate: async () => undefined, maySubscribe: () => false, liveSessions: async () => new Set<string>() };
    await app.register(brokerPlugin, { mqttUrl: `mqtt://127.0.0.1:${unused}`, maxPending: 10, policy, recheckMs: 60_000 });
    await app.ready();
    const results = Array.from({ length: 25 }, (_, i) => app.broker.publish(`dwp/test/${i}`, 'x').then(
      () => 'published',
      (err: unknown) => (err instanceof BrokerBacklogError ? 'refused' : 'failed'),
    ));
    const refused = await Promise.all(results.slice(10));
    expect(refused).toEqual(Array(15).fill('refused'));
    expect(app.broker.pendingPublishes()).toBe(10);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('the embedded broker’s session re-check', () => {
  const { connect } = useMqttClients();

  it('leaves open a connection that authenticated while a re-check was running', async () => {
    // The re-check asks about the sessions open when it starts; a client that connects while the
    // query runs is absent from the answer because nobody asked, not because its session ended.
    let release: (live: Set<string>) => void = () => undefined;
    const asked: string[][] = [];
    const policy = {
      authenticate: async (_clientId: string, _user: string | undefined, password: string | undefined) =>
        password ? { designerId: password === 'a' ? 1 : 2, sessionId: password } : undefined,
      maySubscribe: () => true,
      liveSessions: (ids: readonly string[]) => {
        asked.push([...ids]);
        // The first query is held until the test releases it; later ones answer at once.
        return asked.length === 1 ? new Promise<Set<string>>((r) => (release = r)) : Promise.resolve(new Set(ids));
      },
    };
    const app = Fastify({ logger: false });
    await app.register(brokerPlugin, { policy, recheckMs: 20 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const url = `ws://127.0.0.1:${port}/mqtt`;
      const first = await connect(url, { clientId: 'a', username: 'a', password: 'a' });
      await vi.waitFor(() => expect(asked).toEqual([['a']]));
      const second = await connect(url, { clientId: 'b', username: 'b', password: 'b' });
      release(new Set(['a']));
      await vi.waitFor(() => expect(asked.some((ids) => ids.includes('b'))).toBe(true));
      // A re-check that asked about `b` has answered: `b` is live, and neither connection closed.
      await vi.waitFor(() => expect(asked.filter((ids) => ids.includes('b')).length).toBeGreaterThan(1));
      expect(second.closed).toBe(false);
      expect(first.closed).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('waiting for Redis at start (MQTT_CLUSTER_REDIS_URL)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL;

  async function freePort(): Promise<number> {
    return new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
  }

  it('gives up after the start timeout with the reason, having retried', async () => {
    const port = await freePort();
    const retries: number[] = [];
    const started = Date.now();
    const err = await waitForRedis(`redis://127.0.0.1:${port}`, 1_200, ({ attempt }) => retries.push(attempt)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedisUnavailableError);
    expect((err as Error).message).toMatch(/could not be reached within 1\.2 s/);
    expect((err as Error).message).toMatch(/无法连接/);
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it.skipIf(!REDIS_URL)('starts once Redis comes up during the wait (needs TEST_REDIS_URL)', async () => {
    // Redis "starts" a second late: a proxy to the real one begins listening after the first tries failed.
    const target = new URL(REDIS_URL!);
    const port = await freePort();
    const proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    const retries: number[] = [];
    const late = setTimeout(() => proxy.listen(port, '127.0.0.1'), 1_000);
    try {
      await waitForRedis(`redis://127.0.0.1:${port}`, 10_000, ({ attempt }) => retries.push(attempt));
      expect(retries.length).toBeGreaterThanOrEqual(1);
    } finally {
      clearTimeout(late);
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
