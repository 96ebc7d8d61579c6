import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { advanceClock } from '../src/lib/time.js';
import { signPolicy } from '../src/modules/files/oss-signer.js';
import { objectReadUrl } from '../src/modules/files/read-urls.js';
import { DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, type Res, type TestApp, useTestApp } from './support/harness.js';
import { type FilePart, type FormEntry, multipartBody, type UploadSignature, uploadFields } from './support/multipart.js';
import { designerCode } from '../src/domain/designers.js';

const SOURCES = ['default', 'template', 'user', 'draft', 'attachment', 'static'] as const;
const MB = 1024 * 1024;

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);

function decodePolicy(sig: UploadSignature): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(sig.policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
}

function expectOssError(res: Res, status: number, code: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error>/);
  expect(res.body).toContain(`<Code>${code}</Code>`);
  expect(res.body).toMatch(/<RequestId>[0-9A-F]{24}<\/RequestId>/);
  if (message) expect(res.body).toMatch(message);
}

/** Every file below the object root and the partial-upload directory, relative paths. */
function filesOnDisk(t: TestApp): string[] {
  const root = t.app.config.oss.root;
  const out: string[] = [];
  const walk = (dir: string, label: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${label}/${entry.name}`);
      else out.push(`${label}/${entry.name}`);
    }
  };
  walk(root, 'oss');
  walk(`${root}.partial`, 'partial');
  return out.sort();
}

describe.each(dialects)('files: upload signature and the local object store (%s)', (dialect) => {
  const t = useTestApp(dialect, { listen: true });
  let token: string;
  let leadToken: string;
  let code: string;
  let designerId: number;

  beforeAll(async () => {
    token = await t.sessionFor(DEMO.designer);
    leadToken = await t.sessionFor(DEMO.lead);
    const d = await t.db.selectFrom('designers').select('id').where('phone', '=', DEMO.designer).executeTakeFirstOrThrow();
    designerId = d.id;
    code = designerCode(d.id);
  });

  async function sign(source: string = 'attachment', who = token): Promise<UploadSignature> {
    const res = await t.authed(who).get(`/api/oss/get-signature?source=${source}`);
    return expectEnvelope<UploadSignature>(res, 200).data;
  }

  function post(entries: FormEntry[]): Promise<Res> {
    const { payload, headers } = multipartBody(entries);
    return t.inject({ method: 'POST', url: '/oss', payload, headers });
  }

  function upload(sig: UploadSignature, key: string, file: FilePart, changes: Record<string, string | null> = {}): Promise<Res> {
    return post([...uploadFields(sig, key, changes), ['file', file]]);
  }

  async function uploadRows(key?: string) {
    let q = t.db.selectFrom('upload_records').selectAll();
    if (key) q = q.where('object_key', '=', key);
    return q.execute();
  }

  /** Runs a refused upload and checks it left nothing behind: no file, no partial file, no record. */
  async function expectRefused(send: () => Promise<Res>, status: number, errorCode: string, message?: RegExp): Promise<void> {
    const before = filesOnDisk(t);
    const rowsBefore = (await uploadRows()).length;
    expectOssError(await send(), status, errorCode, message);
    expect(filesOnDisk(t)).toEqual(before);
    expect((await uploadRows()).length).toBe(rowsBefore);
  }

  describe('GET /api/oss/get-signature', () => {
    it('needs a token', async () => {
      expect401(await t.anon.get('/api/oss/get-signature?source=default'));
      expect401(await t.client({ headers: { authorization: 'Bearer nope' } }).get('/api/oss/get-signature?source=default'));
    });

    it('refuses an unknown or missing source with 422', async () => {
      expectFieldErrors(await t.authed(token).get('/api/oss/get-signature?source=../../etc'), [['source', '上传来源不正确']]);
      expectFieldErrors(await t.authed(token).get('/api/oss/get-signature?source=USER'), [['source', '上传来源不正确']]);
      expectFieldErrors(await t.authed(token).get('/api/oss/get-signature'), [['source']]);
    });

    it.each(SOURCES)('answers the spec fields with a server-made dir (%s)', async (source) => {
      const res = await t.authed(token).get(`/api/oss/get-signature?source=${source}`);
      expect(res.headers['cache-control']).toBe('no-store');
      const sig = expectEnvelope<UploadSignature>(res, 200).data;
      for (const field of ['policy', 'signature', 'x_oss_credential', 'x_oss_date', 'dir', 'security_token', 'host']) {
        expect(typeof (sig as unknown as Record<string, unknown>)[field], field).toBe('string');
      }
      expect(sig.dir).toMatch(new RegExp(`^${source}/${code}/\\d{8}/[a-z0-9]{12}/$`));
      expect(sig.x_oss_date).toMatch(/^\d{8}T\d{6}Z$/);
      const day = sig.x_oss_date.slice(0, 8);
      expect(sig.dir.split('/')[2]).toBe(day);
      expect(sig.x_oss_credential).toBe(`LOCAL/${day}/local/oss/aliyun_v4_request`);
      expect(sig.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(sig.security_token).toBe('');
      expect(sig.host).toBe('http://localhost:80/oss');
      // Files are read at the configured base (here this server's /oss), never one built from the request.
      expect(sig.url_base).toBe('/oss');
      expect(sig.max_size).toBe(source === 'user' ? 5 * MB : 200 * MB);
      const expireIn = Date.parse(sig.expire) - Date.now();
      expect(expireIn).toBeGreaterThan(9 * 60_000);
      expect(expireIn).toBeLessThanOrEqual(10 * 60_000);

      const policy = decodePolicy(sig);
      expect(policy.expiration).toBe(sig.expire);
      expect(policy.conditions).toEqual([
        { bucket: 'local' },
        ['starts-with', '$key', sig.dir],
        ['content-length-range', 1, sig.max_size],
        { 'x-oss-signature-version': 'OSS4-HMAC-SHA256' },
        { 'x-oss-credential': sig.x_oss_credential },
        { 'x-oss-date': sig.x_oss_date },
      ]);
      // The signature is the documented V4 one over these exact policy bytes.
      expect(signPolicy(t.app.config.oss.accessKeySecret, day, 'local', sig.policy)).toBe(sig.signature);
    });

    it('gives every signature its own unguessable directory, per designer', async () => {
      const [a, b, c] = await Promise.all([sign('draft'), sign('draft'), sign('draft', leadToken)]);
      expect(a.dir).not.toBe(b.dir);
      expect(c.dir.split('/')[1]).not.toBe(code);
      expect(c.dir).toMatch(/^draft\/D\d{6}\//);
    });

    it('builds the host from the request origin', async () => {
      const res = await t.authed(token).get('/api/oss/get-signature?source=default', {
        headers: { host: 'files.example.com:8443', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      // TRUST_PROXY is off: forwarded headers are ignored.
      expect(expectEnvelope<UploadSignature>(res, 200).data.host).toBe('http://files.example.com:8443/oss');
    });
  });

  describe('POST /oss and GET /oss/<key>', () => {
    it('stores a good upload and serves it back byte for byte as an image', async () => {
      const sig = await sign('user');
      const key = `${sig.dir}avatar.png`;
      const res = await upload(sig, key, { filename: 'avatar.png', content: PNG, contentType: 'image/png' });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(`"${createHash('md5').update(PNG).digest('hex').toUpperCase()}"`);

      const got = await t.inject({ method: 'GET', url: `/oss/${key}` });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PNG)).toBe(true);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['content-length']).toBe(String(PNG.length));
      expect(got.headers['content-disposition']).toMatch(/^inline; /);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain('sandbox');
      const head = await t.inject({ method: 'HEAD', url: `/oss/${key}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
      expect(head.body).toBe('');

      const rows = await uploadRows(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ designer_id: designerId, source: 'user', size: PNG.length, content_type: 'image/png' });
      expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
    });

    it('serves other files as attachments with their UTF-8 name and type', async () => {
      const sig = await sign('attachment');
      const cases: [name: string, type: string][] = [
        ['设计稿 终版(1).pdf', 'application/pdf'],
        ['素材.zip', 'application/zip'],
        ['layers.PSD', 'image/vnd.adobe.photoshop'],
        ['logo.ai', 'application/postscript'],
        ['logo.cdr', 'application/vnd.corel-draw'],
        ['说明.txt', 'text/plain; charset=utf-8'],
        ['page.html', 'application/octet-stream'],
        ['drawing.svg', 'application/octet-stream'],
      ];
      for (const [name, type] of cases) {
        const content = Buffer.from(`content of ${name}\n`);
        const key = `${sig.dir}${name}`;
        const res = await upload(sig, key, { filename: name, content });
        expect(res.statusCode, res.body).toBe(204);
        // Attachments are private: read through a signed URL (file-access.test.ts).
        const got = await t.inject({ method: 'GET', url: objectReadUrl(t.app.config.oss, key) });
        expect(got.statusCode, name).toBe(200);
        expect(got.rawPayload.equals(content), name).toBe(true);
        expect(got.headers['content-type'], name).toBe(type);
        expect(got.headers['content-disposition'], name).toBe(
          `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
        );
        expect(got.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers success_action_status 200 and 201 like OSS, and replaces ${filename}', async () => {
      const sig = await sign('draft');
      const ok200 = await upload(sig, `${sig.dir}a.txt`, { filename: 'a.txt', content: 'a' }, { success_action_status: '200' });
      expect(ok200.statusCode).toBe(200);
      const ok201 = await upload(sig, `${sig.dir}\${filename}`, { filename: 'b.txt', content: 'bb' }, { success_action_status: '201' });
      expect(ok201.statusCode, ok201.body).toBe(201);
      expect(ok201.headers['content-type']).toMatch(/^application\/xml/);
      expect(ok201.body).toContain(`<Key>${sig.dir}b.txt</Key>`);
      expect(ok201.body).toContain(`<Location>http://localhost:80/oss/${sig.dir}b.txt</Location>`);
      expect((await t.inject({ method: 'GET', url: objectReadUrl(t.app.config.oss, `${sig.dir}b.txt`) })).body).toBe('bb');
    });

    it('accepts exactly max_size bytes, and a re-upload replaces the object and its record', async () => {
      const sig = await sign('user');
      const key = `${sig.dir}big.jpg`;
      const big = Buffer.alloc(sig.max_size, 7);
      expect((await upload(sig, key, { filename: 'big.jpg', content: big })).statusCode).toBe(204);
      expect((await t.inject({ method: 'GET', url: `/oss/${key}` })).rawPayload.length).toBe(sig.max_size);
      expect((await upload(sig, key, { filename: 'big.jpg', content: PNG })).statusCode).toBe(204);
      expect((await t.inject({ method: 'GET', url: `/oss/${key}` })).rawPayload.equals(PNG)).toBe(true);
      const rows = await uploadRows(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.size).toBe(PNG.length);
    });

    it('works for a browser: real HTTP, FormData to the signed host, then the file URL', async () => {
      const sigRes = await fetch(`${t.baseUrl}/api/oss/get-signature?source=default`, { headers: { authorization: `Bearer ${token}` } });
      const sig = ((await sigRes.json()) as { data: UploadSignature }).data;
      expect(sig.host).toBe(`${t.baseUrl}/oss`);
      const form = new FormData();
      const key = `${sig.dir}模板 封面.png`;
      for (const [name, value] of uploadFields(sig, key)) form.append(name, value);
      form.append('file', new Blob([PNG], { type: 'image/png' }), '模板 封面.png');
      const res = await fetch(sig.host, { method: 'POST', body: form });
      expect(res.status).toBe(204);
      const got = await fetch(`${t.baseUrl}${sig.url_base}/${key.split('/').map(encodeURIComponent).join('/')}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);

      // A refusal arrives over real HTTP too, without the server reading a large body to its end.
      const user = ((await (await fetch(`${t.baseUrl}/api/oss/get-signature?source=user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: UploadSignature }).data;
      const before = filesOnDisk(t);
      for (const [changes, status, errorCode] of [
        [{}, 400, 'EntityTooLarge'],
        [{ 'x-oss-signature': '0'.repeat(64) }, 403, 'SignatureDoesNotMatch'],
      ] as const) {
        const big = new FormData();
        for (const [name, value] of uploadFields(user, `${user.dir}big.bin`, changes)) big.append(name, value);
        big.append('file', new Blob([Buffer.alloc(user.max_size + 20 * MB, 1)]), 'big.bin');
        const refused = await fetch(user.host, { method: 'POST', body: big });
        expect(refused.status).toBe(status);
        expect(await refused.text()).toContain(`<Code>${errorCode}</Code>`);
      }
      expect(filesOnDisk(t)).toEqual(before);
    });

    describe('refuses, like a bucket, and keeps nothing', () => {
      const file: FilePart = { filename: 'x.png', content: PNG, contentType: 'image/png' };

      it('a tampered signature', async () => {
        const sig = await sign();
        const flipped = sig.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-signature': flipped }), 403, 'SignatureDoesNotMatch');
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-signature': 'not-hex' }), 403, 'SignatureDoesNotMatch');
        const other = await sign();
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-signature': other.signature }), 403, 'SignatureDoesNotMatch');
      });

      it('a tampered policy (larger size, another dir, later expiry)', async () => {
        const sig = await sign('user');
        const policy = decodePolicy(sig);
        const tampered = [
          { ...policy, conditions: policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? [c[0], 1, 10 * 1024 * MB] : c)) },
          { ...policy, conditions: policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'starts-with' ? ['starts-with', '$key', ''] : c)) },
          { ...policy, expiration: '2999-01-01T00:00:00.000Z' },
        ];
        for (const doc of tampered) {
          const b64 = Buffer.from(JSON.stringify(doc)).toString('base64');
          await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { policy: b64 }), 403, 'SignatureDoesNotMatch');
        }
      });

      it('an expired policy', async () => {
        const sig = await sign();
        advanceClock(10 * 60_000 + 1_000);
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file), 403, 'AccessDenied', /Invalid according to Policy: Policy expired\./);
      });

      it('a file over content-length-range, and an empty one', async () => {
        const sig = await sign('user');
        const tooBig = { filename: 'big.jpg', content: Buffer.alloc(sig.max_size + 1, 1) };
        await expectRefused(() => upload(sig, `${sig.dir}big.jpg`, tooBig), 400, 'EntityTooLarge');
        await expectRefused(() => upload(sig, `${sig.dir}empty.txt`, { filename: 'empty.txt', content: '' }), 400, 'EntityTooSmall');
      });

      it('a key outside the signed dir', async () => {
        const sig = await sign('user');
        const other = await sign('user', leadToken);
        for (const key of [`${other.dir}x.png`, `attachment/${code}/x.png`, 'x.png', `/${sig.dir}x.png`, sig.dir.slice(0, -1) + 'x.png']) {
          await expectRefused(() => upload(sig, key, file), 403, 'AccessDenied', /Policy Condition failed: \["starts-with","\$key"/);
        }
      });

      it('a key that would leave its directory or the store', async () => {
        const sig = await sign();
        for (const key of [
          `${sig.dir}../../../../escape.txt`,
          `${sig.dir}a/../../x.txt`,
          `${sig.dir}./x.txt`,
          `${sig.dir}a//x.txt`,
          `${sig.dir}a\\..\\x.txt`,
          `${sig.dir}x\u0000.txt`,
          `${sig.dir}`,
          `${sig.dir}${'n'.repeat(1024)}.txt`,
        ]) {
          await expectRefused(() => upload(sig, key, file), 400, 'InvalidObjectName');
        }
        expect(fs.existsSync(path.join(t.app.config.dataDir, 'escape.txt'))).toBe(false);
      });

      it('a wrong signature version', async () => {
        const sig = await sign();
        for (const version of ['OSS2', 'AWS4-HMAC-SHA256', 'oss4-hmac-sha256']) {
          await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-signature-version': version }), 400, 'InvalidArgument', /signature version/);
        }
      });

      it('a credential whose date, region or key id is not the signed one', async () => {
        const sig = await sign();
        const [id, day, region, ...rest] = sig.x_oss_credential.split('/');
        const nextDay = String(Number(day) + 1);
        await expectRefused(
          () => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-credential': [id, nextDay, region, ...rest].join('/') }),
          400,
          'InvalidArgument',
          /signing date/,
        );
        await expectRefused(
          () => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-credential': [id, day, 'cn-hangzhou', ...rest].join('/') }),
          400,
          'InvalidArgument',
          /signing region/,
        );
        await expectRefused(
          () => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-credential': ['LTAIother', day, region, ...rest].join('/') }),
          403,
          'InvalidAccessKeyId',
        );
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-credential': 'garbage' }), 400, 'InvalidArgument');
      });

      it('an x-oss-date that is not the policy one, or not a date', async () => {
        const sig = await sign();
        const sameDayOtherTime = `${sig.x_oss_date.slice(0, 9)}${sig.x_oss_date.slice(9, 15) === '000000' ? '000001' : '000000'}Z`;
        await expectRefused(
          () => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-date': sameDayOtherTime }),
          403,
          'AccessDenied',
          /Policy Condition failed: \{"x-oss-date"/,
        );
        await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { 'x-oss-date': '2026-11-22T08:00:00Z' }), 400, 'InvalidArgument');
      });

      it('a form missing a required field or the file', async () => {
        const sig = await sign();
        for (const name of ['key', 'policy', 'x-oss-signature-version', 'x-oss-credential', 'x-oss-date', 'x-oss-signature']) {
          await expectRefused(() => upload(sig, `${sig.dir}x.png`, file, { [name]: null }), 400, 'InvalidArgument', new RegExp(`form field ${name} is missing`));
        }
        await expectRefused(() => post(uploadFields(sig, `${sig.dir}x.png`)), 400, 'InvalidArgument', /form field file is missing/);
        // Fields after the file are not read (OSS requires the file last).
        const late = uploadFields(sig, `${sig.dir}x.png`);
        await expectRefused(() => post([...late.slice(0, 3), ['file', file], ...late.slice(3)]), 400, 'InvalidArgument', /is missing/);
      });

      it('a duplicated field, a file under another name, a body that is not multipart', async () => {
        const sig = await sign();
        await expectRefused(() => post([...uploadFields(sig, `${sig.dir}x.png`), ['key', `${sig.dir}y.png`], ['file', file]]), 400, 'InvalidArgument');
        await expectRefused(() => post([...uploadFields(sig, `${sig.dir}x.png`), ['upload', file]]), 400, 'InvalidArgument');
        await expectRefused(() => t.inject({ method: 'POST', url: '/oss', payload: { key: 'x' } }), 400, 'MalformedPOSTRequest');
        await expectRefused(
          () => t.inject({ method: 'POST', url: '/oss', payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=abc' } }),
          400,
          'MalformedPOSTRequest',
        );
        await expectRefused(
          () => t.inject({ method: 'POST', url: '/oss', payload: 'x', headers: { 'content-type': 'application/octet-stream' } }),
          400,
          'MalformedPOSTRequest',
        );
      });
    });

    it('answers 404 NoSuchKey for a missing object', async () => {
      const sig = await sign();
      expectOssError(await t.inject({ method: 'GET', url: objectReadUrl(t.app.config.oss, `${sig.dir}nothing.png`) }), 404, 'NoSuchKey');
      expectOssError(await t.inject({ method: 'GET', url: '/oss/attachment' }), 404, 'NoSuchKey');
    });

    it('refuses paths that leave the store', async () => {
      fs.writeFileSync(path.join(t.app.config.dataDir, 'secret.txt'), 'top secret');
      for (const url of [
        '/oss/../secret.txt',
        '/oss/..%2Fsecret.txt',
        '/oss/%2e%2e/secret.txt',
        '/oss/attachment/..%2F..%2Fsecret.txt',
        '/oss/attachment/%2e%2e/%2e%2e/secret.txt',
        '/oss/..%5Csecret.txt',
        '/oss//etc/passwd',
        '/oss/%00',
        '/oss/../oss.partial/x',
      ]) {
        const res = await t.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body, url).not.toContain('top secret');
        expect(res.body, url).not.toContain('root:');
      }
      expectOssError(await t.inject({ method: 'GET', url: '/oss/..%2Fsecret.txt' }), 400, 'InvalidObjectName');
    });
  });
});

