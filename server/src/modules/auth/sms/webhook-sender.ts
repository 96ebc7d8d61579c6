import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../../config/env.js';
import { callProvider, SmsDeliveryError, type SmsSender, smsText } from './sms-sender.js';

type WebhookSms = Extract<SmsConfig, { driver: 'webhook' }>;

export const WEBHOOK_SIGNATURE_HEADER = 'x-dwp-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-dwp-timestamp';

/**
 * Any other provider: a JSON POST to the operator's endpoint (SMS_WEBHOOK_URL), signed so the
 * endpoint can tell it came from this server. `x-dwp-timestamp` is Unix seconds; `x-dwp-signature`
 * is `sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with SMS_WEBHOOK_SECRET. Any 2xx
 * answer means accepted. The body: `{ id, phone, scene, code, text, sent_at }`; `id` is unique per
 * message, for the endpoint to drop a replay.
 */
export function webhookSmsSender(config: WebhookSms): SmsSender {
  return {
    async send(phone, scene, code) {
      const sentAt = new Date();
      const body = JSON.stringify({ id: randomUUID(), phone, scene, code, text: smsText(scene, code), sent_at: sentAt.toISOString() });
      const timestamp = String(Math.floor(sentAt.getTime() / 1000));
      const signature = createHmac('sha256', config.secret).update(`${timestamp}.${body}`).digest('hex');
      const { status, body: answer } = await callProvider(
        config.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: `sha256=${signature}` },
          body,
        },
        config.timeoutMs,
      );
      if (status < 200 || status > 299) throw new SmsDeliveryError('refused', `webhook ${status} ${answer.slice(0, 200)}`);
    },
  };
}
