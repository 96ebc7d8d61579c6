/**
 * Real-time messaging (product.md §7): the embedded Aedes broker at /mqtt on the API port, driven
 * with mqtt.js over a real websocket, and the external-broker mode against TEST_MQTT_URL.
 *
 * Nothing here sleeps: deliveries are awaited with timeouts, and "did not arrive" is shown with a
 * barrier (a later message on the same connection; the broker delivers in order).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { advanceClock } from '../src/lib/time.js';
import { MQTT_TOPICS } from '../src/modules/messages/message-types.js';
import { DEMO, dialects, expectEnvelope, type TestApp, useTestApp } from './support/harness.js';
import { type ConnectError, MQTT_WAIT_MS, type Probe, useMqttClients, withTimeout } from './support/mqtt.js';

const ANNOUNCEMENT_TOPIC = MQTT_TOPICS.announcements;
const designerTopic = MQTT_TOPICS.designer;

const EXTERNAL_MQTT_URL = process.env.TEST_MQTT_URL || undefined;

/** Bad username or password (MQTT 3.1.1 CONNACK return code 4); the broker uses it for every refusal. */
const REFUSED = 4;

interface Who {
  id: number;
  /** designer_id, e.g. D000002: the MQTT client id and username. */
  code: string;
  token: string;
}

async function who(t: TestApp, phone: string, token?: string): Promise<Who> {
  const tok = token ?? (await t.sessionFor(phone));
  const res = await t.authed(tok).get('/api/user/profile');
  const profile = expectEnvelope<{ id: number; designer_id: string }>(res, 200).data;
  return { id: profile.id, code: profile.designer_id, token: tok };
}

const nonce = () => randomBytes(6).toString('hex');

/** A ticket message as a domain event would send it. */
function ticketMessage(title = `系统为你分配了新工单 T${Date.now() % 1_000_000}，请及时处理`) {
  return { type: 2, title, info: { ticket_id: 202611999, allocation_id: 7001 } };
}

