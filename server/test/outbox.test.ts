/**
 * The unit of work and the message outbox (modules/messages/unit-of-work.ts, outbox.ts): a change
 * and its messages commit together or not at all; published rows are marked; rows a dead process
 * left unpublished are published by the relay, once, however many relays run. An announcement's
 * type-29 messages (written after the lead's answer) and its broadcast go through the same outbox.
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

/**
 * An announcement as a process leaves it when it dies after writing its messages and before the
 * broadcast (`withMessages`), or as soon as the publish answered, before writing them.
 */
async function announcementLeftUnbroadcast(
  t: TestApp,
  title: string,
  ageMs: number,
  productIds: number[] = [],
  { withMessages = true, publishedBy = null as number | null } = {},
) {
  const published_at = new Date(Date.now() - ageMs).toISOString();
  const row = await t.db
    .insertInto('announcements')
    .values({ title, body: '正文', scope: 4, published_by: publishedBy, published_at, messages_at: withMessages ? published_at : null, broadcast_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length) {
    await t.db.insertInto('announcement_products').values(productIds.map((product_id) => ({ announcement_id: row.id, product_id }))).execute();
  }
  return { id: row.id, published_at };
}

const broadcastAt = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('announcements').select('broadcast_at').where('id', '=', id).executeTakeFirstOrThrow()).broadcast_at;

const messagesAt = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('announcements').select('messages_at').where('id', '=', id).executeTakeFirstOrThrow()).messages_at;

/** The type-29 rows of an announcement: whose they are (ascending, repeats kept) and their titles. */
async function announcementRows(t: TestApp, id: number) {
  const rows = await t.db.selectFrom('messages').select(['designer_id', 'title', 'ext_json']).where('message_type', '=', MESSAGE_TYPE.ANNOUNCEMENT).execute();
  const mine = rows.filter((r) => (JSON.parse(r.ext_json) as { info: { announcement_id?: number } }).info.announcement_id === id);
  return { designers: mine.map((r) => r.designer_id).sort((x, y) => x - y), titles: [...new Set(mine.map((r) => r.title))] };
}

/** Every active designer, ascending: whom a scope-4 announcement without products reaches. */
const activeDesigners = async (t: TestApp) =>
  (await t.db.selectFrom('designers').select('id').where('account_status', '=', 1).orderBy('id').execute()).map((r) => r.id);

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

  describe('announcement messages and broadcasts', () => {
    it('a published announcement is broadcast after its commit and then marked', async () => {
      const lead = await t.sessionFor(DEMO.lead);
      const res = await t.authed(lead).post('/api/messages/announcements', { title: `广播标记 ${Date.now()}`, body: '内容', scope: 4 });
      const { announcement_id } = expectEnvelope<{ announcement_id: number }>(res, 200).data;
      await until(async () => (await broadcastAt(t, announcement_id)) !== null, 'the broadcast mark');
    });

    it('its type-29 message to every recipient is written after the answer and before the broadcast', async () => {
      const to = await designerId(t, DEMO.designer);
      const code = designerCode(to);
      const probe = await connect(t.mqttUrl, { clientId: code, username: code, password: await t.sessionFor(DEMO.designer), name: 'order probe' });
      await probe.subscribe(MQTT_TOPICS.announcements);
      const lead = await t.sessionFor(DEMO.lead);
      const title = `先写后播 ${Date.now()}`;
      const res = await t.authed(lead).post('/api/messages/announcements', { title, body: '内容', scope: 4 });
      const { announcement_id, recipients } = expectEnvelope<{ announcement_id: number; recipients: number }>(res, 200).data;
      await probe.waitFor((m) => m.json?.ext_json?.info?.announcement_id === announcement_id, 'the broadcast');
      // Read as soon as the broadcast arrived: a browser refetching its inbox then finds the message.
      const rows = await announcementRows(t, announcement_id);
      expect(rows.designers).toEqual(await activeDesigners(t));
      expect(rows.designers).toHaveLength(recipients);
      expect(rows.titles).toEqual([`新公告：${title}`]);
      expect(await messagesAt(t, announcement_id)).not.toBeNull();
    });

    it('the relay writes the messages a dead process left unwritten, once however many relays run, and then broadcasts it', async () => {
      const title = `未写消息 ${Date.now()}`;
      const left = await announcementLeftUnbroadcast(t, title, RELAY_AFTER_MS + 5_000, [], { withMessages: false });
      const young = await announcementLeftUnbroadcast(t, `${title} 刚写入`, 1_000, [], { withMessages: false });
      // Not broadcast before its messages are written: a browser told of it would find none.
      const early: number[] = [];
      await t.app.outbox.relayAnnouncements(async (a) => {
        early.push(a.id);
      });
      expect(early).not.toContain(left.id);

      const deliver = (id: number) => t.app.announcementDelivery.deliver(id);
      const [r1, r2] = await Promise.all([t.app.outbox.relayAnnouncementMessages(deliver), t.app.outbox.relayAnnouncementMessages(deliver)]);
      expect(r1.published + r2.published).toBeGreaterThanOrEqual(1);
      const rows = await announcementRows(t, left.id);
      expect(rows.designers).toEqual(await activeDesigners(t));
      expect(rows.titles).toEqual([`新公告：${title}`]);
      expect(await messagesAt(t, left.id)).not.toBeNull();
      // One younger than RELAY_AFTER_MS is still its own process's to write.
      expect(await messagesAt(t, young.id)).toBeNull();
      expect((await announcementRows(t, young.id)).designers).toEqual([]);

      const sent: number[] = [];
      await t.app.outbox.relayAnnouncements(async (a) => {
        sent.push(a.id);
      });
      expect(sent).toContain(left.id);
      await t.db.deleteFrom('announcements').where('id', '=', young.id).execute();
    });

    it('messages written late take the announcement as edited, and none are written once it is withdrawn', async () => {
      const lead = await t.sessionFor(DEMO.lead);
      const leadId = await designerId(t, DEMO.lead);
      const title = `晚写 ${Date.now()}`;
      const edited = await announcementLeftUnbroadcast(t, title, RELAY_AFTER_MS + 5_000, [], { withMessages: false, publishedBy: leadId });
      const withdrawn = await announcementLeftUnbroadcast(t, `${title} 撤回`, RELAY_AFTER_MS + 5_000, [], { withMessages: false, publishedBy: leadId });
      expectEnvelope(await t.authed(lead).put(`/api/messages/announcements/${edited.id}`, { title: `${title} 更正`, body: '以此为准。' }), 200);
      const removed = expectEnvelope<{ removed_messages: number }>(await t.authed(lead).post(`/api/messages/announcements/${withdrawn.id}/withdraw`), 200).data;
      expect(removed.removed_messages).toBe(0);

      await t.app.outbox.relayAnnouncementMessages((id) => t.app.announcementDelivery.deliver(id));
      expect((await announcementRows(t, edited.id)).titles).toEqual([`新公告：${title} 更正`]);
      expect((await announcementRows(t, withdrawn.id)).designers).toEqual([]);
      expect(await messagesAt(t, withdrawn.id)).not.toBeNull();
      expect(await broadcastAt(t, withdrawn.id)).not.toBeNull();
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
        await t.app.announcementDelivery.settled(); // its messages, then the broadcast
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
