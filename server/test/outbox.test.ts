/**
 * The unit of work and the message outbox (modules/messages/unit-of-work.ts, outbox.ts): a change
 * and its messages commit together or not at all; published rows are marked; rows a dead process
 * left unpublished are published by the relay, once, however many relays run. An announcement's
 * broadcast goes through the same outbox.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPE, MQTT_TOPICS } from '../src/modules/messages/message-types.js';
import { RELAY_AFTER_MS, RELAY_MAX_AGE_MS } from '../src/modules/messages/outbox.js';
import { openDatabase } from '../src/db/database.js';
import { createTestDatabase, DEMO, dialects, expectEnvelope, startApp, type TestApp, useTestApp } from './support/harness.js';
import { useMqttClients } from './support/mqtt.js';
import { designerCode } from '../src/domain/designers.js';

async function designerId(t: TestApp, phone: string): Promise<number> {
  return (await t.db.selectFrom('designers').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
}

const messagesTitled = (t: TestApp, title: string) =>
  t.db.selectFrom('messages').select(['id', 'designer_id', 'published_at']).where('title', '=', title).orderBy('id').execute();

/** A row as a process writes it in a change and then dies before publishing: committed, unmarked. */
async function leftUnpublished(t: TestApp, designer: number, title: string, ageMs: number): Promise<number> {
  const created_time = new Date(Date.now() - ageMs).toISOString();
  const row = await t.db
    .insertInto('messages')
    .values({
      designer_id: designer,
      message_type: MESSAGE_TYPE.TICKET_TRANSFERRED,
      title,
      ext_json: JSON.stringify({ title, info: { ticket_id: 1, allocation_id: 1 } }),
      is_read: 0,
      created_time,
      read_time: null,
      published_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An announcement as a process writes it when publishing and then dies before the broadcast: committed, not broadcast. */
async function announcementLeftUnbroadcast(t: TestApp, title: string, ageMs: number, productIds: number[] = []) {
  const published_at = new Date(Date.now() - ageMs).toISOString();
  const row = await t.db
    .insertInto('announcements')
    .values({ title, body: '正文', scope: 4, published_by: null, published_at, broadcast_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length) {
    await t.db.insertInto('announcement_products').values(productIds.map((product_id) => ({ announcement_id: row.id, product_id }))).execute();
  }
  return { id: row.id, published_at };
}

const broadcastAt = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('announcements').select('broadcast_at').where('id', '=', id).executeTakeFirstOrThrow()).broadcast_at;

async function until(check: () => Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(dialects)('unit of work and outbox (%s)', (dialect) => {
  // The background relay runs in worker 0 only (messages.plugin.ts): as worker 1, the tests drive
  // the relay themselves and no background round takes their rows first.
  const t = useTestApp(dialect, { listen: true, config: { workerIndex: 1 } });
  const { connect } = useMqttClients();

  it('a change that fails after queuing its messages leaves neither the change nor the messages', async () => {
    const to = await designerId(t, DEMO.designer);
    const title = `回滚测试 ${Date.now()}`;
    const before = await t.count('announcements');
    await expect(
      t.app.unitOfWork(async (trx, { send }) => {
        await trx.insertInto('announcements').values({ title, body: '正文', scope: 4, published_by: null, published_at: new Date().toISOString() }).execute();
        send([to], { type: MESSAGE_TYPE.ANNOUNCEMENT, title, info: {} });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.count('announcements')).toBe(before);
    expect(await messagesTitled(t, title)).toEqual([]);
  });

  it('a change’s messages are written in its transaction, one per recipient, and marked once published', async () => {
    const [a, b] = [await designerId(t, DEMO.designer), await designerId(t, DEMO.partTime2)];
    const title = `工单转派 ${Date.now()}`;
    const seenInside: number[] = [];
    await t.app.unitOfWork(async (trx, { send }) => {
      send([a, b, a], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title, info: { ticket_id: 1 } });
      // Not written yet while the work runs: they go in at its end, still inside the transaction.
      seenInside.push((await trx.selectFrom('messages').select('id').where('title', '=', title).execute()).length);
    });
    expect(seenInside).toEqual([0]);
    const rows = await messagesTitled(t, title);
    expect(rows.map((r) => r.designer_id)).toEqual([a, b]);
    await until(async () => (await messagesTitled(t, title)).every((r) => r.published_at !== null), 'the published marks');
  });

  it('the relay publishes what a dead process left unpublished, to the designer’s topic, and marks it', async () => {
    const to = await designerId(t, DEMO.designer);
    const token = await t.sessionFor(DEMO.designer);
    const code = designerCode(to);
    const probe = await connect(t.mqttUrl, { clientId: code, username: code, password: token, name: 'relay probe' });
    await probe.subscribe(MQTT_TOPICS.designer(code));
    const title = `未发布 ${Date.now()}`;
    const id = await leftUnpublished(t, to, title, RELAY_AFTER_MS + 5_000);
    const young = await leftUnpublished(t, to, `${title} 刚写入`, 1_000);

    const result = await t.app.outbox.relay((row) => t.app.messages.publishRow(row));
    expect(result.published).toBeGreaterThanOrEqual(1);
    const got = await probe.waitFor((m) => m.json?.message_id === id, 'the relayed message');
    expect(got.json).toMatchObject({ message_id: id, message_type: MESSAGE_TYPE.TICKET_TRANSFERRED, ext_json: { title } });
    expect((await messagesTitled(t, title))[0]!.published_at).not.toBeNull();
    // A row younger than RELAY_AFTER_MS is still its own process's to publish.
    expect((await t.db.selectFrom('messages').select('published_at').where('id', '=', young).executeTakeFirstOrThrow()).published_at).toBeNull();
    await t.db.deleteFrom('messages').where('id', '=', young).execute();
  });

  it('two relays at once publish each row once; a stale row is marked without a push', async () => {
    const to = await designerId(t, DEMO.designer);
    const title = `并发 ${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await leftUnpublished(t, to, `${title} ${i}`, RELAY_AFTER_MS + 5_000));
    const stale = await leftUnpublished(t, to, `${title} 过期`, RELAY_MAX_AGE_MS + 60_000);
    const sent: number[] = [];
    const publish = async (row: { id: number }) => {
      sent.push(row.id);
    };
    const [r1, r2] = await Promise.all([t.app.outbox.relay(publish), t.app.outbox.relay(publish)]);
    expect(sent.filter((id) => ids.includes(id)).sort((x, y) => x - y)).toEqual(ids);
    expect(sent).not.toContain(stale);
    expect(r1.skipped + r2.skipped).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom('messages').select('id').where('published_at', 'is', null).execute();
    expect(left.map((r) => r.id).filter((id) => [...ids, stale].includes(id))).toEqual([]);
  });

  it('a row whose publish fails goes back to the outbox for the next round', async () => {
    const to = await designerId(t, DEMO.designer);
    const id = await leftUnpublished(t, to, `失败重试 ${Date.now()}`, RELAY_AFTER_MS + 5_000);
    await t.app.outbox.relay(async (row) => {
      if (row.id === id) throw new Error('broker down');
    });
    expect((await t.db.selectFrom('messages').select('published_at').where('id', '=', id).executeTakeFirstOrThrow()).published_at).toBeNull();
    const again: number[] = [];
    await t.app.outbox.relay(async (row) => {
      again.push(row.id);
    });
    expect(again).toContain(id);
  });

  describe('announcement broadcasts', () => {
    it('a published announcement is broadcast after its commit and then marked', async () => {
      const lead = await t.sessionFor(DEMO.lead);
      const res = await t.authed(lead).post('/api/messages/announcements', { title: `广播标记 ${Date.now()}`, body: '内容', scope: 4 });
      const { announcement_id } = expectEnvelope<{ announcement_id: number }>(res, 200).data;
      await until(async () => (await broadcastAt(t, announcement_id)) !== null, 'the broadcast mark');
    });

    it('the relay broadcasts an announcement a dead process left unbroadcast, on `announcements`, and marks it', async () => {
      const to = await designerId(t, DEMO.designer);
      const token = await t.sessionFor(DEMO.designer);
      const code = designerCode(to);
      const probe = await connect(t.mqttUrl, { clientId: code, username: code, password: token, name: 'broadcast probe' });
      await probe.subscribe(MQTT_TOPICS.announcements);
      const product = (await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const title = `未广播 ${Date.now()}`;
      const left = await announcementLeftUnbroadcast(t, title, RELAY_AFTER_MS + 5_000, [product]);
      const young = await announcementLeftUnbroadcast(t, `${title} 刚写入`, 1_000);

      const result = await t.app.outbox.relayAnnouncements((a) => t.app.messages.publishAnnouncementRow(a));
      expect(result.published).toBeGreaterThanOrEqual(1);
      const got = await probe.waitFor((m) => m.json?.ext_json?.info?.announcement_id === left.id, 'the relayed broadcast');
      expect(got.topic).toBe(MQTT_TOPICS.announcements);
      expect(got.json).toEqual({
        message_type: MESSAGE_TYPE.ANNOUNCEMENT,
        ext_json: { title: `新公告：${title}`, info: { announcement_id: left.id } },
        product_ids: [product],
        announcement_scope: 4,
        created_time: left.published_at,
      });
      expect(await broadcastAt(t, left.id)).not.toBeNull();
      // One younger than RELAY_AFTER_MS is still its own process's to broadcast.
      expect(await broadcastAt(t, young.id)).toBeNull();
      await t.db.deleteFrom('announcements').where('id', '=', young.id).execute();
    });

    it('a broadcast the broker refused stays in the outbox, and the relay sends it once', async () => {
      const original = t.app.broker.publish;
      t.app.broker.publish = (topic, payload) => (topic === MQTT_TOPICS.announcements ? Promise.reject(new Error('broker down')) : original(topic, payload));
      let id: number;
      try {
        const lead = await t.sessionFor(DEMO.lead);
        const res = await t.authed(lead).post('/api/messages/announcements', { title: `广播失败 ${Date.now()}`, body: '内容', scope: 1 });
        id = expectEnvelope<{ announcement_id: number }>(res, 200).data.announcement_id;
        await new Promise((r) => setTimeout(r, 50)); // the broker's refusal
        await t.app.outbox.flush();
      } finally {
        t.app.broker.publish = original;
      }
      expect(await broadcastAt(t, id)).toBeNull();
      // As if RELAY_AFTER_MS had passed.
      await t.db
        .updateTable('announcements')
        .set({ published_at: new Date(Date.now() - RELAY_AFTER_MS - 1_000).toISOString() })
        .where('id', '=', id)
        .execute();
      const sent: number[] = [];
      const relay = () =>
        t.app.outbox.relayAnnouncements(async (a) => {
          sent.push(a.id);
        });
      await Promise.all([relay(), relay()]);
      expect(sent.filter((x) => x === id)).toEqual([id]);
      expect(await broadcastAt(t, id)).not.toBeNull();
    });
  });

  it('marks still pending when the app closes are written before the database closes', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const app = await startApp(database, { config: { workerIndex: 1 } });
      await app.seed();
      const to = await designerId(app, DEMO.designer);
      const title = `关闭前 ${Date.now()}`;
      await app.app.unitOfWork(async (_trx, { send }) => send([to], { type: MESSAGE_TYPE.DRAFT_URGED, title, info: {} }));
      await new Promise((r) => setTimeout(r, 50)); // the broker's acknowledgement; the mark waits for its batch
      await app.close();
      const reopened = openDatabase({ url: database.databaseUrl, schema: database.dbSchema });
      try {
        const row = await reopened.db.selectFrom('messages').select('published_at').where('title', '=', title).executeTakeFirstOrThrow();
        expect(row.published_at).not.toBeNull();
      } finally {
        await reopened.close();
      }
    } finally {
      await database.drop();
    }
  });
});
