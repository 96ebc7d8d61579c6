import type { FastifyRequest } from 'fastify';
import type { OssConfig } from '../../config/env.js';
import { encodeKey } from './object-keys.js';

/** The URL the browser posts uploads to: the bucket endpoint, or `<request origin>/oss` for the local store. */
export function uploadHost(oss: OssConfig, req: FastifyRequest): string {
  // req.protocol and req.host follow X-Forwarded-* only when TRUST_PROXY is on.
  return oss.mode === 'local' ? `${req.protocol}://${req.host}/oss` : oss.host!;
}

/** Base URL objects are read from: OSS_PUBLIC_URL when set, else the upload host. */
export function objectBaseUrl(oss: OssConfig, req: FastifyRequest): string {
  return oss.publicUrl ?? uploadHost(oss, req);
}

/** The URL of a stored object (each key segment percent-encoded). */
export function objectUrl(oss: OssConfig, req: FastifyRequest, key: string): string {
  return `${objectBaseUrl(oss, req)}/${encodeKey(key)}`;
}
