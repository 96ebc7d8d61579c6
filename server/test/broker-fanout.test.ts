/**
 * The embedded broker's fan-out off the request's path (issue #19, "Broker"): a request that
 * publishes (an announcement) is answered before the broker writes to any subscriber, and every
 * subscriber still gets it; a subscriber that stops reading delays nobody else and is closed once
 * it holds more than the broker's per-client buffer limit.
 */
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MQTT_TOPICS } from '../src/modules/messages/message-types.js';
import { CLIENT_BUFFER_LIMIT } from '../src/plugins/broker.js';
import { DEMO, dialects, expectEnvelope, type TestApp, useTestApp } from './support/harness.js';
import { type Probe, useMqttClients, withTimeout } from './support/mqtt.js';

interface Who {
  id: number;
  code: string;
  token: string;
}

async function who(t: TestApp, phone: string): Promise<Who> {
  const token = await t.sessionFor(phone);
  const profile = expectEnvelope<{ id: number; designer_id: string }>(await t.authed(token).get('/api/user/profile'), 200).data;
  return { id: profile.id, code: profile.designer_id, token };
}

describe.each(dialects)('embedded broker fan-out (%s)', (dialect) => {
  const t = useTestApp(dialect, { listen: true });
  const { connect } = useMqttClients();
  let lead: Who, a: Who, b: Who;

  beforeAll(async () => {
    [lead, a, b] = await Promise.all([who(t, DEMO.lead), who(t, DEMO.partTime2), who(t, DEMO.designer)]);
  });

  async function listener(w: Who): Promise<Probe> {
    const p = await connect(t.mqttUrl, { clientId: w.code, username: w.code, password: w.token, name: `mqtt ${w.code}` });
    expect(await p.subscribe([MQTT_TOPICS.designer(w.code), MQTT_TOPICS.announcements])).toEqual([1, 1]);
    return p;
  }

  it('answers the announcement before the broker writes to any subscriber; then every subscriber gets it', async () => {
    const pa = await listener(a);
    const pb = await listener(b);
    const handed = t.app.broker.fanOuts();
    const title = `停机维护 ${randomBytes(4).toString('hex')}`;
    const res = await t.authed(lead.token).post('/api/messages/announcements', { title, body: '今晚维护。', scope: 4 });
    // Answered, and the broker has not been handed the broadcast yet: it goes out on a later turn.
    const handedAtAnswer = t.app.broker.fanOuts();
    const { announcement_id } = expectEnvelope<{ announcement_id: number }>(res, 200).data;
    expect(handedAtAnswer).toBe(handed);
    const isIt = (m: { json?: { ext_json?: { info?: { announcement_id?: number } } } }) => m.json?.ext_json?.info?.announcement_id === announcement_id;
    await pa.waitFor(isIt, 'the announcement');
    await pb.waitFor(isIt, 'the announcement');
    expect(t.app.broker.fanOuts()).toBeGreaterThan(handed);
    // Nothing acknowledged is lost on the way: the announcement and its messages were stored before the answer.
    expect(await t.db.selectFrom('messages').select('id').where('designer_id', '=', a.id).where('message_type', '=', 29).where('title', 'like', `%${title}%`).execute()).toHaveLength(1);
  });

  it('a subscriber that stops reading delays nobody else, and is closed past the buffer limit', { timeout: 60_000 }, async () => {
    const fast = await listener(a);
    const stalled = await listener(b);
    const connectedBefore = t.app.broker.connectedClients();
    // The stalled client stops reading: its websocket stream fills, ws pauses the socket, and the
    // kernel buffers fill up between the two.
    const stream = stalled.client.stream as unknown as Duplex;
    stream.unpipe();
    stream.pause();

    // Enough to fill the loopback socket buffers several times over and then the broker's limit.
    const count = 400;
    const chunk = 'x'.repeat(64 * 1024);
    expect(count * chunk.length).toBeGreaterThan(16 * CLIENT_BUFFER_LIMIT);
    const started = Date.now();
    // Paced, as messages come: a client that reads keeps up; the stalled one only piles up.
    for (let i = 0; i < count; i++) {
      void t.app.broker.publish(MQTT_TOPICS.announcements, `${i}:${chunk}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The reading client gets every one of them, in order, while the other one reads nothing.
    await withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (fast.on(MQTT_TOPICS.announcements).length >= count ? resolve() : setTimeout(check, 20));
        check();
      }),
      45_000,
      `all ${count} messages at the reading client`,
    );
    const got = fast.on(MQTT_TOPICS.announcements).map((m) => Number(m.raw.slice(0, m.raw.indexOf(':'))));
    expect(got).toEqual(Array.from({ length: count }, (_, i) => i));
    console.log(`${dialect}: ${count} × 64 KiB reached the reading client in ${Date.now() - started} ms beside a stalled one`);
    // The broker closed the stalled connection (it held more than CLIENT_BUFFER_LIMIT unsent).
    await withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (t.app.broker.connectedClients() < connectedBefore ? resolve() : setTimeout(check, 20));
        check();
      }),
      10_000,
      'the broker to close the stalled client',
    );
    expect(stalled.received.length).toBeLessThan(count);
  });
});
