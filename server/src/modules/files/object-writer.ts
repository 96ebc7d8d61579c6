/**
 * Objects the server writes itself, not a browser upload: the demo seed's images and PDFs and the
 * order simulator's reference images. The same place a browser upload lands: the embedded store's
 * disk (local mode, through local-store.ts), or the real bucket (Aliyun mode, an OSS PutObject
 * signed with the configured key, signature V1 in the Authorization header).
 */
import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import type { OssConfig } from '../../config/env.js';
import { writeObject } from './local-store.js';
import { contentTypeFor, encodeKey, objectPath } from './object-keys.js';

/**
 * The Authorization header of a PutObject (OSS signature V1): base64 HMAC-SHA1 of
 * `PUT\n<Content-MD5>\n<Content-Type>\n<Date>\n/<bucket>/<key>` with the access key secret.
 */
export function putAuthorization(oss: Pick<OssConfig, 'accessKeyId' | 'accessKeySecret' | 'bucket'>, key: string, headers: { md5: string; type: string; date: string }): string {
  const signature = createHmac('sha1', oss.accessKeySecret)
    .update(`PUT\n${headers.md5}\n${headers.type}\n${headers.date}\n/${oss.bucket}/${key}`, 'utf8')
    .digest('base64');
  return `OSS ${oss.accessKeyId}:${signature}`;
}

/** Stores `body` under `key`, typed by its extension; throws when the store or bucket refuses it. */
export async function putObject(oss: OssConfig, key: string, body: Buffer): Promise<void> {
  if (oss.mode === 'local') {
    if (!objectPath(oss.root, key)) throw new Error(`not a safe object key: ${key}`);
    await writeObject(path.resolve(oss.root), key, body);
    return;
  }
  const type = contentTypeFor(key);
  const md5 = createHash('md5').update(body).digest('base64');
  const date = new Date().toUTCString();
  const res = await fetch(`${oss.host}/${encodeKey(key)}`, {
    method: 'PUT',
    headers: { 'content-type': type, 'content-md5': md5, date, authorization: putAuthorization(oss, key, { md5, type, date }) },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`OSS PutObject ${key} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** Writes many objects, a few at a time. */
export async function putObjects(oss: OssConfig, files: Iterable<{ key: string; body: () => Buffer }>, concurrency = 8): Promise<number> {
  const queue = [...files];
  let written = 0;
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      await putObject(oss, f.key, f.body());
      written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return written;
}
