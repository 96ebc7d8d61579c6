/**
 * `app.messages`: how a message is written and pushed. Messages are persisted in the caller's
 * transaction (the unit of work, or `persist` on the ingestion paths) and published on the broker
 * after the commit; the outbox (outbox.ts) marks them and relays what a dead process left behind.
 * Announcements go out once, on the shared topic, through the same outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import type { Broker } from '../../plugins/broker.js';
import { productIdsOf } from './announcement.repository.js';
import { insertMessages } from './message.repository.js';
import { MESSAGE_TYPE, MQTT_TOPICS } from './message-types.js';
import type { Outbox, OutboxAnnouncement, OutboxRow } from './outbox.js';
import { createUnitOfWork } from './unit-of-work.js';
import type { MessagePayload, OutgoingMessage, PersistedMessages } from './message.model.js';
import { designerCode } from '../../domain/designers.js';

export type { MessageInfo, MessagePayload, OutgoingMessage, PersistedMessages } from './message.model.js';

/** An announcement as its broadcast carries it. */
export interface AnnouncementBroadcast {
  id: number;
  title: string;
  scope: number;
  published_at: string;
  product_ids: readonly number[];
}

export interface MessageService {
  /** Persists one message per recipient, then publishes each. Returns the persisted payloads. */
  send(designerIds: readonly number[], message: OutgoingMessage): Promise<MessagePayload[]>;
  /**
   * Persists the messages inside the caller's transaction (one write, no commit of its own); the
   * caller publishes after its commit. For hot paths that already hold a transaction (ingestion).
   */
  persist(trx: Transaction<Database>, designerIds: readonly number[], message: OutgoingMessage): Promise<PersistedMessages>;
  /** Like `persist`, for many messages of their own (one per item), written in multi-row inserts. */
  persistEach(trx: Transaction<Database>, items: readonly { designerId: number; message: OutgoingMessage }[]): Promise<PersistedMessages>;
  /**
   * Broadcasts an announcement on the shared topic (clients apply scope/product rules) and marks it
   * broadcast in the outbox; call it after the commit that wrote it.
   */
  broadcastAnnouncement(announcement: AnnouncementBroadcast): void;
  /** Publishes a row the outbox relay claimed (its process died before publishing it). */
  publishRow(row: OutboxRow): Promise<void>;
  /** Broadcasts an announcement the outbox relay claimed (its process died before broadcasting it). */
  publishAnnouncementRow(announcement: OutboxAnnouncement): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The message service every domain event sends through. */
    messages: MessageService;
  }
}

const CHUNK = 500;

/** The type-29 message of an announcement: its rows in the list and its broadcast say the same. */
export function announcementMessage(a: { id: number; title: string }): OutgoingMessage {
  return { type: MESSAGE_TYPE.ANNOUNCEMENT, title: `新公告：${a.title}`, info: { announcement_id: a.id } };
}

/** The broadcast of an announcement on the `announcements` topic. */
function broadcastPayload(a: AnnouncementBroadcast): Omit<MessagePayload, 'message_id'> {
  const m = announcementMessage(a);
  return {
    message_type: m.type,
    ext_json: { title: m.title, info: m.info },
    product_ids: [...a.product_ids],
    announcement_scope: a.scope,
    created_time: a.published_at,
  };
}

export function createMessageService(db: Db, broker: Broker, outbox: Outbox, log: FastifyBaseLogger): MessageService {
  /** Resolves once the broker has it; never throws (a throwing broker becomes a rejection). */
  const tryPublish = (topic: string, body: unknown): Promise<void> => {
    try {
      return broker.publish(topic, JSON.stringify(body));
    } catch (err) {
      return Promise.reject(err);
    }
  };
  const publish = (topic: string, body: unknown, published: () => void) => {
    // Persisted first: a failed or slow publish never loses the message (it is in the list, and
    // the outbox relay publishes what was not marked), and never fails the caller.
    tryPublish(topic, body).then(published, (err: unknown) => log.warn({ err, topic }, 'publish failed'));
  };

  /** One row per item, in multi-row inserts; the returned payloads line up with the items. */
  async function persistEach(trx: Transaction<Database>, items: readonly { designerId: number; message: OutgoingMessage }[]): Promise<PersistedMessages> {
    if (!items.length) return { payloads: [], publish: () => {} };
    const created_time = nowIso();
    const out: { designerId: number; type: number; payload: MessagePayload }[] = [];
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK).map(({ designerId, message }) => ({
        designerId,
        message,
        ext_json: { title: message.title, info: message.info },
      }));
      const ids = await insertMessages(
        trx,
        chunk.map((c) => ({
          designer_id: c.designerId,
          message_type: c.message.type,
          title: c.message.title,
          ext_json: JSON.stringify(c.ext_json),
          created_time,
          read_time: null,
          // Announcements go out once on the shared topic (broadcastAnnouncement), not per row.
          published_at: c.message.type === MESSAGE_TYPE.ANNOUNCEMENT ? created_time : null,
        })),
      );
      chunk.forEach((c, k) =>
        out.push({
          designerId: c.designerId,
          type: c.message.type,
          payload: { message_id: ids[k]!, message_type: c.message.type, ext_json: c.ext_json, created_time } satisfies MessagePayload,
        }),
      );
    }
    return {
      payloads: out.map((o) => o.payload),
      publish: () => {
        for (const o of out) {
          if (o.type !== MESSAGE_TYPE.ANNOUNCEMENT) {
            publish(MQTT_TOPICS.designer(designerCode(o.designerId)), o.payload, () => outbox.markPublished([o.payload.message_id]));
          }
        }
      },
    };
  }

  function persist(trx: Transaction<Database>, designerIds: readonly number[], message: OutgoingMessage): Promise<PersistedMessages> {
    return persistEach(
      trx,
      [...new Set(designerIds)].map((designerId) => ({ designerId, message })),
    );
  }

  // `send` commits on its own: a unit of work whose messages it writes itself, to answer them.
  const unitOfWork = createUnitOfWork(db, { persistEach }, log);

  return {
    async send(designerIds, message) {
      if (!designerIds.length) return [];
      const persisted = await unitOfWork((trx) => persist(trx, designerIds, message));
      persisted.publish();
      return persisted.payloads;
    },
    persist,
    persistEach,
    broadcastAnnouncement(announcement) {
      publish(MQTT_TOPICS.announcements, broadcastPayload(announcement), () => outbox.markBroadcast([announcement.id]));
    },
    async publishRow(row) {
      const payload: MessagePayload = {
        message_id: row.id,
        message_type: row.message_type,
        ext_json: JSON.parse(row.ext_json) as MessagePayload['ext_json'],
        created_time: row.created_time,
      };
      await tryPublish(MQTT_TOPICS.designer(designerCode(row.designer_id)), payload);
    },
    async publishAnnouncementRow(row) {
      const products = await productIdsOf(db, [row.id]);
      await tryPublish(MQTT_TOPICS.announcements, broadcastPayload({ ...row, product_ids: products.get(row.id) ?? [] }));
    },
  };
}
