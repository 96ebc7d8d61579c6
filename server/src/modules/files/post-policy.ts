/**
 * Verification of a PostObject form the way an OSS bucket verifies it (V4 signature, see
 * oss-signer.ts for the sources): required fields, signature version, credential (key id, day,
 * region), request date window, the signature itself (constant-time), then the signed policy:
 * expiration and every condition. The object's size is checked against `content-length-range`
 * while it streams (the caller enforces minSize/maxSize on the real bytes).
 */
import { ossErrors } from './oss-errors.js';
import {
  OSS_REQUEST_TYPE,
  OSS_SERVICE,
  OSS_SIGNATURE_VERSION,
  ossDay,
  signatureMatches,
  signPolicy,
  standardRegion,
} from './oss-signer.js';

export interface PostVerifier {
  accessKeyId: string;
  accessKeySecret: string;
  region: string;
  bucket: string;
  nowMs: number;
}

export interface VerifiedPost {
  /** The object key (with `${filename}` replaced). */
  key: string;
  minSize: number;
  maxSize: number;
  /** The prefix the policy's `["starts-with", "$key", …]` condition fixes, when it has one. */
  keyPrefix: string | undefined;
  /** OSS answers 204 unless `success_action_status` asks for 200 or 201. */
  successStatus: 200 | 201 | 204;
}

const REQUIRED_FIELDS = ['key', 'policy', 'x-oss-signature-version', 'x-oss-credential', 'x-oss-date', 'x-oss-signature'] as const;
/** Fields a V4 policy has to pin (the bucket compares them with the form's values). */
const REQUIRED_CONDITIONS = ['x-oss-signature-version', 'x-oss-credential', 'x-oss-date'] as const;