describe.each(dialects)('embedded MQTT broker (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    listen: true,
    // The demo emit call exists only in demo mode; password reset needs a second SMS code per phone.
    config: { demoMode: true },
    rateLimits: { codePerPhone: { limit: 100, windowSeconds: 60 } },
  });
  const { connect } = useMqttClients();
  /** A = part-time designer, B = regular designer, both in the lead's team. */
  let lead: Who, a: Who, b: Who;

  beforeAll(async () => {
    [lead, a, b] = await Promise.all([who(t, DEMO.lead), who(t, DEMO.partTime2), who(t, DEMO.designer)]);
  });

  /** Connects as a designer the way the browser does (client id = username = designer_id, password = token). */
  const connectAs = (w: Who, extra: { clientId?: string; username?: string; password?: string } = {}) =>
    connect(t.mqttUrl, {
      clientId: w.code,
      username: w.code,
      password: w.token,
      name: `mqtt ${extra.clientId ?? w.code}`,
      ...extra,
    });

  /** Connected and subscribed to its own topic and the announcements. */
  async function listener(w: Who): Promise<Probe> {
    const p = await connectAs(w);
    expect(await p.subscribe([designerTopic(w.code), ANNOUNCEMENT_TOPIC])).toEqual([1, 1]);
    return p;
  }

  /** Sends a message to `w` through the service and waits until `p` has it: proves `p` is open and everything before it arrived. */
  async function barrier(p: Probe, w: Who) {
    const [sent] = await t.app.messages.send([w.id], ticketMessage(`屏障消息 ${nonce()}`));
    await p.waitFor((m) => m.json?.message_id === sent!.message_id, 'the barrier message');
  }

  /** Expects a refusal: CONNACK with `code`, or 'dropped' (socket closed without a CONNACK). */
  async function expectRefused(attempt: Promise<Probe>, code: number | 'dropped' = REFUSED) {
    const err = await attempt.then(
      () => undefined,
      (e: ConnectError) => e,
    );
    expect(err, 'the connection should have been refused').toBeInstanceOf(Error);
    expect(err!.code ?? 'dropped').toBe(code);
  }

  describe('connecting', () => {
    it('accepts a live token whose designer matches the client id and username', async () => {
      const p = await connectAs(b);
      expect(p.client.connected).toBe(true);
      expect(t.app.broker.mode).toBe('embedded');
    });

    it('drops a password without a username (MQTT 3.1.1 forbids it; the browser always sends both)', async () => {
      await expectRefused(connect(t.mqttUrl, { clientId: b.code, password: b.token, name: 'no username' }), 'dropped');
    });

    it.each([
      ['a garbage token', 'not-a-token'],
      ['a well-formed but unknown token', randomBytes(32).toString('base64url')],
      ['an empty password', ''],
    ])('refuses %s', async (_case, password) => {
      await expectRefused(connectAs(b, { password }));
    });

    it('refuses a connection without a password', async () => {
      await expectRefused(connect(t.mqttUrl, { clientId: b.code, username: b.code, name: 'no password' }));
    });

    it("refuses designer A's token with designer B's client id (and username)", async () => {
      await expectRefused(connectAs(a, { clientId: b.code, username: b.code }));
    });

    it("refuses designer A's token with B's client id even when the username is A's", async () => {
      await expectRefused(connectAs(a, { clientId: b.code, username: a.code }));
    });

    it('refuses a username that differs from the client id', async () => {
      await expectRefused(connectAs(a, { username: b.code }));
    });

    it('accepts a per-tab client id `<designer_id>_<tab>` and keeps two tabs connected side by side', async () => {
      const tab1 = await connectAs(b, { clientId: `${b.code}_tab1` });
      const tab2 = await connectAs(b, { clientId: `${b.code}_tab2` });
      expect(tab1.client.connected).toBe(true);
      expect(tab2.client.connected).toBe(true);
    });

    it("refuses a tab client id built on another designer's id", async () => {
      await expectRefused(connectAs(a, { clientId: `${b.code}_tab1`, username: a.code }));
      await expectRefused(connectAs(b, { clientId: `${b.code}-tab1` }));
    });

    it('refuses a token revoked by logout on a new connection', async () => {
      const fresh = await who(t, DEMO.partTime3);
      expectEnvelope(await t.authed(fresh.token).post('/api/user/logout'), 200);
      await expectRefused(connectAs(fresh));
    });

    it('refuses the token of a disabled account', async () => {
      const user = await t.registerUser();
      const w = await who(t, user.phone, user.token);
      await t.db.updateTable('designers').set({ account_status: 0 }).where('id', '=', w.id).execute();
      await expectRefused(connectAs(w));
    });
  });

  describe('sessions ending close live connections', () => {
    it('closes the connection of a session when it logs out, and only that one', async () => {
      const fresh = await who(t, DEMO.partTime3);
      const p = await listener(fresh);
      const witness = await listener(b);
      expectEnvelope(await t.authed(fresh.token).post('/api/user/logout'), 200);
      await p.waitClosed();
      await barrier(witness, b); // another designer's connection is still open
      await expectRefused(connectAs(fresh));
    });

    it('closes every connection of a designer whose password is reset', async () => {
      const user = await t.registerUser();
      const w = await who(t, user.phone, user.token);
      const p = await listener(w);
      const witness = await listener(b);
      const code = await t.sendCode(user.phone, 'reset_password');
      expectEnvelope(await t.anon.post('/api/user/reset-password', { phone: user.phone, code, password: 'N3wPassw0rd' }), 200);
      await p.waitClosed();
      await barrier(witness, b);
      await expectRefused(connectAs(w));
    });
  });

  describe('subscribing', () => {
    it("refuses another designer's topic with SUBACK 128 and keeps the connection open", async () => {
      const p = await connectAs(a);
      expect(await p.subscribe(designerTopic(b.code))).toEqual([128]);
      expect(await p.subscribe(designerTopic(a.code))).toEqual([1]);
      await t.app.messages.send([b.id], ticketMessage('发给设计师B的消息'));
      await barrier(p, a);
      expect(p.received.map((m) => m.topic)).toEqual([designerTopic(a.code)]);
    });

    it.each(['#', 'designers/+/messages', 'designers/#', '+/+/messages', '$SYS/#', 'announcements/#'])(
      'refuses the wildcard %s',
      async (topic) => {
        const p = await connectAs(a);
        expect(await p.subscribe(topic)).toEqual([128]);
        expect(p.client.connected).toBe(true);
        await t.app.messages.send([b.id], ticketMessage('发给设计师B的消息'));
        expect(await p.subscribe(designerTopic(a.code))).toEqual([1]);
        await barrier(p, a);
        expect(p.received.map((m) => m.topic)).toEqual([designerTopic(a.code)]);
      },
    );

    it('grants own topics and refuses the others in one SUBSCRIBE', async () => {
      const p = await connectAs(a);
      expect(await p.subscribe([designerTopic(a.code), designerTopic(b.code), ANNOUNCEMENT_TOPIC, designerTopic(lead.code)])).toEqual([
        1, 128, 1, 128,
      ]);
    });
  });

  describe('clients may not publish', () => {
    it.each([
      ["another designer's topic", () => designerTopic(b.code)],
      ['the announcements topic', () => ANNOUNCEMENT_TOPIC],
      ['its own topic', () => designerTopic(a.code)],
    ])('a publish to %s drops the client and reaches nobody', async (_case, topicOf) => {
      const victim = await listener(b);
      const forger = await connectAs(a);
      const marker = `forged-${nonce()}`;
      const forged = { message_id: 1, message_type: 29, ext_json: { title: marker, info: {} }, announcement_scope: 4 };
      forger.client.publish(topicOf(), JSON.stringify(forged), { qos: 1 });
      await forger.waitClosed();
      await barrier(victim, b);
      expect(victim.received.some((m) => m.raw.includes(marker))).toBe(false);
    });

    it('a QoS 0 publish is refused too', async () => {
      const victim = await listener(b);
      const forger = await connectAs(a);
      const marker = `forged-${nonce()}`;
      forger.client.publish(designerTopic(b.code), marker, { qos: 0 });
      await forger.waitClosed();
      await barrier(victim, b);
      expect(victim.received.some((m) => m.raw.includes(marker))).toBe(false);
    });
  });

  describe('the websocket endpoint', () => {
    /** Opens a raw websocket (subprotocol mqtt); resolves 'open' or 'refused'. */
    function rawUpgrade(path: string): Promise<'open' | 'refused'> {
      const ws = new WebSocket(`ws://127.0.0.1:${t.port}${path}`, 'mqtt');
      const outcome = new Promise<'open' | 'refused'>((resolve) => {
        ws.once('open', () => resolve('open'));
        ws.once('error', () => resolve('refused'));
        ws.once('unexpected-response', () => resolve('refused'));
        ws.once('close', () => resolve('refused'));
      });
      return withTimeout(outcome, MQTT_WAIT_MS, `websocket upgrade on ${path}`).finally(() => ws.terminate());
    }

    it('upgrades at /mqtt (a query string is ignored)', async () => {
      expect(await rawUpgrade('/mqtt')).toBe('open');
      expect(await rawUpgrade('/mqtt?x=1')).toBe('open');
    });

    it.each(['/', '/mqttx', '/mqtt/', '/api/mqtt', '/api/user/profile', '/MQTT'])('refuses an upgrade on %s', async (path) => {
      expect(await rawUpgrade(path)).toBe('refused');
    });

    it('an mqtt.js client on another path fails (within our own timeout) instead of hanging', async () => {
      const err = await connect(`ws://127.0.0.1:${t.port}/ws`, { clientId: b.code, username: b.code, password: b.token, timeoutMs: 3_000 }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err).toBeInstanceOf(Error);
    });
  });

  describe('delivery', () => {
    it("a message emitted by the lead reaches the designer's subscription and nobody else's", async () => {
      const pa = await listener(a);
      const pb = await listener(b);
      const res = await t.authed(lead.token).post('/api/demo/emit-message', { designer_id: b.code, message_type: 20 });
      const { message_id } = expectEnvelope<{ message_id: number }>(res, 200).data;
      const got = await pb.waitFor((m) => m.json?.message_id === message_id, 'the emitted message');
      expect(got.topic).toBe(designerTopic(b.code));
      expect(got.json).toMatchObject({ message_id, message_type: 20, ext_json: { info: { ticket_id: expect.any(Number) } } });
      expect(got.json.ext_json.title).toMatch(/[\u4e00-\u9fff]/);
      expect(typeof got.json.created_time).toBe('string');
      await barrier(pa, a);
      expect(pa.received.some((m) => m.json?.message_id === message_id)).toBe(false);
      expect(pa.received.every((m) => m.topic === designerTopic(a.code))).toBe(true);
    });

    it('a message sent through the message service reaches only its recipient, with the spec fields', async () => {
      const pa = await listener(a);
      const pb = await listener(b);
      const title = '你的费用申诉（工单 T202611007）已通过审核';
      const [sent] = await t.app.messages.send([b.id], { type: 8, title, info: { ticket_id: 202611007, allocation_id: 5006 } });
      const got = await pb.waitFor((m) => m.json?.message_id === sent!.message_id, 'the sent message');
      expect(got.topic).toBe(designerTopic(b.code));
      expect(got.json).toEqual({
        message_id: sent!.message_id,
        message_type: 8,
        ext_json: { title, info: { ticket_id: 202611007, allocation_id: 5006 } },
        created_time: sent!.created_time,
      });
      await barrier(pa, a);
      expect(pa.received.some((m) => m.json?.message_id === sent!.message_id)).toBe(false);
    });

    it('one send to several designers gives each their own message on their own topic', async () => {
      const pa = await listener(a);
      const pb = await listener(b);
      const sent = await t.app.messages.send([a.id, b.id, a.id], ticketMessage('工单 T202611005 已转派'));
      expect(sent).toHaveLength(2);
      const ids = sent.map((s) => s.message_id);
      const [ga, gb] = await Promise.all([
        pa.waitFor((m) => ids.includes(m.json?.message_id)),
        pb.waitFor((m) => ids.includes(m.json?.message_id)),
      ]);
      expect(ga.topic).toBe(designerTopic(a.code));
      expect(gb.topic).toBe(designerTopic(b.code));
      expect(ga.json.message_id).not.toBe(gb.json.message_id);
      expect(new Set(ids)).toEqual(new Set([ga.json.message_id, gb.json.message_id]));
    });

    it('a published announcement is broadcast once on `announcements` with scope and products; no per-designer publish', async () => {
      const pa = await listener(a);
      const pb = await listener(b);
      const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
      const title = `系统维护通知 ${nonce()}`;
      const res = await t.authed(lead.token).post('/api/messages/announcements', { title, body: '今晚 22:00 维护。', scope: 4, product_ids: [product.id] });
      const { announcement_id } = expectEnvelope<{ announcement_id: number }>(res, 200).data;
      const isIt = (m: { json?: { ext_json?: { info?: { announcement_id?: number } } } }) => m.json?.ext_json?.info?.announcement_id === announcement_id;
      const got = await pb.waitFor(isIt, 'the announcement broadcast');
      expect(got.topic).toBe(ANNOUNCEMENT_TOPIC);
      expect(got.json).toMatchObject({
        message_type: 29,
        announcement_scope: 4,
        product_ids: [product.id],
        ext_json: { title: expect.stringContaining(title), info: { announcement_id } },
      });
      // Everyone connected gets the broadcast (clients apply the scope and product rules).
      await pa.waitFor(isIt, 'the announcement broadcast');
      await barrier(pa, a);
      await barrier(pb, b);
      for (const p of [pa, pb]) {
        expect(p.received.filter(isIt)).toHaveLength(1);
        expect(p.received.filter((m) => m.json?.message_type === 29).map((m) => m.topic)).toEqual([ANNOUNCEMENT_TOPIC]);
      }
    });

    it('a designer connecting later still finds an offline message in the list (no retained delivery)', async () => {
      const [sent] = await t.app.messages.send([a.id], ticketMessage('离线时收到的消息'));
      const pa = await listener(a);
      await barrier(pa, a);
      expect(pa.received.some((m) => m.json?.message_id === sent!.message_id)).toBe(false);
      const list = expectEnvelope(await t.authed(a.token).get('/api/messages/messages?pageSize=5'), 200).data;
      expect(list.items.map((m: { message_id: number }) => m.message_id)).toContain(sent!.message_id);
    });
  });
});

