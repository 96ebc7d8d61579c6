/**
 * The disk side of the embedded object store: objects live at `<root>/<key>`, uploads stream into
 * a partial file next to the root and are renamed into place only once they passed every check.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { contentDisposition, contentTypeFor, objectPath } from './object-keys.js';
import { OssError, ossErrors } from './oss-errors.js';

/** Where partial uploads are written: beside the object root, never inside it (not servable). */
export function partialDir(root: string): string {
  return `${path.resolve(root)}.partial`;
}

export interface ReceivedObject {
  partialPath: string;
  size: number;
  /** MD5 of the bytes, uppercase hex (OSS's ETag for a simple upload). */
  md5: string;
}

/**
 * Streams an upload into a partial file, counting the real bytes: one byte over `maxSize` aborts
 * the stream with EntityTooLarge and the partial file is removed. Any failure removes it too.
 */
export async function receiveObject(source: Readable, root: string, maxSize: number): Promise<ReceivedObject> {
  // The form itself failing (it ends before the file's closing boundary, the client goes away) is
  // the client's malformed request, not the store's failure.
  let sourceError: unknown;
  source.once('error', (err) => (sourceError = err));
  const dir = partialDir(root);
  await mkdir(dir, { recursive: true });
  const partialPath = path.join(dir, `${randomUUID()}.part`);
  const md5 = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxSize) {
        done(ossErrors.tooLarge());
        return;
      }
      md5.update(chunk);
      done(null, chunk);
    },
  });
  // The file is opened here, not by the write stream: pipeline rejects as soon as one stream
  // fails, before the write stream has opened or closed its file, and a removal then could run
  // before a late open created the file (a refused upload left a partial file behind).
  const file = await open(partialPath, 'wx');
  try {
    await pipeline(source, meter, file.createWriteStream());
  } catch (err) {
    await file.close().catch(() => undefined); // waits for a write still in flight
    await rm(partialPath, { force: true });
    if (err instanceof OssError) throw err;
    if (err === (sourceError ?? source.errored)) {
      throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? ossErrors.tooLarge() : ossErrors.malformed();
    }
    throw err;
  }
  return { partialPath, size, md5: md5.digest('hex').toUpperCase() };
}

/** Moves a verified upload to its key (replacing an older object with that key, as OSS does). */
export async function commitObject(received: ReceivedObject, root: string, key: string): Promise<void> {
  const target = objectPath(root, key);
  try {
    if (!target) throw ossErrors.invalidObjectName();
    await mkdir(path.dirname(target), { recursive: true });
    await rename(received.partialPath, target);
  } catch (err) {
    await rm(received.partialPath, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    // A key whose path runs through an existing object (or names a "directory" of others).
    if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') throw ossErrors.invalidObjectName();
    throw err;
  }
}

/**
 * Stores bytes the server itself made (demo files) under `key`: written to a partial file, then
 * moved into place by commitObject, as an upload is.
 */
export async function writeObject(root: string, key: string, body: Buffer): Promise<void> {
  const dir = partialDir(root);
  await mkdir(dir, { recursive: true });
  const partialPath = path.join(dir, `${randomUUID()}.part`);
  await writeFile(partialPath, body, { flag: 'wx' });
  await commitObject({ partialPath, size: body.length, md5: createHash('md5').update(body).digest('hex').toUpperCase() }, root, key);
}

export async function discardObject(root: string, key: string): Promise<void> {
  const target = objectPath(root, key);
  if (target) await rm(target, { force: true });
}

/** Removes partial files older than a day (left behind by a crash mid-upload). */
export async function sweepPartials(root: string, olderThanMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<void> {
  const dir = partialDir(root);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const st = await stat(file).catch(() => undefined);
    if (st?.isFile() && now - st.mtimeMs > olderThanMs) await rm(file, { force: true });
  }
}

export interface SendObjectOptions {
  /** Overrides the default (inline for images, attachment otherwise). */
  disposition?: 'inline' | 'attachment';
  cacheControl?: string;
  /** The request's `Range` header: one `bytes=a-b` range is answered 206 (a video seeks with it). */
  range?: string;
}

/** One byte range of a file of `size` bytes from a `Range` header, or null (answer the whole file). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/**
 * Streams the object stored under `key` with its content type, a Content-Disposition (inline for
 * images, attachment with the UTF-8 file name otherwise), `nosniff`, and a CSP that keeps an
 * uploaded file from running anything. One byte range is served (206) as a bucket does: a browser
 * seeks in a video (a lesson resumed at its last position) only with ranges. Resolves false (having sent nothing) when there is no such
 * object or the key is not a safe one; on true the caller returns `reply`.
 *
 * The local store's `GET /oss/<key>` calls it for public objects, and for private ones only once
 * the signed query checked out (read-urls.ts); `cacheControl` then lasts as long as the signature.
 */
export async function sendStoredObject(reply: FastifyReply, root: string, key: string, opts: SendObjectOptions = {}): Promise<boolean> {
  const full = objectPath(root, key);
  if (!full) return false;
  let handle;
  try {
    handle = await open(full, 'r');
  } catch {
    return false;
  }
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    return false;
  }
  const range = byteRange(opts.range, st.size);
  if (range === 'unsatisfiable') {
    await handle.close();
    reply.code(416).header('content-range', `bytes */${st.size}`).header('accept-ranges', 'bytes');
    reply.send();
    return true;
  }
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${st.size}`);
  reply
    .header('content-type', contentTypeFor(key))
    .header('accept-ranges', 'bytes')
    .header('content-length', range ? range.end - range.start + 1 : st.size)
    .header('content-disposition', contentDisposition(key, opts.disposition))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', opts.cacheControl ?? 'private, max-age=86400')
    .header('last-modified', st.mtime.toUTCString())
    .header('etag', `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`);
  reply.send(handle.createReadStream(range ? { start: range.start, end: range.end } : {}));
  return true;
}

