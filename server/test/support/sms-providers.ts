/**
 * Local stand-ins for the SMS providers, started by the tests on 127.0.0.1, that check each request
 * the way the provider does before they count a message as delivered: the Aliyun one recomputes
 * the signature (version 1.0) from the documented algorithm, written here independently of the
 * driver; the webhook one checks the HMAC header the way an operator's endpoint would. What they
 * accept is the phone's inbox: `delivered` holds the code that reached each phone.
 *
 * `mode` makes them misbehave like a real provider does: refuse the message, or never answer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivered {
  phone: string;
  /** Aliyun: the template code; webhook: the scene. */
  template: string;
  code: string;
  /** Webhook only: the text the provider would send. */
  text?: string;
}

export type ProviderMode = 'accept' | 'refuse' | 'hang';

export interface FakeProvider {
  url: string;
  delivered: Delivered[];
  /** Requests that failed the provider's checks, with the reason. */
  rejected: string[];
  mode: ProviderMode;
  /** The newest code delivered to a phone. */
  codeFor(phone: string): string | undefined;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  server.on('request', (_req, res) => {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function state(): Pick<FakeProvider, 'delivered' | 'rejected' | 'mode' | 'codeFor'> {
  const delivered: Delivered[] = [];
  return {
    delivered,
    rejected: [],
    mode: 'accept',
    codeFor: (phone) => delivered.filter((d) => d.phone === phone).at(-1)?.code,
  };
}

// ---------------------------------------------------------------------------------------------
// Aliyun SMS (Dysmsapi 2017-05-25, RPC style, signature version 1.0)

/**
 * Aliyun's POP encoding, character by character: the unreserved set of RFC 3986 stays, every other
 * UTF-8 byte becomes %XX in upper case.
 */
function popEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export interface AliyunAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template codes the account has had approved. */
  templates: string[];
}

export async function startFakeAliyunSms(account: AliyunAccount): Promise<FakeProvider> {
  const s = state();
  const nonces = new Set<string>();
  const fail = (res: http.ServerResponse, status: number, code: string, message: string) => {
    s.rejected.push(`${code}: ${message}`);
    json(res, status, { RequestId: 'FAKE-REQ', Code: code, Message: message, HostId: 'dysmsapi.aliyuncs.com' });
  };
  const server = await listen((req, body, res) => {
    if (s.mode === 'hang') return;
    if (req.method !== 'POST' || req.url !== '/') return fail(res, 404, 'InvalidAction.NotFound', `${req.method} ${req.url}`);
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return fail(res, 400, 'MissingParameter', 'content-type');
    const params = new Map<string, string>();
    for (const pair of body.split('&')) {
      const [k, v = ''] = pair.split('=');
      params.set(decodeURIComponent(k!), decodeURIComponent(v));
    }
    const p = (k: string) => params.get(k) ?? '';
    for (const required of ['AccessKeyId', 'Action', 'Format', 'PhoneNumbers', 'SignName', 'SignatureMethod', 'SignatureNonce', 'SignatureVersion', 'TemplateCode', 'Timestamp', 'Version', 'Signature']) {
      if (!params.has(required)) return fail(res, 400, 'MissingParameter', required);
    }
    if (p('Action') !== 'SendSms' || p('Version') !== '2017-05-25') return fail(res, 400, 'InvalidVersion', `${p('Action')} ${p('Version')}`);
    if (p('AccessKeyId') !== account.accessKeyId) return fail(res, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (p('SignatureMethod') !== 'HMAC-SHA1' || p('SignatureVersion') !== '1.0') return fail(res, 400, 'InvalidSignatureMethod', p('SignatureMethod'));
    // Timestamp: ISO 8601 in UTC, within 15 minutes.
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(p('Timestamp')) || Math.abs(Date.parse(p('Timestamp')) - Date.now()) > 15 * 60_000) {
      return fail(res, 400, 'InvalidTimeStamp.Expired', p('Timestamp'));
    }
    if (nonces.has(p('SignatureNonce'))) return fail(res, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    const canonical = [...params.keys()]
      .filter((k) => k !== 'Signature')
      .sort()
      .map((k) => `${popEncode(k)}=${popEncode(params.get(k)!)}`)
      .join('&');
    const stringToSign = ['POST', popEncode('/'), popEncode(canonical)].join('&');
    const expected = createHmac('sha1', `${account.accessKeySecret}&`).update(stringToSign, 'utf8').digest();
    const given = Buffer.from(p('Signature'), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return fail(res, 400, 'SignatureDoesNotMatch', `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`);
    }
    nonces.add(p('SignatureNonce'));
    if (p('SignName') !== account.signName) return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
    if (!account.templates.includes(p('TemplateCode'))) return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
    if (!/^1[3-9]\d{9}$/.test(p('PhoneNumbers'))) return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '手机号码格式错误' });
    let code: unknown;
    try {
      code = (JSON.parse(p('TemplateParam')) as { code?: unknown }).code;
    } catch {
      return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
    }
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板变量缺少对应参数值' });
    if (s.mode === 'refuse') return json(res, 200, { RequestId: 'FAKE-REQ', Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' });
    s.delivered.push({ phone: p('PhoneNumbers'), template: p('TemplateCode'), code });
    json(res, 200, { RequestId: 'FAKE-REQ', Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  return Object.assign(s, server);
}

// ---------------------------------------------------------------------------------------------
// The operator's webhook endpoint

export async function startFakeSmsWebhook(secret: string): Promise<FakeProvider> {
  const s = state();
  const ids = new Set<string>();
  const refuse = (res: http.ServerResponse, status: number, reason: string) => {
    s.rejected.push(reason);
    json(res, status, { error: reason });
  };
  const server = await listen((req, body, res) => {
    if (s.mode === 'hang') return;
    if (req.method !== 'POST') return refuse(res, 405, req.method ?? '');
    if (!String(req.headers['content-type']).startsWith('application/json')) return refuse(res, 415, 'content-type');
    const timestamp = String(req.headers['x-dwp-timestamp'] ?? '');
    const signature = String(req.headers['x-dwp-signature'] ?? '');
    if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) * 1000 - Date.now()) > 5 * 60_000) return refuse(res, 401, 'stale timestamp');
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return refuse(res, 401, 'bad signature');
    const msg = JSON.parse(body) as { id: string; phone: string; scene: string; code: string; text: string; sent_at: string };
    if (ids.has(msg.id)) return refuse(res, 409, 'replayed id');
    ids.add(msg.id);
    if (s.mode === 'refuse') return refuse(res, 502, 'upstream provider refused');
    s.delivered.push({ phone: msg.phone, template: msg.scene, code: msg.code, text: msg.text });
    json(res, 200, { ok: true });
  });
  return Object.assign(s, server);
}
