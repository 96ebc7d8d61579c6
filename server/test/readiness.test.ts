/**
 * GET /api/system/ready, what a load balancer asks each instance: ready when its database and its
 * broker backend answer and it is not draining; 503 saying which part is missing otherwise. And
 * issue #20's "Redis restarting must not lose a persisted message": the database is the record.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { designerCode } from '../src/domain/designers.js';
import { MESSAGE_TYPE, MQTT_TOPICS } from '../src/modules/messages/message-types.js';
import { createTestDatabase, DEMO, dialects, expectEnvelope, startApp, type TestApp, type TestDatabase } from './support/harness.js';
import { useMqttClients } from './support/mqtt.js';

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

  const { connect } = useMqttClients();
  it.skipIf(!REDIS_URL)(
    `cluster mode: a message written while Redis is away is kept and listed at once, published once Redis is back, and live delivery resumes${REDIS_URL ? '' : ' — SKIPPED: TEST_REDIS_URL is not set'}`,
    async () => {
      const target = new URL(REDIS_URL!);
      const relay = new Relay(target.hostname, Number(target.port || 6379));
      const port = await relay.open();
      const app = await start({ listen: true, config: { mqttClusterRedisUrl: `redis://127.0.0.1:${port}` } });
      await app.seed();
      const token = await app.sessionFor(DEMO.designer);
      const me = app.authed(token);
      const designer = await app.db.selectFrom('designers').select('id').where('phone', '=', DEMO.designer).executeTakeFirstOrThrow();
      const send = (title: string) =>
        app.app.unitOfWork(async (_trx, { send: queue }) => {
          queue([designer.id], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title, info: { ticket_id: 1 } });
        });
      const listed = async (title: string) =>
        expectEnvelope<{ items: { ext_json: { title: string } }[] }>(await me.get('/api/messages/messages?page=1&pageSize=50'), 200).data.items.some((m) => m.ext_json.title === title);

      await relay.cut();
      const during = `Redis 中断期间 ${Date.now()}`;
      await send(during);
      // The database is the record: the message is there and in the designer's list at once.
      expect(await listed(during)).toBe(true);

      await relay.open(port);
      // Published once Redis is back (the publish that waited, or the outbox relay).
      const published = await until(
        async () => (await app.db.selectFrom('messages').select('published_at').where('title', '=', during).executeTakeFirstOrThrow()).published_at,
        (at) => at !== null,
        45_000,
      );
      expect(published).not.toBeNull();
      // A browser connected now gets new messages live again.
      const code = designerCode(designer.id);
      const probe = await connect(app.mqttUrl, { clientId: code, username: code, password: token, name: 'after Redis' });
      await probe.subscribe(MQTT_TOPICS.designer(code));
      const after = `Redis 恢复之后 ${Date.now()}`;
      await send(after);
      expect((await probe.waitFor((m) => (m.json as { ext_json?: { title?: string } } | undefined)?.ext_json?.title === after, 'the message after Redis came back')).topic).toBe(
        MQTT_TOPICS.designer(code),
      );
      expect(await app.db.selectFrom('messages').select('id').where('title', 'in', [during, after]).execute()).toHaveLength(2);
    },
    90_000,
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

/** Polls `probe` until `done` holds (20 s at most, or `ms`), returning the last answer. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
