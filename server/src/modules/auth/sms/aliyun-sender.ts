import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../../config/env.js';
import { callProvider, SmsDeliveryError, type SmsSender } from './sms-sender.js';

type AliyunSms = Extract<SmsConfig, { driver: 'aliyun' }>;

/**
 * Aliyun SMS, Dysmsapi 2017-05-25 `SendSms`: an RPC call signed with signature version 1.0
 * (HMAC-SHA1 over the sorted, percent-encoded parameters). The scene's template receives the code
 * as its `code` variable. Accepted when the answer's `Code` is `OK`.
 */
export function aliyunSmsSender(config: AliyunSms): SmsSender {
  return {
    async send(phone, scene, code) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: config.region,
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templates[scene],
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      params.Signature = rpcSignature('POST', params, config.accessKeySecret);
      const { status, body } = await callProvider(
        `${config.endpoint}/`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: Object.entries(params)
            .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
            .join('&'),
        },
        config.timeoutMs,
      );
      let answer: { Code?: unknown; Message?: unknown; RequestId?: unknown } = {};
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch {
        // not JSON: reported below with the status
      }
      if (status !== 200 || answer.Code !== 'OK') {
        throw new SmsDeliveryError('refused', `Aliyun SendSms ${status} ${String(answer.Code ?? '')} ${String(answer.Message ?? body.slice(0, 200))} (RequestId ${String(answer.RequestId ?? '-')})`);
      }
    },
  };
}

/** RFC 3986 encoding as Aliyun's POP API expects it: only A–Z a–z 0–9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature version 1.0 of an RPC call: HMAC-SHA1 keyed with `secret&`, base64. */
export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}