describe('files: configuration', () => {
  it('uses the local store without OSS credentials, with LOCAL_OSS_SECRET when given', () => {
    const a = loadConfig({ DATA_DIR: '/tmp/dwp-x' }).oss;
    const b = loadConfig({ DATA_DIR: '/tmp/dwp-x' }).oss;
    expect(a).toMatchObject({ mode: 'local', bucket: 'local', region: 'local', root: '/tmp/dwp-x/oss', maxUploadBytes: 200 * MB });
    expect(a.accessKeySecret).not.toBe(b.accessKeySecret);
    expect(loadConfig({ LOCAL_OSS_SECRET: 'a-shared-local-secret' }).oss.accessKeySecret).toBe('a-shared-local-secret');
    expect(loadConfig({ OSS_MAX_UPLOAD_MB: '50' }).oss.maxUploadBytes).toBe(50 * MB);
  });

  it('uses a real bucket with credentials, and wants all of them', () => {
    const oss = loadConfig({
      OSS_ACCESS_KEY_ID: 'LTAIexample',
      OSS_ACCESS_KEY_SECRET: 'secret',
      OSS_BUCKET: 'dwp-files',
      OSS_REGION: 'oss-cn-hangzhou',
    }).oss;
    expect(oss).toMatchObject({ mode: 'aliyun', region: 'cn-hangzhou', host: 'https://dwp-files.oss-cn-hangzhou.aliyuncs.com' });
    expect(() => loadConfig({ OSS_ACCESS_KEY_ID: 'LTAIexample', OSS_ACCESS_KEY_SECRET: 'secret' })).toThrow(/OSS_BUCKET, OSS_REGION/);
    expect(() => loadConfig({ OSS_HOST: 'not a url' })).toThrow(/OSS_HOST/);
  });
});

