/**
 * Objects the server writes, reads and copies itself, not a browser upload: the demo seed's images
 * and PDFs, the order simulator's reference images, the template library's thumbnails (made from a
 * preview it reads) and the source files it copies into a ticket's draft area. The same place a
 * browser upload lands: the embedded store's disk (local mode, through local-store.ts), or the real
 * bucket (Aliyun mode: OSS PutObject, GetObject, HeadObject and CopyObject signed with the
 * configured key, signature V1 in the Authorization header).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OssConfig } from '../../config/env.js';
import { commitObject, partialDir, writeObject } from './local-store.js';
import { contentTypeFor, encodeKey, objectPath } from './object-keys.js';

type Signer = Pick<OssConfig, 'accessKeyId' | 'accessKeySecret' | 'bucket'>;

/**
 * The Authorization header of an OSS request (signature V1): base64 HMAC-SHA1 of
 * `<VERB>\n<Content-MD5>\n<Content-Type>\n<Date>\n<x-oss-* headers, lowercase, sorted, name:value\n each>/<bucket>/<key>`
 * with the access key secret.
 */
export function ossAuthorization(
  oss: Signer,
  verb: 'GET' | 'HEAD' | 'PUT',
  key: string,
  headers: { md5?: string; type?: string; date: string; oss?: Record<string, string> },
): string {
  const ossHeaders = Object.entries(headers.oss ?? {})
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}\n`)
    .join('');
  const signature = createHmac('sha1', oss.accessKeySecret)
    .update(`${verb}\n${headers.md5 ?? ''}\n${headers.type ?? ''}\n${headers.date}\n${ossHeaders}/${oss.bucket}/${key}`, 'utf8')
    .digest('base64');
  return `OSS ${oss.accessKeyId}:${signature}`;
}

/**
 * The Authorization header of a PutObject (OSS signature V1): base64 HMAC-SHA1 of
 * `PUT\n<Content-MD5>\n<Content-Type>\n<Date>\n/<bucket>/<key>` with the access key secret.
 */
export function putAuthorization(oss: Signer, key: string, headers: { md5: string; type: string; date: string }): string {
  return ossAuthorization(oss, 'PUT', key, headers);
}

/** A read or copy of an object that is not in the store (or whose key is not a safe one). */
export class MissingObjectError extends Error {
  constructor(readonly key: string) {
    super(`no such object: ${key}`);
    this.name = 'MissingObjectError';
  }
}

/** An object over the size a reader accepts. */
export class ObjectTooLargeError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`object too large: ${key} (${size} bytes)`);
    this.name = 'ObjectTooLargeError';
  }
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

async function bucketRequest(oss: OssConfig, verb: 'GET' | 'HEAD' | 'PUT', key: string, ossHeaders: Record<string, string> = {}, timeoutMs = 30_000): Promise<Response> {
  const date = new Date().toUTCString();
  return fetch(`${oss.host}/${encodeKey(key)}`, {
    method: verb,
    headers: { date, ...ossHeaders, authorization: ossAuthorization(oss, verb, key, { date, oss: ossHeaders }) },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** The size and type of the object under `key`, or undefined when there is none. */
export async function headObject(oss: OssConfig, key: string): Promise<ObjectInfo | undefined> {
  if (oss.mode === 'local') {
    const full = objectPath(oss.root, key);
    if (!full) return undefined;
    const st = await stat(full).catch(() => undefined);
    return st?.isFile() ? { size: st.size, contentType: contentTypeFor(key) } : undefined;
  }
  const res = await bucketRequest(oss, 'HEAD', key);
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`OSS HeadObject ${key} answered ${res.status}`);
  return { size: Number(res.headers.get('content-length') ?? 0), contentType: res.headers.get('content-type') ?? contentTypeFor(key) };
}

/**
 * The bytes of the object under `key`. Throws MissingObjectError when there is none, and
 * ObjectTooLargeError (before reading it) when it holds more than `maxBytes`.
 */
export async function getObject(oss: OssConfig, key: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
  if (oss.mode === 'local') {
    const full = objectPath(oss.root, key);
    if (!full) throw new MissingObjectError(key);
    const handle = await open(full, 'r').catch(() => undefined);
    if (!handle) throw new MissingObjectError(key);
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new MissingObjectError(key);
      if (st.size > maxBytes) throw new ObjectTooLargeError(key, st.size);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }
  const res = await bucketRequest(oss, 'GET', key);
  if (res.status === 404) throw new MissingObjectError(key);
  if (!res.ok) throw new Error(`OSS GetObject ${key} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new ObjectTooLargeError(key, declared);
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > maxBytes) throw new ObjectTooLargeError(key, body.length);
  return body;
}

/**
 * Copies the object under `from` to `to` inside the store, without the bytes passing through this
 * server in Aliyun mode (CopyObject: a PUT of `to` with `x-oss-copy-source: /<bucket>/<from>`).
 * Throws MissingObjectError when `from` does not exist.
 */
export async function copyObject(oss: OssConfig, from: string, to: string): Promise<void> {
  if (oss.mode === 'local') {
    const source = objectPath(oss.root, from);
    if (!source) throw new MissingObjectError(from);
    if (!objectPath(oss.root, to)) throw new Error(`not a safe object key: ${to}`);
    const st = await stat(source).catch(() => undefined);
    if (!st?.isFile()) throw new MissingObjectError(from);
    const dir = partialDir(oss.root);
    await mkdir(dir, { recursive: true });
    const partialPath = path.join(dir, `${randomUUID()}.part`);
    await copyFile(source, partialPath);
    await commitObject({ partialPath, size: st.size, md5: '' }, path.resolve(oss.root), to);
    return;
  }
  const res = await bucketRequest(oss, 'PUT', to, { 'x-oss-copy-source': `/${oss.bucket}/${encodeKey(from)}` });
  if (res.status === 404) throw new MissingObjectError(from);
  if (!res.ok) throw new Error(`OSS CopyObject ${from} → ${to} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
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
