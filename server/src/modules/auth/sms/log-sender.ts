import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { nowIso } from '../../../lib/time.js';
import { insertSmsOutbox } from './sms-outbox.repository.js';
import { type SmsSender, smsText } from './sms-sender.js';

/**
 * Development and demo only (refused in production): the text goes to the server log and the
 * sms_outbox table, where the demo inbox (`GET /api/demo/sms-inbox`, demo mode only) reads it.
 */
export function logSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, scene, code) {
      const content = smsText(scene, code);
      await insertSmsOutbox(db, { phone, scene, content, created_at: nowIso() });
      log.info({ phone, scene }, `SMS to ${phone}: ${content}`);
    },
  };
}
