/**
 * Who reads stored files, and what API answers let caches keep (issue #23 §3): drafts, ticket
 * attachments and appeal attachments are private objects read only through short-lived signed URLs
 * handed to the people who may see them; avatars stay public and are checked against the configured
 * base, never the request's Host; personal answers are `no-store`; the CSP opens sockets only to
 * the broker.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { advanceClock } from '../src/lib/time.js';
import { brokerOrigins } from '../src/app.js';
import { DEMO, dialects, expectEnvelope, expectFieldErrors, type Res, useTestApp } from './support/harness.js';
import { multipartBody, type UploadSignature, uploadFields } from './support/multipart.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, order, type Person, useTicketApp, CONFIRM_ALL } from './support/tickets.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);
const TTL_MS = 15 * 60 * 1000;

interface DetailFiles {
  attachments: { name: string; url: string; read_url: string }[];
  drafts: { files: string[]; read_urls: string[] }[];
}

function expectOssError(res: Res, status: number, code: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(res.body).toContain(`<Code>${code}</Code>`);
  if (message) expect(res.body).toMatch(message);
}

describe.each(dialects)('file access and caching (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  async function sign(who: Pick<Person, 'client'>, source: string): Promise<UploadSignature> {
    return expectEnvelope<UploadSignature>(await who.client.get(`/api/oss/get-signature?source=${source}`), 200).data;
  }

  /** Uploads one file through the embedded store the way a browser does; returns its key. */
  async function upload(who: Pick<Person, 'client'>, source: string, name: string, content: Buffer = PNG): Promise<string> {
    const sig = await sign(who, source);
    const key = `${sig.dir}${name}`;
    const { payload, headers } = multipartBody([...uploadFields(sig, key), ['file', { filename: name, content }]]);
    const res = await t.inject({ method: 'POST', url: '/oss', payload, headers });
    expect(res.statusCode, res.body).toBe(204);
    return key;
  }

  /** A GET of a URL the API handed out (`/oss/...`, relative to this server). */
  function read(url: string): Promise<Res> {
    expect(url.startsWith('/oss/'), url).toBe(true);
    return t.inject({ method: 'GET', url });
  }

  async function world() {
    const product = await createProduct(t);
    const teamId = await createTeam(t);
    const lead = await createPerson(t, { type: 0, teamId, online: 0 });
    const designer = await createPerson(t, { type: 1, teamId, products: [product] });
    const other = await createPerson(t, { type: 1, teamId, products: [], online: 1 });
    const { ticket } = await ingest(t, order(shop, product));
    expect(ticket.designer_id).toBe(designer.code);
    return { lead, designer, other, ticketId: ticket.ticket_id };
  }

  describe('private objects: drafts', () => {
    it('a draft is read only through the signed URL of the ticket detail, and only until it expires', async () => {
      const { lead, designer, ticketId } = await world();
      const key = await upload(designer, 'draft', '初稿 效果图.png');
      expectEnvelope(await designer.client.post(`/api/tickets/${ticketId}/drafts`, { kind: 'first', files: [key] }), 200);

      // The bare object URL, as every file was read before: refused like a private bucket.
      expectOssError(await read(`/oss/${key.split('/').map(encodeURIComponent).join('/')}`), 403, 'AccessDenied');

      const detail = expectEnvelope<DetailFiles>(await designer.client.get(`/api/tickets/${ticketId}`), 200).data;
      expect(detail.drafts[0]!.files).toEqual([key]);
      const [signed] = detail.drafts[0]!.read_urls;
      expect(signed).toMatch(/^\/oss\/draft\/.+\?OSSAccessKeyId=LOCAL&Expires=\d+&Signature=.+$/);
      const ok = await read(signed!);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.rawPayload.equals(PNG)).toBe(true);
      expect(ok.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
      expect(Number(/max-age=(\d+)/.exec(String(ok.headers['cache-control']))![1])).toBeLessThanOrEqual(TTL_MS / 1000);

      // The team's lead gets a working URL too.
      const leadUrl = expectEnvelope<DetailFiles>(await lead.client.get(`/api/tickets/${ticketId}`), 200).data.drafts[0]!.read_urls[0]!;
      expect((await read(leadUrl)).statusCode).toBe(200);

      // A changed signature, another key under the same signature, a later Expires: refused.
      const url = new URL(signed!, 'http://x');
      const tampered = new URL(url);
      // Another first character (not always 'A': a signature may start with it).
      const sig = url.searchParams.get('Signature')!;
      tampered.searchParams.set('Signature', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
      expectOssError(await read(`${tampered.pathname}${tampered.search}`), 403, 'SignatureDoesNotMatch');
      const later = new URL(url);
      later.searchParams.set('Expires', String(Number(url.searchParams.get('Expires')) + 3600));
      expectOssError(await read(`${later.pathname}${later.search}`), 403, 'SignatureDoesNotMatch');
      const otherKey = await upload(designer, 'draft', 'other.png');
      expectOssError(await read(`/oss/${otherKey}${url.search}`), 403, 'SignatureDoesNotMatch');

      // Past its lifetime the same URL is refused.
      advanceClock(TTL_MS + 1000);
      expectOssError(await read(signed!), 403, 'AccessDenied', /Request has expired/);
    });

    it('a designer who loses the ticket (transfer) gets no new URL; the one held expires', async () => {
      const { lead, designer, other, ticketId } = await world();
      const key = await upload(designer, 'draft', 'final.png');
      expectEnvelope(await designer.client.post(`/api/tickets/${ticketId}/drafts`, { kind: 'first', files: [key] }), 200);
      const held = expectEnvelope<DetailFiles>(await designer.client.get(`/api/tickets/${ticketId}`), 200).data.drafts[0]!.read_urls[0]!;

      expectEnvelope(await lead.client.post(`/api/tickets/${ticketId}/transfer`, { designer_id: other.code, reason: '调整', confirm: CONFIRM_ALL }), 200);
      expectEnvelope(await designer.client.get(`/api/tickets/${ticketId}`), 404);
      // The new designer reads the files.
      const theirs = expectEnvelope<DetailFiles>(await other.client.get(`/api/tickets/${ticketId}`), 200).data.drafts[0]!.read_urls[0]!;
      expect((await read(theirs)).statusCode).toBe(200);

      advanceClock(TTL_MS + 1000);
      expectOssError(await read(held), 403, 'AccessDenied', /Request has expired/);
      // The current designer simply asks again.
      const fresh = expectEnvelope<DetailFiles>(await other.client.get(`/api/tickets/${ticketId}`), 200).data.drafts[0]!.read_urls[0]!;
      expect((await read(fresh)).statusCode).toBe(200);
    });

    it('ticket attachments that are object keys get signed URLs; http(s) attachments are left as they are', async () => {
      const product = await createProduct(t);
      const teamId = await createTeam(t);
      const designer = await createPerson(t, { type: 1, teamId, products: [product] });
      const key = await upload(designer, 'attachment', 'client-design.pdf', Buffer.from('%PDF-1.4 test'));
      const { ticket } = await ingest(
        t,
        order(shop, product, {
          attachments: [
            { name: '设计稿.pdf', url: key },
            { name: '参考图', url: 'https://cdn.example.com/ref.png' },
          ],
        }),
      );
      const detail = expectEnvelope<DetailFiles>(await designer.client.get(`/api/tickets/${ticket.ticket_id}`), 200).data;
      expect(detail.attachments.map((a) => a.url)).toEqual([key, 'https://cdn.example.com/ref.png']);
      expect(detail.attachments[1]!.read_url).toBe('https://cdn.example.com/ref.png');
      expectOssError(await read(`/oss/${key.split('/').map(encodeURIComponent).join('/')}`), 403, 'AccessDenied');
      const got = await read(detail.attachments[0]!.read_url);
      expect(got.statusCode, got.body).toBe(200);
      expect(got.body).toBe('%PDF-1.4 test');
    });
  });

  describe('private objects: appeal attachments', () => {
    it('the appellant and the team lead get signed URLs; the bare URL is refused', async () => {
      const me = { client: t.authed(await t.sessionFor(DEMO.designer)) };
      const key = await upload(me, 'appeal', '凭证.png');
      // An appeal on one of the demo designer's tickets (fee appeal: any ticket they held).
      const held = await t.db
        .selectFrom('allocations')
        .innerJoin('designers', 'designers.id', 'allocations.designer_id')
        .select('allocations.ticket_id')
        .where('designers.phone', '=', DEMO.designer)
        .execute();
      let filed: { attachments: { url: string; read_url: string }[] } | undefined;
      for (const { ticket_id } of held) {
        const res = await me.client.post('/api/appeals', { ticket_id, type: 'fee', reason: '费用有误', requested_cents: 100, attachments: [key] });
        if (res.statusCode === 200) {
          filed = expectEnvelope(res, 200).data;
          break;
        }
      }
      expect(filed, 'no ticket of the demo designer takes a fee appeal').toBeDefined();
      expect(filed!.attachments[0]!.url).toBe(key);
      expectOssError(await read(`/oss/${key.split('/').map(encodeURIComponent).join('/')}`), 403, 'AccessDenied');
      expect((await read(filed!.attachments[0]!.read_url)).statusCode).toBe(200);

      const lead = t.authed(await t.sessionFor(DEMO.lead));
      const queue = expectEnvelope<{ items: { attachments: { url: string; read_url: string }[] }[] }>(await lead.get('/api/appeals?scope=review&status=pending&pageSize=100'), 200).data;
      const mine = queue.items.find((a) => a.attachments.some((f) => f.url === key));
      expect(mine).toBeDefined();
      expect((await read(mine!.attachments[0]!.read_url)).statusCode).toBe(200);
    });
  });

  describe('public objects: avatars', () => {
    it('are read without a signature, at the configured base (not the request host)', async () => {
      const user = await createPerson(t, { type: 1 });
      const sig = await sign(user, 'user');
      expect(sig.url_base).toBe('/oss');
      const key = await upload(user, 'user', 'avatar.png');
      expect((await read(`/oss/${key}`)).statusCode).toBe(200);
    });

    it('an avatar under the Host the request claims is refused; one under the configured base is kept', async () => {
      const user = await createPerson(t, { type: 1 });
      const basic = { real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' };
      const evil = { host: 'evil.example' };
      const sig = expectEnvelope<UploadSignature>(await t.inject({ method: 'GET', url: '/api/oss/get-signature?source=user', headers: { ...evil, authorization: `Bearer ${user.token}` } }), 200).data;
      const forged = `http://evil.example/oss/${sig.dir}avatar.png`;
      const res = await t.inject({ method: 'PUT', url: '/api/user/basic-info', payload: { ...basic, avatar: forged }, headers: { ...evil, authorization: `Bearer ${user.token}` } });
      expectFieldErrors(res, [['avatar', '头像地址无效，请重新上传']]);
      expect(expectEnvelope(await user.client.get('/api/user/profile'), 200).data.avatar).toBe('');

      const good = `${sig.url_base}/${sig.dir}avatar.png`;
      expect(expectEnvelope(await user.client.put('/api/user/basic-info', { ...basic, avatar: good }), 200).data.avatar).toBe(good);
    });
  });

  describe('Cache-Control', () => {
    it.each(['/api/user/profile', '/api/user/bank-info', '/api/tickets', '/api/messages/messages', '/api/settlements', '/api/system/dicts', '/api/appeals'])(
      '%s answers no-store',
      async (url) => {
        const c = t.authed(await t.sessionFor(DEMO.designer));
        const res = await c.get(url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      },
    );

    it('refusals under /api are no-store too; the public client configuration is not', async () => {
      expect((await t.anon.get('/api/user/profile')).headers['cache-control']).toBe('no-store');
      const config = await t.anon.get('/api/system/config');
      expect(config.statusCode).toBe(200);
      expect(config.headers['cache-control']).toBeUndefined();
    });
  });

  describe('Content-Security-Policy', () => {
    it('opens sockets to this origin only (no ws:/wss: to any host)', async () => {
      const csp = String((await t.anon.get('/api/system/config')).headers['content-security-policy']);
      const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
      expect(connect).toEqual(["'self'"]);
    });
  });
});

describe('the broker origin in the CSP', () => {
  const t = useTestApp('sqlite', { config: { mqttPublicUrl: 'wss://mq.example.com:8084/mqtt' } });

  it('names the MQTT_PUBLIC_URL origin and no other socket origin', async () => {
    const csp = String((await t.anon.get('/api/system/config')).headers['content-security-policy']);
    expect(/connect-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual(["'self'", 'wss://mq.example.com:8084']);
    expect(brokerOrigins('ws://10.0.0.5:8083/mqtt')).toEqual(['ws://10.0.0.5:8083']);
    expect(brokerOrigins('not a url')).toEqual([]);
  });
});

describe.each(dialects)('signed read URLs with a real OSS bucket (%s)', (dialect) => {
  const oss = loadConfig({
    OSS_ACCESS_KEY_ID: 'LTAIexampleKeyId',
    OSS_ACCESS_KEY_SECRET: 'example-secret',
    OSS_BUCKET: 'dwp-files',
    OSS_REGION: 'cn-hangzhou',
    OSS_PUBLIC_URL: 'https://cdn.example.com/files',
  }).oss;
  const t = useTicketApp(dialect, { config: { oss } });

  it('a private attachment is signed for the bucket endpoint as OSS checks it; a public avatar base is the CDN', async () => {
    const shop = await firstShop(t);
    const product = await createProduct(t);
    const designer = await createPerson(t, { type: 1, teamId: await createTeam(t), products: [product] });
    const { ticket } = await ingest(t, order(shop, product, { attachments: [{ name: '稿.pdf', url: 'attachment/reference/brief-1.pdf' }] }));
    const before = Math.floor(Date.now() / 1000);
    const detail = expectEnvelope<DetailFiles>(await designer.client.get(`/api/tickets/${ticket.ticket_id}`), 200).data;
    const url = new URL(detail.attachments[0]!.read_url);
    expect(url.origin).toBe('https://dwp-files.oss-cn-hangzhou.aliyuncs.com');
    expect(url.pathname).toBe('/attachment/reference/brief-1.pdf');
    expect(url.searchParams.get('OSSAccessKeyId')).toBe('LTAIexampleKeyId');
    const expires = Number(url.searchParams.get('Expires'));
    expect(expires - before).toBeGreaterThanOrEqual(TTL_MS / 1000 - 5);
    expect(expires - before).toBeLessThanOrEqual(TTL_MS / 1000 + 5);
    // OSS signature version 1 for a GET: no Content-MD5, no Content-Type, no x-oss- headers.
    const expected = createHmac('sha1', 'example-secret').update(`GET\n\n\n${expires}\n/dwp-files/attachment/reference/brief-1.pdf`).digest('base64');
    expect(url.searchParams.get('Signature')).toBe(expected);
    const sig = expectEnvelope<UploadSignature>(await designer.client.get('/api/oss/get-signature?source=user'), 200).data;
    expect(sig.url_base).toBe('https://cdn.example.com/files');
  });
});
