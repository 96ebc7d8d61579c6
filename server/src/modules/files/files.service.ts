/**
 * The rules of uploads: what one signature allows (its directory, size and lifetime), and how the
 * embedded object store takes an upload in (verified like a bucket, written to disk only once every
 * check passed, recorded in `upload_records`). The SQL is in upload.repository.ts.
 */
import { rm } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { designerCode, parseDesignerCode } from '../../domain/designers.js';
import { nowIso, nowMs } from '../../lib/time.js';
import type { UploadSignature } from './files.schemas.js';
import { commitObject, discardObject, receiveObject } from './local-store.js';
import { contentTypeFor, objectPath, parseUploadDir, type UploadSource, uploadDir } from './object-keys.js';
import { OssError, ossErrors } from './oss-errors.js';
import { ossDateTime, ossDay, signPostPolicy } from './oss-signer.js';
import { verifyPostForm } from './post-policy.js';
import { recordUpload } from './upload.repository.js';

/** How long a signature may be used to start an upload. */
export const POLICY_TTL_MS = 10 * 60 * 1000;
/** Avatars and other profile pictures (`user`) are small images. */
const USER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function maxUploadBytes(source: UploadSource, configuredMax: number): number {
  return source === 'user' || source === 'announcement' ? Math.min(USER_IMAGE_MAX_BYTES, configuredMax) : configuredMax;
}

/**
 * Signs one direct upload for a designer. `host` is where the browser posts, `urlBase` where the
 * stored file is read (both depend on the request in local mode, see urls.ts).
 */
export function signUpload(oss: OssConfig, designerId: number, source: UploadSource, at: { host: string; urlBase: string }): UploadSignature {
  const now = nowMs();
  const maxSize = maxUploadBytes(source, oss.maxUploadBytes);
  // Built from server data only: the validated source, the signed-in designer, the clock, a nonce.
  const dir = uploadDir(source, designerCode(designerId), ossDay(ossDateTime(now)));
  const signed = signPostPolicy({
    credentials: { accessKeyId: oss.accessKeyId, accessKeySecret: oss.accessKeySecret, region: oss.region },
    bucket: oss.bucket,
    dir,
    maxSize,
    nowMs: now,
    ttlMs: POLICY_TTL_MS,
  });
  return {
    policy: signed.policy,
    signature: signed.signature,
    x_oss_credential: signed.credential,
    x_oss_date: signed.date,
    dir,
    security_token: signed.securityToken,
    host: at.host,
    expire: signed.expiration,
    max_size: maxSize,
    url_base: at.urlBase,
  };
}

export interface StoredObject {
  key: string;
  size: number;
  md5: string;
  status: 200 | 201 | 204;
}

/**
 * The embedded store takes one upload in: verifies the form fields read before the file, streams
 * the file to disk and records the upload. Refusals throw `OssError`; nothing of a refused upload
 * stays on disk.
 */
export async function storeObject(
  deps: { db: Db; oss: OssConfig; root: string },
  fields: Map<string, string>,
  part: MultipartFile,
): Promise<StoredObject> {
  const { db, oss, root } = deps;
  const verified = verifyPostForm(fields, part.filename ?? '', {
    accessKeyId: oss.accessKeyId,
    accessKeySecret: oss.accessKeySecret,
    region: oss.region,
    bucket: oss.bucket,
    nowMs: nowMs(),
  });
  // The signature covers the policy, and our policies fix the key prefix with
  // ["starts-with", "$key", dir]: the dir, and so the designer in it, is one the server itself
  // signed for the signed-in designer (signUpload). Reading the uploader from it is safe.
  const dir = verified.keyPrefix === undefined ? undefined : parseUploadDir(verified.keyPrefix);
  const designerId = dir && parseDesignerCode(dir.designerCode);
  if (!dir || designerId === undefined) {
    throw new OssError(403, 'AccessDenied', 'Invalid according to Policy: the key must be inside a signed upload directory.');
  }
  if (!objectPath(root, verified.key)) throw ossErrors.invalidObjectName();

  const received = await receiveObject(part.file, root, Math.min(verified.maxSize, oss.maxUploadBytes));
  if (received.size < verified.minSize) {
    await rm(received.partialPath, { force: true });
    throw ossErrors.tooSmall();
  }
  await commitObject(received, root, verified.key);
  try {
    await recordUpload(db, {
      objectKey: verified.key,
      designerId,
      source: dir.source,
      size: received.size,
      contentType: contentTypeFor(verified.key),
      createdAt: nowIso(),
    });
  } catch (err) {
    await discardObject(root, verified.key);
    throw err;
  }
  return { key: verified.key, size: received.size, md5: received.md5, status: verified.successStatus };
}
