/**
 * GET /api/system/ready, what a load balancer asks each instance: ready when its database and its
 * broker backend answer and it is not draining; 503 saying which part is missing otherwise.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, startApp, type TestApp, type TestDatabase } from './support/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.each(dialects)('readiness (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    await database?.drop();
    t = undefined;
    database = undefined;
  });

  async function start(config: Parameters<typeof startApp>[1] = {}) {
    database = await createTestDatabase(dialect);
    t = await startApp(database, config);
    return t;
  }

  it('is ready with the embedded broker, and not ready once draining (SIGTERM with SHUTDOWN_DELAY_MS)', async () => {
    const app = await start();
    const ready = await app.anon.get('/api/system/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, broker: true, draining: false });
    app.app.readiness.beginDrain();
    const draining = await app.anon.get('/api/system/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ ready: false, database: true, broker: true, draining: true });
    // Draining changes readiness only: the instance still serves what reaches it.
    expect((await app.anon.get('/api/system/config')).statusCode).toBe(200);
  });

  it.skipIf(!REDIS_URL)(
    `cluster mode: not ready while Redis cannot be reached, saying the broker is why, and ready again once it is back${REDIS_URL ? '' : ' — SKIPPED: TEST_REDIS_URL is not set'}`,
    async () => {
      // Redis behind a TCP relay this test can cut: the shared Redis itself stays up for others.
      const target = new URL(REDIS_URL!);
      const relay = new Relay(target.hostname, Number(target.port || 6379));
      const port = await relay.open();
      const app = await start({ config: { mqttClusterRedisUrl: `redis://127.0.0.1:${port}` } });
      expect(app.app.broker.mode).toBe('cluster');
      const ready = async () => {
        const res = await app.anon.get('/api/system/ready');
        return { status: res.statusCode, body: res.json() as unknown };
      };
      expect(await ready()).toEqual({ status: 200, body: { ready: true, database: true, broker: true, draining: false } });

      await relay.cut();
      expect(await until(ready, (r) => r.status === 503)).toEqual({ status: 503, body: { ready: false, database: true, broker: false, draining: false } });
      // Still serving what reaches it, and alive: Redis away is never thrown.
      expect((await app.anon.get('/api/system/config')).statusCode).toBe(200);

      await relay.open(port);
      expect(await until(ready, (r) => r.status === 200)).toEqual({ status: 200, body: { ready: true, database: true, broker: true, draining: false } });
      // Closing while Redis is away ends cleanly too (no unhandled rejection).
      await relay.cut();
      await app.app.close();
      t = undefined;
    },
    60_000,
  );
});

/** A TCP relay to Redis that the test can cut (closing every connection) and open again on the same port. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  open(port = 0): Promise<number> {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.port, this.host);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => this.sockets.delete(s));
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    this.server = server;
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

/** Polls `probe` until `done` holds (20 s at most), returning the last answer. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