// -----------------------------------------------------------------------------------------------
// External broker (MQTT_URL): the API publishes to it; browsers (here a plain mqtt.js client)
// connect to it directly. CI sets TEST_MQTT_URL=mqtt://127.0.0.1:1883 (a local Mosquitto).

const externalTitle = EXTERNAL_MQTT_URL
  ? `external MQTT broker at ${EXTERNAL_MQTT_URL} (%s)`
  : 'external MQTT broker (%s) — SKIPPED: TEST_MQTT_URL is not set (e.g. TEST_MQTT_URL=mqtt://127.0.0.1:1883)';

describe.skipIf(!EXTERNAL_MQTT_URL).each(dialects)(externalTitle, (dialect) => {
  const t = useTestApp(dialect, { config: { mqttUrl: EXTERNAL_MQTT_URL } });
  const { connect } = useMqttClients();
  let lead: Who, b: Who;

  beforeAll(async () => {
    [lead, b] = await Promise.all([who(t, DEMO.lead), who(t, DEMO.designer)]);
    // The API's own client connects in the background; wait for it (a shared broker, so no topics are assumed empty).
    await withTimeout(
      (async () => {
        while (t.app.broker.connectedClients() < 1) await new Promise((r) => setTimeout(r, 20));
      })(),
      MQTT_WAIT_MS,
      'the API to connect to the external broker',
    );
  });

  /** A plain subscriber on the external broker (anonymous, random client id). */
  async function subscriber(topics: string[]) {
    const p = await connect(EXTERNAL_MQTT_URL!, { clientId: `test-sub-${nonce()}`, name: 'external subscriber' });
    expect(await p.subscribe(topics)).toEqual(topics.map(() => 1));
    return p;
  }

  it('runs in external mode', () => {
    expect(t.app.broker.mode).toBe('external');
    expect(t.app.broker.connectedClients()).toBe(1);
  });

  it("a message sent with the message service reaches a subscriber of the designer's topic", async () => {
    const p = await subscriber([designerTopic(b.code)]);
    const title = `工单 T202611004 催稿 ${nonce()}`;
    const [sent] = await t.app.messages.send([b.id], { type: 20, title, info: { ticket_id: 202611004, allocation_id: 5003 } });
    const got = await p.waitFor((m) => m.json?.message_id === sent!.message_id && m.json?.ext_json?.title === title, 'the message via the external broker');
    expect(got.topic).toBe(designerTopic(b.code));
    expect(got.json).toMatchObject({ message_type: 20, ext_json: { title, info: { ticket_id: 202611004 } } });
  });

  it('a published announcement reaches a subscriber of `announcements`', async () => {
    const p = await subscriber([ANNOUNCEMENT_TOPIC]);
    const title = `外部代理公告 ${nonce()}`;
    const res = await t.authed(lead.token).post('/api/messages/announcements', { title, body: '内容', scope: 1 });
    const { announcement_id } = expectEnvelope<{ announcement_id: number }>(res, 200).data;
    const got = await p.waitFor(
      (m) => m.json?.ext_json?.info?.announcement_id === announcement_id && String(m.json?.ext_json?.title).includes(title),
      'the announcement via the external broker',
    );
    expect(got.json).toMatchObject({ message_type: 29, announcement_scope: 1, product_ids: [] });
  });
});