const MAX_SKEW_AHEAD_MS = 15 * 60 * 1000;
const MAX_REQUEST_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Milliseconds of an `x-oss-date` (`yyyymmddTHHMMSSZ`), or NaN. */
export function parseOssDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  // Reject overflowing parts (month 13, hour 25…): they would not round-trip.
  return new Date(ms).toISOString().startsWith(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`) ? ms : Number.NaN;
}

interface Policy {
  expiration: string;
  conditions: unknown[];
}

function decodePolicy(base64: string): Policy {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) throw ossErrors.invalidPolicy('the policy is not base64.');
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw ossErrors.invalidPolicy('the policy is not JSON.');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw ossErrors.invalidPolicy('the policy is not an object.');
  const { expiration, conditions } = doc as Record<string, unknown>;
  if (typeof expiration !== 'string') throw ossErrors.invalidPolicy('expiration is required.');
  if (!Array.isArray(conditions)) throw ossErrors.invalidPolicy('conditions is required.');
  return { expiration, conditions };
}

/** Parses an ISO 8601 UTC expiration; OSS takes the GMT form, with or without milliseconds. */
function parseExpiration(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return Number.NaN;
  return Date.parse(value);
}

/**
 * Checks everything but the object bytes. `fields` holds the form fields before the file, names
 * lowercased (OSS compares form field names case-insensitively); `filename` is the file part's name
 * (for `${filename}` in the key).
 */
export function verifyPostForm(fields: ReadonlyMap<string, string>, filename: string, v: PostVerifier): VerifiedPost {
  for (const name of REQUIRED_FIELDS) {
    if (!fields.get(name)) throw ossErrors.missingField(name);
  }
  const field = (name: string) => fields.get(name) ?? '';

  if (field('x-oss-signature-version') !== OSS_SIGNATURE_VERSION) {
    throw ossErrors.invalidArgument(`Invalid signature version: x-oss-signature-version must be ${OSS_SIGNATURE_VERSION}.`);
  }

  const xOssDate = field('x-oss-date');
  const dateMs = parseOssDate(xOssDate);
  if (Number.isNaN(dateMs)) throw ossErrors.invalidArgument('Invalid x-oss-date: expected yyyymmddTHHMMSSZ.');

  const parts = field('x-oss-credential').split('/');
  if (parts.length !== 5 || !parts[0] || !/^\d{8}$/.test(parts[1]!) || parts[3] !== OSS_SERVICE || parts[4] !== OSS_REQUEST_TYPE) {
    throw ossErrors.invalidArgument('Invalid x-oss-credential: expected <AccessKeyId>/<yyyymmdd>/<region>/oss/aliyun_v4_request.');
  }
  const [keyId, day, region] = parts as [string, string, string];
  if (keyId !== v.accessKeyId) throw ossErrors.invalidAccessKeyId();
  if (region !== standardRegion(v.region)) throw ossErrors.invalidArgument('Invalid signing region in x-oss-credential.');
  if (day !== ossDay(xOssDate)) throw ossErrors.invalidArgument('Invalid signing date in x-oss-credential: it must be the day of x-oss-date.');

  if (dateMs - v.nowMs > MAX_SKEW_AHEAD_MS) throw ossErrors.timeTooSkewed();
  if (v.nowMs - dateMs > MAX_REQUEST_AGE_MS) throw ossErrors.requestExpired();

  const policyBase64 = field('policy');
  if (!signatureMatches(signPolicy(v.accessKeySecret, day, region, policyBase64), field('x-oss-signature'))) {
    throw ossErrors.signatureMismatch();
  }

  // From here on the policy is ours: its bytes are covered by the signature just checked.
  const policy = decodePolicy(policyBase64);
  const expiresMs = parseExpiration(policy.expiration);
  if (Number.isNaN(expiresMs)) throw ossErrors.invalidPolicy('expiration is not an ISO 8601 GMT time.');
  if (v.nowMs > expiresMs) throw ossErrors.policyExpired();

  const key = field('key').replaceAll('${filename}', baseName(filename));
  const valueOf = (name: string): string => {
    const n = name.toLowerCase();
    if (n === 'key') return key;
    if (n === 'bucket') return v.bucket;
    return field(n);
  };

  const pinned = new Set<string>();
  let minSize = 0;
  let maxSize = Number.POSITIVE_INFINITY;
  let keyPrefix: string | undefined;
  for (const condition of policy.conditions) {
    if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      const entries = Object.entries(condition as Record<string, unknown>);
      if (entries.length === 0) throw ossErrors.invalidPolicy('empty condition.');
      for (const [name, expected] of entries) {
        if (typeof expected !== 'string') throw ossErrors.invalidPolicy(`condition ${JSON.stringify(condition)} needs a string.`);
        pinned.add(name.toLowerCase());
        if (valueOf(name) !== expected) throw ossErrors.conditionFailed(condition);
      }
      continue;
    }
    if (!Array.isArray(condition) || typeof condition[0] !== 'string') throw ossErrors.invalidPolicy(`unknown condition ${JSON.stringify(condition)}.`);
    const op = condition[0].toLowerCase();
    if (op === 'content-length-range') {
      const [, min, max] = condition as unknown[];
      if (condition.length !== 3 || !Number.isSafeInteger(min) || !Number.isSafeInteger(max) || (min as number) < 0 || (max as number) < (min as number)) {
        throw ossErrors.invalidPolicy(`invalid content-length-range ${JSON.stringify(condition)}.`);
      }
      minSize = Math.max(minSize, min as number);
      maxSize = Math.min(maxSize, max as number);
      continue;
    }
    const [, ref, expected] = condition as unknown[];
    if (condition.length !== 3 || typeof ref !== 'string' || !ref.startsWith('$') || ref.length < 2) {
      throw ossErrors.invalidPolicy(`invalid condition ${JSON.stringify(condition)}.`);
    }
    const name = ref.slice(1).toLowerCase();
    const actual = valueOf(name);
    let ok: boolean;
    if (op === 'eq' || op === 'starts-with') {
      if (typeof expected !== 'string') throw ossErrors.invalidPolicy(`condition ${JSON.stringify(condition)} needs a string.`);
      ok = op === 'eq' ? actual === expected : actual.startsWith(expected);
      if (op === 'eq') pinned.add(name);
      if (op === 'starts-with' && name === 'key' && keyPrefix === undefined) keyPrefix = expected;
    } else if (op === 'in' || op === 'not-in') {
      if (!Array.isArray(expected) || !expected.every((e) => typeof e === 'string')) {
        throw ossErrors.invalidPolicy(`condition ${JSON.stringify(condition)} needs a list of strings.`);
      }
      ok = op === 'in' ? expected.includes(actual) : !expected.includes(actual);
    } else {
      throw ossErrors.invalidPolicy(`unknown condition ${JSON.stringify(condition)}.`);
    }
    if (!ok) throw ossErrors.conditionFailed(condition);
  }
  for (const name of REQUIRED_CONDITIONS) {
    if (!pinned.has(name)) throw ossErrors.invalidPolicy(`the conditions must pin ${name}.`);
  }

  const status = field('success_action_status');
  return {
    key,
    minSize,
    maxSize,
    keyPrefix,
    successStatus: status === '200' ? 200 : status === '201' ? 201 : 204,
  };
}

function baseName(filename: string): string {
  const i = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  return filename.slice(i + 1);
}

