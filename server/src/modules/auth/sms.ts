import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/** Delivers a text message. The default keeps it in the log and the sms_outbox table. */
export interface SmsSender {
  send(phone: string, scene: string, content: string): Promise<void>;
}

export function logSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, scene, content) {
      await db.insertInto('sms_outbox').values({ phone, scene, content, created_at: nowIso() }).execute();
      log.info({ phone, scene }, `SMS to ${phone}: ${content}`);
    },
  };
}