/** Issue #23: a session that ends with nobody to emit `ended` (expiry, an account disabled in the database). */
describe.each(dialects)('open broker connections end with their session (%s)', (dialect) => {
  const t = useTestApp(dialect, { listen: true, config: { brokerRecheckMs: 100 } });
  const { connect } = useMqttClients();

  async function listen(phone: string) {
    const token = await t.sessionFor(phone);
    const me = expectEnvelope<{ id: number; designer_id: string }>(await t.authed(token).get('/api/user/profile'), 200).data;
    const p = await connect(t.mqttUrl, { clientId: me.designer_id, username: me.designer_id, password: token });
    expect(await p.subscribe(MQTT_TOPICS.designer(me.designer_id))).toEqual([1]);
    return { p, me };
  }

  it('closes a connection when its token expires, and not before', async () => {
    const { p } = await listen(DEMO.partTime3);
    const witness = await listen(DEMO.designer);
    // A minute before expiry the re-checks (every 100 ms here) leave it open. The one wait in this
    // file: a close that must not happen has no event to await, so four re-check periods pass.
    advanceClock(t.app.config.tokenTtlHours * 3600_000 - 60_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(p.closed).toBe(false);
    expect(witness.p.closed).toBe(false);
    advanceClock(61_000);
    await p.waitClosed();
    await witness.p.waitClosed(); // its token (same TTL) expired too
  });

  it('closes a connection when the account is disabled, and only that account’s', async () => {
    const user = await t.registerUser();
    const { p, me } = await listen(user.phone);
    const witness = await listen(DEMO.designer);
    await t.db.updateTable('designers').set({ account_status: 0 }).where('id', '=', me.id).execute();
    await p.waitClosed();
    const [sent] = await t.app.messages.send([witness.me.id], { type: 2, title: `屏障 ${Date.now()}`, info: { ticket_id: 1, allocation_id: 1 } });
    await witness.p.waitFor((m) => (m.json as { message_id?: number } | undefined)?.message_id === sent!.message_id, 'the barrier');
    expect(witness.p.closed).toBe(false);
  });
});
