/**
 * Object keys: how upload directories are built (from server data only), which keys are safe to
 * map onto the local disk, and how stored files are typed when served.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The spec's upload sources (§3 Upload task), plus `appeal` (appeal attachments, issue #5) and `comment` (files of a comment on a ticket or an appeal, issue #24). */
export const UPLOAD_SOURCES = ['default', 'template', 'user', 'draft', 'attachment', 'static', 'appeal', 'comment', 'announcement'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

const NONCE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const NONCE_LENGTH = 12;

/** A random lowercase segment (12 of 36 symbols, about 62 bits) that makes object URLs unguessable. */
export function randomNonce(length = NONCE_LENGTH): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps the symbols uniform (252 = 7 × 36).
  for (let i = 0; i < bytes.length && out.length < length; i += 1) {
    const b = bytes[i]!;
    if (b < 252) out += NONCE_ALPHABET[b % 36];
  }
  return out.length === length ? out : randomNonce(length);
}

/**
 * The upload directory for one signature: `<source>/<designer_id>/<yyyymmdd>/<nonce>/`. Every part
 * comes from the server (the validated source, the signed-in designer, the clock, a random nonce),
 * never from a path the caller sends.
 */
export function uploadDir(source: UploadSource, designerCode: string, day: string, nonce = randomNonce()): string {
  return `${source}/${designerCode}/${day}/${nonce}/`;
}

const DIR_PATTERN = /^(default|template|user|draft|attachment|static|appeal)\/(D\d{6,})\/(\d{8})\/([a-z0-9]{8,32})\/$/;

export interface ParsedDir {
  source: UploadSource;
  designerCode: string;
  day: string;
  nonce: string;
}

/** Reads back a directory built by uploadDir (undefined for anything else). */
export function parseUploadDir(dir: string): ParsedDir | undefined {
  const m = DIR_PATTERN.exec(dir);
  if (!m) return undefined;
  return { source: m[1] as UploadSource, designerCode: m[2]!, day: m[3]!, nonce: m[4]! };
}

/** OSS limits object names to 1–1023 bytes of UTF-8. */
const MAX_KEY_BYTES = 1023;

/**
 * A key that maps onto a file below `root` and nowhere else: relative, `/`-separated, no empty,
 * `.` or `..` segments, no backslashes, no NUL or other control characters, at most 1023 bytes, and
 * still inside the root once resolved. Returns the absolute path, or undefined when unsafe.
 */
export function objectPath(root: string, key: string): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return undefined;
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return undefined;
  if (key.startsWith('/') || key.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(key)) return undefined;
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  const base = path.resolve(root);
  const full = path.resolve(base, ...segments);
  if (!full.startsWith(base + path.sep)) return undefined;
  return full;
}

/** Content types by extension; anything else is served as application/octet-stream. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  psd: 'image/vnd.adobe.photoshop',
  ai: 'application/postscript',
  cdr: 'application/vnd.corel-draw',
  txt: 'text/plain; charset=utf-8',
};

/** Images a browser shows itself (spec §7: opened through a direct link in a new tab). */
const INLINE_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream';
}

export function isInlineImage(key: string): boolean {
  return INLINE_IMAGES.has(extensionOf(key));
}

/** RFC 5987 / 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(key: string, kind: 'inline' | 'attachment' = isInlineImage(key) ? 'inline' : 'attachment'): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The URL path of a key: each segment percent-encoded. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
