import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OssConfig } from '../../config/env.js';
import { putAuthorization, putObject, putObjects } from './object-writer.js';

const aliyun = (host: string): OssConfig => ({
  mode: 'aliyun',
  accessKeyId: 'LTAI5tEXAMPLEKEYID',
  accessKeySecret: 'example-secret-0123456789',
  bucket: 'dwp-files',
  region: 'cn-hangzhou',
  host,
  maxUploadBytes: 1024,
  root: '/nonexistent',
});

describe('putAuthorization (OSS signature V1 in the Authorization header)', () => {
  it('signs PUT, Content-MD5, Content-Type, Date and /bucket/key as the documented formula does', () => {
    // Computed outside this code base:
    // printf 'PUT\nXrY7u+Ae7tCTyyK7j1rNww==\nimage/png\nThu, 26 Nov 2026 08:00:00 GMT\n/dwp-files/attachment/reference/DM202611260001/reference.png'
    //   | openssl dgst -sha1 -hmac 'example-secret-0123456789' -binary | base64
    const header = putAuthorization(aliyun('https://x'), 'attachment/reference/DM202611260001/reference.png', {
      md5: 'XrY7u+Ae7tCTyyK7j1rNww==',
      type: 'image/png',
      date: 'Thu, 26 Nov 2026 08:00:00 GMT',
    });
    expect(header).toBe('OSS LTAI5tEXAMPLEKEYID:xwGoXn/kN5bMiWnUAaN4Ryfsd0A=');
  });
});

describe('putObject', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('local mode: the bytes land under the store root at the key', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dwp-writer-'));
    dirs.push(root);
    const oss: OssConfig = { ...aliyun(''), mode: 'local', host: undefined, root };
    await putObjects(oss, [
      { key: 'draft/D000002/20261126/abcdefghijkl/初稿-DM1.pdf', body: () => Buffer.from('%PDF-1.4') },
      { key: 'attachment/reference/DM1/reference.png', body: () => Buffer.from('png') },
    ]);
    expect(readFileSync(path.join(root, 'draft/D000002/20261126/abcdefghijkl/初稿-DM1.pdf'), 'latin1')).toBe('%PDF-1.4');
    expect(readFileSync(path.join(root, 'attachment/reference/DM1/reference.png'), 'utf8')).toBe('png');
    await expect(putObject(oss, '../outside.png', Buffer.from('x'))).rejects.toThrow(/not a safe object key/);
  });

  it('aliyun mode: a PutObject the bucket accepts, and a refusal is an error', async () => {
    const received: { url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
    let refuse = false;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = refuse ? 403 : 200;
        res.end(refuse ? '<Error><Code>AccessDenied</Code></Error>' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const oss = aliyun(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const key = 'appeal/D000002/20261126/ap0000000001/沟通截图-DM1.png';
      const body = Buffer.from('an image');
      await putObject(oss, key, body);
      const put = received[0]!;
      expect(put.url).toBe(`/appeal/D000002/20261126/ap0000000001/${encodeURIComponent('沟通截图-DM1.png')}`);
      expect(put.body.equals(body)).toBe(true);
      expect(put.headers['content-type']).toBe('image/png');
      expect(put.headers['content-md5']).toBe(createHash('md5').update(body).digest('base64'));
      expect(put.headers.authorization).toBe(putAuthorization(oss, key, { md5: String(put.headers['content-md5']), type: 'image/png', date: String(put.headers.date) }));

      refuse = true;
      await expect(putObject(oss, key, body)).rejects.toThrow(/answered 403: <Error><Code>AccessDenied/);
    } finally {
      server.close();
    }
  });
});
