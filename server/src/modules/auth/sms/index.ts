import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../../config/env.js';
import type { Db } from '../../../db/database.js';
import { aliyunSmsSender } from './aliyun-sender.js';
import { logSmsSender } from './log-sender.js';
import type { SmsSender } from './sms-sender.js';
import { webhookSmsSender } from './webhook-sender.js';

export { SmsDeliveryError, type SmsSender } from './sms-sender.js';
export { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './webhook-sender.js';

/** The sender SMS_SENDER names (config/env.ts validated its settings at start-up). */
export function createSmsSender(config: SmsConfig, deps: { db: Db; log: FastifyBaseLogger }): SmsSender {
  switch (config.driver) {
    case 'aliyun':
      return aliyunSmsSender(config);
    case 'webhook':
      return webhookSmsSender(config);
    case 'log':
      return logSmsSender(deps.db, deps.log);
  }
}
