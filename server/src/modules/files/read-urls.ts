/**
 * Who may read a stored object, and the URLs that let them.
 *
 * Drafts, ticket attachments and appeal attachments are customers' designs: their objects are
 * private. They are read through a short-lived signed URL, handed out only inside an answer the
 * caller was allowed to see (a ticket's detail, an appeal). Avatars and the other sources stay
 * public (a plain URL).
 *
 * The signature is Aliyun OSS's query-string signature for a GET (signature version 1, which a
 * private bucket accepts): `OSSAccessKeyId`, `Expires` (Unix seconds) and
 * `Signature` = base64 HMAC-SHA1(AccessKeySecret, "GET\n\n\n<Expires>\n/<bucket>/<key>"). The same
 * code signs for a real bucket and for the embedded store, which checks it (object-store.routes.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OssConfig } from '../../config/env.js';
import { nowMs } from '../../lib/time.js';
import { encodeKey, type UploadSource } from './object-keys.js';

/**
 * Sources whose objects only signed URLs read. Templates (issue #17) are private too: a private
 * template is its owner's (and their lead's), a published one its team's, and a share link shows a
 * template's files to whoever holds it only as the link allows.
 */
export const PRIVATE_SOURCES: readonly UploadSource[] = ['draft', 'attachment', 'appeal', 'comment', 'template'];

/** Prefixes of objects the server derives itself (no upload signs them), private like their source: template thumbnails. */
export const DERIVED_PRIVATE_PREFIXES = ['template-thumb'] as const;

/** How long a signed read URL works. */
export const READ_URL_TTL_SECONDS = 15 * 60;

/** Whether the object under `key` is private (its first segment is a private source). */
export function isPrivateKey(key: string): boolean {
  return [...PRIVATE_SOURCES, ...DERIVED_PRIVATE_PREFIXES].some((prefix) => key.startsWith(`${prefix}/`));
}

/** Where public objects are read: OSS_PUBLIC_URL, else the bucket's endpoint, else this server's `/oss` (same origin as the SPA). */
export function publicObjectBase(oss: OssConfig): string {
  return oss.publicUrl ?? (oss.mode === 'aliyun' ? oss.host! : '/oss');
}

/**
 * Where private objects are read: the bucket's own endpoint (a CDN in front of a private bucket
 * would need its own origin authentication), or this server's store.
 */
function privateObjectBase(oss: OssConfig): string {
  return oss.mode === 'aliyun' ? oss.host! : publicObjectBase(oss);
}

function readSignature(oss: OssConfig, key: string, expires: number): string {
  return createHmac('sha1', oss.accessKeySecret).update(`GET\n\n\n${expires}\n/${oss.bucket}/${key}`, 'utf8').digest('base64');
}

/**
 * The URL a browser reads an object at: plain for a public one, signed for `ttlSeconds` for a
 * private one. An http(s) URL (a file that lives elsewhere) is returned as it is.
 */
export function objectReadUrl(oss: OssConfig, keyOrUrl: string, ttlSeconds = READ_URL_TTL_SECONDS, now = nowMs()): string {
  if (/^https?:\/\//i.test(keyOrUrl)) return keyOrUrl;
  const key = keyOrUrl.replace(/^\/+/, '');
  if (!isPrivateKey(key)) return `${publicObjectBase(oss)}/${encodeKey(key)}`;
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const query = new URLSearchParams({ OSSAccessKeyId: oss.accessKeyId, Expires: String(expires), Signature: readSignature(oss, key, expires) });
  return `${privateObjectBase(oss)}/${encodeKey(key)}?${query.toString()}`;
}

export type ReadCheck = { ok: true; expires: number } | { ok: false; reason: 'missing' | 'expired' | 'mismatch' };

/** The embedded store's check of a signed read (the query of the request). */
export function checkReadSignature(oss: OssConfig, key: string, query: Record<string, unknown>, now = nowMs()): ReadCheck {
  const { OSSAccessKeyId: keyId, Expires: expiresText, Signature: signature } = query;
  if (typeof keyId !== 'string' || typeof expiresText !== 'string' || typeof signature !== 'string') return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'mismatch' };
  const expires = Number(expiresText);
  const expected = Buffer.from(readSignature(oss, key, expires));
  const presented = Buffer.from(signature);
  const matches = keyId === oss.accessKeyId && expected.length === presented.length && timingSafeEqual(expected, presented);
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.floor(now / 1000) > expires) return { ok: false, reason: 'expired' };
  return { ok: true, expires };
}