describe.each(dialects)('files: with a real OSS bucket configured (%s)', (dialect) => {
  const oss = loadConfig({
    OSS_ACCESS_KEY_ID: 'LTAIexampleKeyId',
    OSS_ACCESS_KEY_SECRET: 'example-secret',
    OSS_BUCKET: 'dwp-files',
    OSS_REGION: 'cn-hangzhou',
    OSS_HOST: 'https://dwp-files.oss-cn-hangzhou.aliyuncs.com/',
    OSS_PUBLIC_URL: 'https://cdn.example.com/files',
    OSS_MAX_UPLOAD_MB: '100',
  }).oss;
  const t = useTestApp(dialect, { config: { oss } });

  it('signs for the bucket with the env credentials', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const res = await t.authed(token).get('/api/oss/get-signature?source=draft');
    const sig = expectEnvelope<UploadSignature>(res, 200).data;
    const day = sig.x_oss_date.slice(0, 8);
    expect(sig.host).toBe('https://dwp-files.oss-cn-hangzhou.aliyuncs.com');
    expect(sig.url_base).toBe('https://cdn.example.com/files');
    expect(sig.x_oss_credential).toBe(`LTAIexampleKeyId/${day}/cn-hangzhou/oss/aliyun_v4_request`);
    expect(sig.max_size).toBe(100 * MB);
    expect(decodePolicy(sig).conditions).toContainEqual({ bucket: 'dwp-files' });
    expect(sig.signature).toBe(signPolicy('example-secret', day, 'cn-hangzhou', sig.policy));
    // The SPA may post to the bucket and show its images.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/dwp-files\.oss-cn-hangzhou\.aliyuncs\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
  });

  it('has no embedded store', async () => {
    const res = await t.inject({ method: 'GET', url: '/oss/draft/x.png' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
