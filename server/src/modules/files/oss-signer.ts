/**
 * Aliyun OSS V4 (OSS4-HMAC-SHA256) signing of browser POST uploads (PostObject).
 *
 * What this follows (Alibaba Cloud docs, "POST V4 signature", help.aliyun.com/zh/oss/developer-reference/signature-version-4-recommend,
 * and "Include a V4 signature in the header", …/recommend-to-use-signature-version-4):
 * - form fields: `x-oss-signature-version` fixed to OSS4-HMAC-SHA256; `x-oss-credential` =
 *   `<AccessKeyId>/<yyyymmdd>/<region>/oss/aliyun_v4_request`; `x-oss-date` = ISO 8601 basic
 *   `yyyymmddTHHMMSSZ`, whose day must be the credential's day and must equal the policy's `x-oss-date`;
 *   it may lie at most 15 minutes ahead of the bucket's clock and is valid for at most 7 days.
 * - `policy` = base64 of the UTF-8 policy JSON (`expiration` in ISO 8601 UTC plus `conditions`); the
 *   base64 text itself is the string to sign.
 * - signing key = HMAC-SHA256 chain: key "aliyun_v4" + AccessKeySecret over the yyyymmdd date, then
 *   over the region, then over "oss", then over "aliyun_v4_request".
 * - `x-oss-signature` = lowercase hex of HMAC-SHA256(signing key, base64 policy).
 * The chain was cross-checked against the V4 signer of the official JavaScript SDK (ali-oss
 * `getSignatureV4`). The same code signs for a real bucket (credentials from env) and for the
 * embedded local store, which verifies with it (modules/files/object-store.routes.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const OSS_SIGNATURE_VERSION = 'OSS4-HMAC-SHA256';
export const OSS_SERVICE = 'oss';
export const OSS_REQUEST_TYPE = 'aliyun_v4_request';

export interface OssSigningCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  /** Region id without the `oss-` prefix, e.g. cn-hangzhou. */
  region: string;
  /** STS security token; only with temporary credentials. */
  securityToken?: string;
}

/** A policy condition in any of the forms OSS accepts. */
export type PolicyCondition =
  | Record<string, string>
  | [op: 'eq' | 'starts-with', field: string, value: string]
  | [op: 'content-length-range', min: number, max: number]
  | [op: 'in' | 'not-in', field: string, values: string[]];

export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

/** `yyyymmddTHHMMSSZ` (ISO 8601 basic, UTC) of an instant. */
export function ossDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll('-', '').replaceAll(':', '');
}

/** The `yyyymmdd` day of an `x-oss-date`. */
export function ossDay(xOssDate: string): string {
  return xOssDate.slice(0, 8);
}

/** Accepts `oss-cn-hangzhou` as well as `cn-hangzhou`. */
export function standardRegion(region: string): string {
  return region.replace(/^oss-/, '');
}

export function credentialOf(accessKeyId: string, day: string, region: string): string {
  return `${accessKeyId}/${day}/${standardRegion(region)}/${OSS_SERVICE}/${OSS_REQUEST_TYPE}`;
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** The derived V4 signing key for one day and region. */
export function signingKey(accessKeySecret: string, day: string, region: string): Buffer {
  const dateKey = hmac(`aliyun_v4${accessKeySecret}`, day);
  const regionKey = hmac(dateKey, standardRegion(region));
  const serviceKey = hmac(regionKey, OSS_SERVICE);
  return hmac(serviceKey, OSS_REQUEST_TYPE);
}

/** Lowercase hex signature of a base64 policy. */
export function signPolicy(accessKeySecret: string, day: string, region: string, policyBase64: string): string {
  return hmac(signingKey(accessKeySecret, day, region), policyBase64).toString('hex');
}

export function encodePolicy(policy: PostPolicy): string {
  return Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
}

/** Constant-time comparison of a presented hex signature with the expected one. */
export function signatureMatches(expectedHex: string, presented: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(presented) || !/^[0-9a-f]{64}$/.test(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(presented, 'hex'));
}

export interface PostSignatureInput {
  credentials: OssSigningCredentials;
  bucket: string;
  /** Key prefix the upload must start with (ends with `/`). */
  dir: string;
  /** Largest object accepted, in bytes. */
  maxSize: number;
  minSize?: number;
  /** Signing instant (ms since the epoch). */
  nowMs: number;
  /** How long the policy stays valid. */
  ttlMs: number;
}

export interface PostSignature {
  /** base64 policy, the `policy` form field */
  policy: string;
  /** `x-oss-signature` */
  signature: string;
  /** `x-oss-credential` */
  credential: string;
  /** `x-oss-date` */
  date: string;
  securityToken: string;
  /** The policy's expiration (ISO 8601 UTC). */
  expiration: string;
  policyDocument: PostPolicy;
}

/** Builds and signs the POST policy for one upload directory. */
export function signPostPolicy(input: PostSignatureInput): PostSignature {
  const { credentials, bucket, dir, maxSize, nowMs, ttlMs } = input;
  const date = ossDateTime(nowMs);
  const day = ossDay(date);
  const credential = credentialOf(credentials.accessKeyId, day, credentials.region);
  const expiration = new Date(nowMs + ttlMs).toISOString();
  const conditions: PolicyCondition[] = [
    { bucket },
    ['starts-with', '$key', dir],
    ['content-length-range', input.minSize ?? 1, maxSize],
    { 'x-oss-signature-version': OSS_SIGNATURE_VERSION },
    { 'x-oss-credential': credential },
    { 'x-oss-date': date },
  ];
  if (credentials.securityToken) conditions.push({ 'x-oss-security-token': credentials.securityToken });
  const policyDocument: PostPolicy = { expiration, conditions };
  const policy = encodePolicy(policyDocument);
  return {
    policy,
    signature: signPolicy(credentials.accessKeySecret, day, credentials.region, policy),
    credential,
    date,
    securityToken: credentials.securityToken ?? '',
    expiration,
    policyDocument,
  };
}
