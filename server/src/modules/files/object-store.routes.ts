/**
 * The embedded object store (product.md §1 files row, §8): a stand-in for an Aliyun OSS bucket
 * when no real one is configured. Registered by app.ts only in the local mode.
 *
 * - `POST /oss`: PostObject. A multipart form whose fields come before `file` (as OSS requires);
 *   verified exactly like a bucket verifies it (modules/files/post-policy.ts), the file streamed to
 *   disk with its real size held to the policy's `content-length-range`, then moved to its key
 *   (`storeObject` in files.service.ts).
 *   Refusals are OSS XML errors; nothing of a refused upload stays on disk.
 * - `GET /oss/<key>`: the stored object, typed by extension (modules/files/local-store.ts). Private
 *   objects (drafts, attachments, appeal attachments) only with a valid, unexpired signed URL
 *   (read-urls.ts); the others are public.
 *
 * Encapsulated (no fastify-plugin): the multipart parser and the XML error handler apply to these
 * routes only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type StoredObject, storeObject } from './files.service.js';
import { sendStoredObject, sweepPartials } from './local-store.js';
import { encodeKey, objectPath } from './object-keys.js';
import { escapeXml, OssError, ossErrorXml, ossErrors } from './oss-errors.js';
import { AppError } from '../../lib/errors.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';
import { checkReadSignature, isPrivateKey } from './read-urls.js';
import { nowMs } from '../../lib/time.js';

const requestIds = new WeakMap<FastifyRequest, string>();

function requestIdOf(req: FastifyRequest): string {
  let id = requestIds.get(req);
  if (!id) {
    id = randomBytes(12).toString('hex').toUpperCase();
    requestIds.set(req, id);
  }
  return id;
}

function sendOssError(req: FastifyRequest, reply: FastifyReply, err: OssError) {
  return reply
    .code(err.status)
    .header('content-type', 'application/xml')
    .header('x-oss-request-id', requestIdOf(req))
    .send(ossErrorXml(err, requestIdOf(req), req.host));
}

/** Errors of the multipart parser itself: a broken form, or a parser limit. */
function parserError(err: unknown): OssError {
  if (err instanceof OssError) return err;
  if ((err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') return ossErrors.tooLarge();
  return ossErrors.malformed();
}

export default async function objectStorePlugin(app: FastifyInstance) {
  const oss = app.config.oss;
  const root = path.resolve(oss.root);
  await mkdir(root, { recursive: true });
  await sweepPartials(root);

  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 32 * 1024, fields: 50, parts: 100, headerPairs: 50 },
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    let out: OssError;
    if (err instanceof OssError) out = err;
    else if (err instanceof AppError && err.status === 429) out = ossErrors.slowDown();
    else if ((err.statusCode ?? 500) < 500 && (err.statusCode === 415 || err.code?.startsWith('FST_'))) out = parserError(err);
    else {
      req.log.error({ err }, 'object store failure');
      out = ossErrors.internal();
    }
    // A refused upload is not read to its end: close the connection instead (as OSS does).
    if (req.method === 'POST') reply.header('connection', 'close');
    return sendOssError(req, reply, out);
  });

  app.post(
    '/oss',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['files'],
        summary: 'Embedded object store: PostObject (browser upload)',
        description:
          'Only without real OSS credentials. A multipart form as for an Aliyun OSS bucket (see GET /oss/get-signature): `key`, `policy`, `x-oss-signature-version`, `x-oss-credential`, `x-oss-date`, `x-oss-signature`, optional `success_action_status`, then `file`. 204 on success; refusals are OSS XML errors (400/403).',
        servers: [{ url: '/' }],
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw ossErrors.malformed();
      const parts = req.parts({ limits: { fileSize: oss.maxUploadBytes + 1 } })[Symbol.asyncIterator]();
      const next = async () => {
        try {
          return await parts.next();
        } catch (err) {
          throw parserError(err);
        }
      };

      const fields = new Map<string, string>();
      let stored: StoredObject | undefined;
      for (let item = await next(); !item.done; item = await next()) {
        const part = item.value;
        if (part.type === 'field') {
          const name = part.fieldname.toLowerCase();
          if (typeof part.value !== 'string' || part.valueTruncated) throw ossErrors.invalidArgument(`The form field ${name} is not valid.`);
          if (fields.has(name)) throw ossErrors.duplicateField(name);
          fields.set(name, part.value);
          continue;
        }
        if (part.fieldname.toLowerCase() !== 'file') {
          part.file.destroy();
          throw ossErrors.invalidArgument('Only the form field "file" may carry a file.');
        }
        try {
          stored = await storeObject({ db: app.db, oss, root }, fields, part);
        } catch (err) {
          part.file.destroy();
          throw err;
        }
        break;
      }
      if (!stored) throw ossErrors.missingField('file');

      // OSS ignores whatever follows the file; read it to the end so the connection can be reused.
      try {
        for (let item = await next(); !item.done; item = await next()) {
          if (item.value.type === 'file') item.value.file.resume();
        }
      } catch (err) {
        req.log.debug({ err }, 'ignored a malformed tail after the uploaded file');
        reply.header('connection', 'close');
      }

      reply.header('etag', `"${stored.md5}"`).header('x-oss-request-id', requestIdOf(req));
      if (stored.status !== 201) return reply.code(stored.status).send();
      const location = `${req.protocol}://${req.host}/oss/${encodeKey(stored.key)}`;
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<PostResponse>',
        `  <Bucket>${escapeXml(oss.bucket)}</Bucket>`,
        `  <Location>${escapeXml(location)}</Location>`,
        `  <Key>${escapeXml(stored.key)}</Key>`,
        `  <ETag>"${stored.md5}"</ETag>`,
        '</PostResponse>',
        '',
      ].join('\n');
      return reply.code(201).header('content-type', 'application/xml').send(xml);
    },
  );

  app.get(
    '/oss/*',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['files'],
        summary: 'Embedded object store: read a stored file',
        description:
          'Only without real OSS credentials. Private objects (`draft/`, `attachment/`, `appeal/`) need the signed query (`OSSAccessKeyId`, `Expires`, `Signature`) of a URL the API handed out, else 403 AccessDenied; others are public. Content-Type by extension; images inline, other files as attachments with their UTF-8 name; `X-Content-Type-Options: nosniff`. 404 NoSuchKey (XML) when missing; keys leaving the store are refused (400 InvalidObjectName).',
        servers: [{ url: '/' }],
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!objectPath(root, key)) throw ossErrors.invalidObjectName();
      let cacheControl: string | undefined;
      if (isPrivateKey(key)) {
        // A private object: only a signed URL (read-urls.ts) reads it, and only until it expires.
        const check = checkReadSignature(oss, key, req.query as Record<string, unknown>);
        if (!check.ok) throw ossErrors.readDenied(check.reason);
        cacheControl = `private, max-age=${Math.max(0, check.expires - Math.floor(nowMs() / 1000))}`;
      }
      if (await sendStoredObject(reply, root, key, { cacheControl, range: req.headers.range })) return reply;
      throw ossErrors.noSuchKey();
    },
  );
}
