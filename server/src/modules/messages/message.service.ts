import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
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

export interface MessageService {
  /** Persists one message per recipient, then publishes each. Returns the persisted payloads. */
  send(designerIds: readonly number[], message: OutgoingMessage): Promise<MessagePayload[]>;
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

  return {
    async send(designerIds, message) {
      const ids = [...new Set(designerIds)];
      if (!ids.length) return [];
      const created_time = nowIso();
      const ext_json = { title: message.title, info: message.info };
      const ext = JSON.stringify(ext_json);
      const rows: { id: number; designer_id: number }[] = [];
      await db.transaction().execute(async (trx) => {
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
      });
      const payloads = rows.map((r) => ({
        designerId: r.designer_id,
        payload: { message_id: r.id, message_type: message.type, ext_json, created_time } satisfies MessagePayload,
      }));
      if (message.type !== 29) {
        for (const { designerId, payload } of payloads) publish(designerTopic(designerCode(designerId)), payload);
      }
      return payloads.map((p) => p.payload);
    },
    async broadcastAnnouncement(payload) {
      publish(ANNOUNCEMENT_TOPIC, payload);
    },
  };
}
