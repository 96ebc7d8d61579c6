import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { ANNOUNCEMENT_TOPIC, type Broker, designerTopic } from '../../plugins/broker.js';
import { designerCode } from '../user/profile.js';

export interface MessageInfo {
  ticket_id?: number;
  allocation_id?: number;
  announcement_id?: number;
  [key: string]: unknown;
}

export interface OutgoingMessage {
  type: number;
  /** A readable Chinese sentence. */
  title: string;
  info: MessageInfo;
}

/** The wire form of a message: the spec's fields plus the row's id and time. */
export interface MessagePayload {
  message_id: number;
  message_type: number;
  ext_json: { title: string; info: MessageInfo };
  product_ids?: number[];
  announcement_scope?: number;
  created_time: string;
}

export interface PersistedMessages {
  payloads: MessagePayload[];
  /** Publishes the persisted messages; call it after the transaction that wrote them commits. */
  publish(): void;
}

export interface MessageService {
  /** Persists one message per recipient, then publishes each. Returns the persisted payloads. */
  send(designerIds: readonly number[], message: OutgoingMessage): Promise<MessagePayload[]>;
  /**
   * Persists the messages inside the caller's transaction (one write, no commit of its own); the
   * caller publishes after its commit. For hot paths that already hold a transaction (ingestion).
   */
  persist(trx: Transaction<Database>, designerIds: readonly number[], message: OutgoingMessage): Promise<PersistedMessages>;
  /** Broadcast an announcement on the shared topic (clients apply scope/product rules). */
  broadcastAnnouncement(payload: Omit<MessagePayload, 'message_id'>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The message service every domain event sends through. */
    messages: MessageService;
  }
}

const CHUNK = 500;

export function createMessageService(db: Db, broker: Broker, log: FastifyBaseLogger): MessageService {
  const publish = (topic: string, body: unknown) => {
    // Persisted first: a failed or slow publish never loses the message (it is in the list), and
    // never fails the caller, whether the broker rejects or throws.
    let pending: Promise<void>;
    try {
      pending = broker.publish(topic, JSON.stringify(body));
    } catch (err) {
      pending = Promise.reject(err);
    }
    pending.catch((err: unknown) => log.warn({ err, topic }, 'publish failed'));
  };

  async function persist(trx: Transaction<Database>, designerIds: readonly number[], message: OutgoingMessage): Promise<PersistedMessages> {
    const ids = [...new Set(designerIds)];
    if (!ids.length) return { payloads: [], publish: () => {} };
    const created_time = nowIso();
    const ext_json = { title: message.title, info: message.info };
    const ext = JSON.stringify(ext_json);
    const rows: { id: number; designer_id: number }[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const inserted = await trx
        .insertInto('messages')
        .values(
          ids.slice(i, i + CHUNK).map((designer_id) => ({
            designer_id,
            message_type: message.type,
            title: message.title,
            ext_json: ext,
            created_time,
            read_time: null,
          })),
        )
        .returning(['id', 'designer_id'])
        .execute();
      rows.push(...inserted);
    }
    const payloads = rows.map((r) => ({
      designerId: r.designer_id,
      payload: { message_id: r.id, message_type: message.type, ext_json, created_time } satisfies MessagePayload,
    }));
    return {
      payloads: payloads.map((p) => p.payload),
      publish: () => {
        if (message.type === 29) return;
        for (const { designerId, payload } of payloads) publish(designerTopic(designerCode(designerId)), payload);
      },
    };
  }

  return {
    async send(designerIds, message) {
      if (!designerIds.length) return [];
      const persisted = await db.transaction().execute((trx) => persist(trx, designerIds, message));
      persisted.publish();
      return persisted.payloads;
    },
    persist,
    async broadcastAnnouncement(payload) {
      publish(ANNOUNCEMENT_TOPIC, payload);
    },
  };
}
