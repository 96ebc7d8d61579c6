import type { FastifyRequest } from 'fastify';
import type { OssConfig } from '../../config/env.js';

/** The URL the browser posts uploads to: the bucket endpoint, or `<request origin>/oss` for the local store. */
export function uploadHost(oss: OssConfig, req: FastifyRequest): string {
  // req.protocol and req.host follow X-Forwarded-* only when TRUST_PROXY is on. Only the upload
  // goes there: no URL built from the request is ever stored (publicObjectBase in read-urls.ts is).
  return oss.mode === 'local' ? `${req.protocol}://${req.host}/oss` : oss.host!;
}
