/**
 * Scale-out: three instances of the real server entry (`server/src/server.ts`), each a process of
 * its own with its embedded broker, on one PostgreSQL database and sharing their brokers through
 * Redis (MQTT_CLUSTER_REDIS_URL). Browsers are mqtt.js clients over real websockets, each
 * connected to one instance; every call goes over real HTTP to the instance the test names.
 *
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both); skipped, saying why, without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '../src/modules/messages/index.js';
import { call as callAt, createCrashDatabase, type CrashDatabase, withPg } from './support/crash-load.js';
import { DEMO, DEMO_PASSWORD, freshPhone, PG_URL } from './support/harness.js';
import { type Probe, useMqttClients } from './support/mqtt.js';
import { exited, type ServerProcess, serverEnv, startServer } from './support/server-process.js';
import { freshOrderNo } from './support/tickets.js';

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const API_KEY = 'scale-out-integration-key';
const INSTANCES = 3;

const missing = [!PG_URL && 'TEST_DATABASE_URL', !REDIS_URL && 'TEST_REDIS_URL'].filter(Boolean);
const title = missing.length
  ? `three instances on PostgreSQL sharing their brokers through Redis — SKIPPED: ${missing.join(' and ')} not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379)`
  : `three instances on PostgreSQL sharing their brokers through Redis (${REDIS_URL})`;

describe.skipIf(missing.length > 0)(title, () => {
  let database: CrashDatabase;
  const instances: ServerProcess[] = [];
  const { connect } = useMqttClients();

  /** A call to instance `i` (JSON in and out). */
  async function call(i: number, method: string, url: string, opts: { body?: unknown; token?: string; apiKey?: string; headers?: Record<string, string> } = {}) {
    const answer = await callAt(instances[i]!.base, method, url, opts);
    expect(answer.error, `${method} ${url}`).toBeUndefined();
    return { status: answer.status!, json: answer.body };
  }

  async function login(i: number, phone: string): Promise<{ token: string; code: string }> {
    const res = await call(i, 'POST', '/api/user/login', { body: { phone, password: DEMO_PASSWORD } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const token = res.json.data.token as string;
    const profile = await call(i, 'GET', '/api/user/profile', { token });
    return { token, code: profile.json.data.designer_id as string };
  }

  /** A browser of designer `who` connected to instance `i`, listening to its own topic and the announcements. */
  async function browserOn(i: number, who: { token: string; code: string }, name: string): Promise<Probe> {
    const probe = await connect(`ws://127.0.0.1:${instances[i]!.port}/mqtt`, { clientId: who.code, username: who.code, password: who.token, name });
    expect(await probe.subscribe([`designers/${who.code}/messages`, 'announcements'])).toEqual([1, 1]);
    return probe;
  }

  beforeAll(async () => {
    database = await createCrashDatabase('postgres', PG_URL);
    // One data directory (the local object store) and one upload secret, as on one machine.
    const env = serverEnv(database.dataDir, {
      DATABASE_URL: database.url,
      MQTT_CLUSTER_REDIS_URL: REDIS_URL,
      INTEGRATION_API_KEY: API_KEY,
      LOCAL_OSS_SECRET: 'scale-out-test-local-store-secret',
    });
    // The first seeds the demo data; the others find it there.
    instances.push(await startServer(env));
    instances.push(...(await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startServer(env)))));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async (s) => {
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
        await exited(s.child);
      }),
    );
    await database?.drop();
  });

  it('every instance is ready: its database and Redis answer', async () => {
    for (let i = 0; i < INSTANCES; i++) {
      const res = await call(i, 'GET', '/api/system/ready');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ready: true, database: true, broker: true, draining: false });
    }
  });

  it('an announcement a lead publishes on instance A reaches a designer whose browser is connected to instance B, live', async () => {
    const lead = await login(0, DEMO.lead);
    const designer = await login(1, DEMO.designer);
    const browser = await browserOn(1, designer, 'designer on B');
    const title = `跨实例公告 ${Date.now()}`;
    const res = await call(0, 'POST', '/api/messages/announcements', { token: lead.token, body: { title, body: '请各位知悉。', scope: 4 } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const got = await browser.waitFor((m) => m.topic === 'announcements' && JSON.stringify(m.json).includes(title), 'the announcement');
    expect(got.json.message_type).toBe(MESSAGE_TYPE.ANNOUNCEMENT);
  });

  it("a ticket assigned on instance C reaches the designer's browser on instance A, and their list on A shows it", async () => {
    const lead = await login(2, DEMO.lead);
    const designer = await login(0, DEMO.designer);
    const browser = await browserOn(0, designer, 'designer on A');
    const products = await call(2, 'GET', '/api/designer-product/available-products?pageSize=99', { token: lead.token });
    const shops = await call(2, 'GET', '/api/user/shops', { token: lead.token });
    const productId = (products.json.data.items as { product_id: number; name: string }[]).find((p) => p.name === '彩盒')!.product_id;
    const shopId = (shops.json.data.items as { shop_id: number }[])[0]!.shop_id;
    const orderNo = freshOrderNo();
    const ingested = await call(2, 'POST', '/api/integration/orders', {
      apiKey: API_KEY,
      body: { order_no: orderNo, shop_id: shopId, product_id: productId, title: '彩盒设计｜跨实例', requirements: '按附件排版', allowed_minutes: 480, fee_cents: 3500 },
    });
    expect(ingested.status, JSON.stringify(ingested.json)).toBe(200);
    const ticketId = ingested.json.data.ticket.ticket_id as number;
    const assigned = await call(2, 'POST', `/api/tickets/${ticketId}/assign`, { token: lead.token, body: { designer_id: designer.code, confirm: ['offline', 'over_capacity', 'unqualified'] } });
    expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);
    const got = await browser.waitFor((m) => m.json?.message_type === MESSAGE_TYPE.MANUALLY_ASSIGNED && m.json?.ext_json?.info?.ticket_id === ticketId, 'the assignment message');
    expect(got.topic).toBe(`designers/${designer.code}/messages`);
    const mine = await call(0, 'GET', `/api/tickets?keyword=${orderNo}`, { token: designer.token });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect((mine.json.data.items as { ticket_id: number }[]).map((t) => t.ticket_id)).toContain(ticketId);
  });

  it('a token from instance A works on B and C; a logout on B ends it on A at once, and closes its browser connection on C', async () => {
    const designer = await login(0, DEMO.partTime3);
    for (let i = 0; i < INSTANCES; i++) expect((await call(i, 'GET', '/api/user/profile', { token: designer.token })).status).toBe(200);
    const browser = await browserOn(2, designer, 'part-timer on C');
    expect((await call(1, 'POST', '/api/user/logout', { token: designer.token })).status).toBe(200);
    expect((await call(0, 'GET', '/api/user/profile', { token: designer.token })).status).toBe(401);
    await browser.waitClosed();
  });

  it('of 200 simultaneous grabs of one hall ticket spread over the three instances, exactly one wins', async () => {
    const lead = await login(0, DEMO.lead);
    const products = await call(0, 'GET', '/api/designer-product/available-products?pageSize=99', { token: lead.token });
    const shops = await call(0, 'GET', '/api/user/shops', { token: lead.token });
    const productId = (products.json.data.items as { product_id: number; name: string }[]).find((p) => p.name === '彩盒')!.product_id;
    const shopId = (shops.json.data.items as { shop_id: number }[])[0]!.shop_id;
    const ingested = await call(1, 'POST', '/api/integration/orders', {
      apiKey: API_KEY,
      body: { order_no: freshOrderNo(), shop_id: shopId, product_id: productId, title: '彩盒设计｜抢单', requirements: '按附件排版', allowed_minutes: 480, fee_cents: 3500 },
    });
    expect(ingested.status, JSON.stringify(ingested.json)).toBe(200);
    const ticketId = ingested.json.data.ticket.ticket_id as number;
    expect(ingested.json.data.ticket.designer_id).toBeNull();
    const grabbers = [(await login(0, DEMO.partTime2)).token, (await login(1, DEMO.partTime2)).token];
    // Room today, whatever the demo data's hall grabs left the part-timer (it depends on the hour).
    await withPg(database.url, (c) =>
      c.query('update designer_loads set assigned_today = 0 where designer_id = (select id from designers where phone = $1)', [DEMO.partTime2]),
    );
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i % INSTANCES, 'POST', `/api/order-hall/tickets/${ticketId}/grab`, { token: grabbers[i % 2] })),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won, JSON.stringify(replies.filter((r) => r.status !== 409).slice(0, 3))).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(199);
  }, 60_000);

  it('login limits are shared: wrong passwords spread over the instances count together', async () => {
    const phone = freshPhone();
    // The default: 10 per phone in 15 minutes.
    for (let i = 0; i < 10; i++) {
      const res = await call(i % INSTANCES, 'POST', '/api/user/login', { body: { phone, password: 'Wrong-password-1' } });
      expect(res.status, JSON.stringify(res.json)).not.toBe(429);
    }
    for (let i = 0; i < INSTANCES; i++) expect((await call(i, 'POST', '/api/user/login', { body: { phone, password: 'Wrong-password-1' } })).status).toBe(429);
    // Thirteen password checks, deliberately slow: room for a loaded machine.
  }, 90_000);

  it('broker hooks refuse everything on a deployment that set no MQTT_HOOK_SECRET, whatever header is sent', async () => {
    const designer = await login(0, DEMO.designer);
    const res = await call(0, 'POST', '/api/mqtt/auth', {
      headers: { 'x-broker-secret': 'anything-at-all-0123456789' },
      body: { clientid: designer.code, username: designer.code, password: designer.token },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ result: 'deny' });
  });
});
