import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OssConfig } from '../../config/env.js';
import { copyObject, getObject, headObject, MissingObjectError, ossAuthorization, ObjectTooLargeError, putAuthorization, putObject, putObjects } from './object-writer.js';

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

describe('ossAuthorization with x-oss-* headers (CopyObject)', () => {
  it('puts the lowercase, sorted x-oss-* headers between the Date and the resource', () => {
    // The documented string to sign, written out by hand here.
    const expected = createHmac('sha1', 'example-secret-0123456789')
      .update('PUT\n\n\nThu, 26 Nov 2026 08:00:00 GMT\nx-oss-copy-source:/dwp-files/template/a.psd\n/dwp-files/draft/b.psd')
      .digest('base64');
    const header = ossAuthorization(aliyun('https://x'), 'PUT', 'draft/b.psd', { date: 'Thu, 26 Nov 2026 08:00:00 GMT', oss: { 'X-OSS-Copy-Source': '/dwp-files/template/a.psd' } });
    expect(header).toBe(`OSS LTAI5tEXAMPLEKEYID:${expected}`);
    // Without x-oss headers it is exactly the PutObject formula.
    expect(ossAuthorization(aliyun('https://x'), 'PUT', 'k', { md5: 'm', type: 't', date: 'd' })).toBe(putAuthorization(aliyun('https://x'), 'k', { md5: 'm', type: 't', date: 'd' }));
  });
});

describe('getObject, headObject, copyObject', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('local mode: reads, sizes and copies objects; missing, unsafe and oversize keys are refused', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dwp-reader-'));
    dirs.push(root);
    const oss: OssConfig = { ...aliyun(''), mode: 'local', host: undefined, root };
    const from = 'template/D000002/20261126/abcdefghijkl/名片源文件.psd';
    await putObject(oss, from, Buffer.from('8BPS source'));
    expect((await getObject(oss, from)).toString()).toBe('8BPS source');
    expect(await headObject(oss, from)).toEqual({ size: 11, contentType: 'image/vnd.adobe.photoshop' });
    expect(await headObject(oss, 'template/none.psd')).toBeUndefined();
    expect(await headObject(oss, '../x')).toBeUndefined();
    await expect(getObject(oss, from, 10)).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(getObject(oss, 'template/none.psd')).rejects.toBeInstanceOf(MissingObjectError);
    await expect(getObject(oss, '../../etc/passwd')).rejects.toBeInstanceOf(MissingObjectError);
    await expect(getObject(oss, 'template/D000002')).rejects.toBeInstanceOf(MissingObjectError);

    const to = 'draft/D000003/20261126/mnopqrstuvwx/名片源文件.psd';
    await copyObject(oss, from, to);
    expect(readFileSync(path.join(root, to), 'utf8')).toBe('8BPS source');
    expect(readFileSync(path.join(root, from), 'utf8')).toBe('8BPS source');
    await expect(copyObject(oss, 'template/none.psd', to)).rejects.toBeInstanceOf(MissingObjectError);
    await expect(copyObject(oss, from, '../outside.psd')).rejects.toThrow(/not a safe object key/);
  });

  it('aliyun mode: GetObject, HeadObject and CopyObject signed with the key; 404 is a missing object', async () => {
    const received: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
    const stored = new Map<string, Buffer>([['/template/D000002/20261126/abcdefghijkl/%E5%B0%81%E9%9D%A2.png', Buffer.from('png bytes')]]);
    const server = createServer((req, res) => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers });
      const copySource = req.headers['x-oss-copy-source'];
      if (req.method === 'PUT' && typeof copySource === 'string') {
        const body = stored.get(copySource.replace('/dwp-files', ''));
        if (!body) {
          res.statusCode = 404;
          res.end('<Error><Code>NoSuchKey</Code></Error>');
          return;
        }
        stored.set(req.url!, body);
        res.end('<CopyObjectResult/>');
        return;
      }
      const body = stored.get(req.url!);
      if (!body) {
        res.statusCode = 404;
        res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      res.setHeader('content-type', 'image/png');
      res.setHeader('content-length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const oss = aliyun(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const key = 'template/D000002/20261126/abcdefghijkl/封面.png';
      expect((await getObject(oss, key)).toString()).toBe('png bytes');
      const get = received.at(-1)!;
      expect(get.headers.authorization).toBe(ossAuthorization(oss, 'GET', key, { date: String(get.headers.date) }));
      await expect(getObject(oss, key, 3)).rejects.toBeInstanceOf(ObjectTooLargeError);
      await expect(getObject(oss, 'template/none.png')).rejects.toBeInstanceOf(MissingObjectError);
      expect(await headObject(oss, key)).toEqual({ size: 9, contentType: 'image/png' });
      expect(received.at(-1)!.headers.authorization).toBe(ossAuthorization(oss, 'HEAD', key, { date: String(received.at(-1)!.headers.date) }));
      expect(await headObject(oss, 'template/none.png')).toBeUndefined();

      const to = 'draft/D000003/20261126/mnopqrstuvwx/封面.png';
      await copyObject(oss, key, to);
      const copy = received.at(-1)!;
      expect(copy.method).toBe('PUT');
      expect(copy.url).toBe(`/draft/D000003/20261126/mnopqrstuvwx/${encodeURIComponent('封面.png')}`);
      expect(copy.headers['x-oss-copy-source']).toBe(`/dwp-files/template/D000002/20261126/abcdefghijkl/${encodeURIComponent('封面.png')}`);
      expect(copy.headers.authorization).toBe(
        ossAuthorization(oss, 'PUT', to, { date: String(copy.headers.date), oss: { 'x-oss-copy-source': String(copy.headers['x-oss-copy-source']) } }),
      );
      expect((await getObject(oss, to)).toString()).toBe('png bytes');
      await expect(copyObject(oss, 'template/none.png', to)).rejects.toBeInstanceOf(MissingObjectError);
    } finally {
      server.close();
    }
  });
});
