import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  credentialOf,
  encodePolicy,
  ossDateTime,
  signatureMatches,
  signingKey,
  signPolicy,
  signPostPolicy,
  standardRegion,
} from './oss-signer.js';

/**
 * A fixed vector: these policy bytes, this secret, day and region. The expected hex values were
 * computed once outside this code base, step by step, with `openssl dgst -sha256 -mac HMAC` and with
 * Python's hmac module (both agreed), following the documented chain:
 * HMAC("aliyun_v4" + secret, day) → region → "oss" → "aliyun_v4_request", then HMAC over the base64 policy.
 */
const SECRET = 'oss-v4-test-secret-0123456789';
const KEY_ID = 'LTAI5tEXAMPLEKEYID';
const DAY = '20261122';
const REGION = 'cn-hangzhou';
const POLICY_JSON =
  '{"expiration":"2026-11-22T08:10:00.000Z","conditions":[{"bucket":"examplebucket"},["starts-with","$key","user/D000002/20261122/k3v9q2m8x1zt/"],["content-length-range",1,5242880],{"x-oss-signature-version":"OSS4-HMAC-SHA256"},{"x-oss-credential":"LTAI5tEXAMPLEKEYID/20261122/cn-hangzhou/oss/aliyun_v4_request"},{"x-oss-date":"20261122T080000Z"}]}';
const POLICY_BASE64 =
  'eyJleHBpcmF0aW9uIjoiMjAyNi0xMS0yMlQwODoxMDowMC4wMDBaIiwiY29uZGl0aW9ucyI6W3siYnVja2V0IjoiZXhhbXBsZWJ1Y2tldCJ9LFsic3RhcnRzLXdpdGgiLCIka2V5IiwidXNlci9EMDAwMDAyLzIwMjYxMTIyL2szdjlxMm04eDF6dC8iXSxbImNvbnRlbnQtbGVuZ3RoLXJhbmdlIiwxLDUyNDI4ODBdLHsieC1vc3Mtc2lnbmF0dXJlLXZlcnNpb24iOiJPU1M0LUhNQUMtU0hBMjU2In0seyJ4LW9zcy1jcmVkZW50aWFsIjoiTFRBSTV0RVhBTVBMRUtFWUlELzIwMjYxMTIyL2NuLWhhbmd6aG91L29zcy9hbGl5dW5fdjRfcmVxdWVzdCJ9LHsieC1vc3MtZGF0ZSI6IjIwMjYxMTIyVDA4MDAwMFoifV19';
const EXPECTED_SIGNING_KEY = '23b1bbff4e1b364382e280a06527e51e0b060e23e45cf928923519d3ce3c8a98';
const EXPECTED_SIGNATURE = '7dbe02a6b8c9fa8196a4a7f32acc1ad3c09b9346c563c357a77c3bc71509cd62';

/** The documented algorithm, written out independently of oss-signer.ts. */
function referenceSignature(secret: string, day: string, region: string, policyBase64: string): string {
  const step = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const k1 = step(`aliyun_v4${secret}`, day);
  const k2 = step(k1, region);
  const k3 = step(k2, 'oss');
  const k4 = step(k3, 'aliyun_v4_request');
  return createHmac('sha256', k4).update(policyBase64).digest('hex');
}

describe('OSS V4 POST signature', () => {
  it('the vector: policy bytes → base64', () => {
    expect(Buffer.from(POLICY_JSON, 'utf8').toString('base64')).toBe(POLICY_BASE64);
  });

  it('derives the documented signing key', () => {
    expect(signingKey(SECRET, DAY, REGION).toString('hex')).toBe(EXPECTED_SIGNING_KEY);
  });

  it('signs the fixed vector to the expected hex', () => {
    expect(signPolicy(SECRET, DAY, REGION, POLICY_BASE64)).toBe(EXPECTED_SIGNATURE);
    expect(referenceSignature(SECRET, DAY, REGION, POLICY_BASE64)).toBe(EXPECTED_SIGNATURE);
  });

  it('builds exactly the vector policy and signs it', () => {
    const signed = signPostPolicy({
      credentials: { accessKeyId: KEY_ID, accessKeySecret: SECRET, region: REGION },
      bucket: 'examplebucket',
      dir: 'user/D000002/20261122/k3v9q2m8x1zt/',
      maxSize: 5 * 1024 * 1024,
      nowMs: Date.UTC(2026, 10, 22, 8, 0, 0),
      ttlMs: 10 * 60 * 1000,
    });
    expect(Buffer.from(signed.policy, 'base64').toString('utf8')).toBe(POLICY_JSON);
    expect(signed.policy).toBe(POLICY_BASE64);
    expect(signed.signature).toBe(EXPECTED_SIGNATURE);
    expect(signed.credential).toBe(`${KEY_ID}/${DAY}/${REGION}/oss/aliyun_v4_request`);
    expect(signed.date).toBe('20261122T080000Z');
    expect(signed.expiration).toBe('2026-11-22T08:10:00.000Z');
    expect(signed.securityToken).toBe('');
  });

  it('pins the STS security token in the policy when there is one', () => {
    const signed = signPostPolicy({
      credentials: { accessKeyId: KEY_ID, accessKeySecret: SECRET, region: REGION, securityToken: 'sts-token' },
      bucket: 'b',
      dir: 'd/',
      maxSize: 10,
      nowMs: 0,
      ttlMs: 1000,
    });
    expect(signed.securityToken).toBe('sts-token');
    expect(signed.policyDocument.conditions).toContainEqual({ 'x-oss-security-token': 'sts-token' });
    expect(signed.signature).toBe(referenceSignature(SECRET, '19700101', REGION, signed.policy));
  });

  it('agrees with the reference for other inputs (UTF-8 policies, other regions and days)', () => {
    const cases: [string, string, string, object][] = [
      ['s3cr3t', '20240229', 'cn-shanghai', { expiration: '2024-02-29T23:59:59.000Z', conditions: [['starts-with', '$key', '设计/']] }],
      ['another-secret-with-ünïcode', '20991231', 'ap-southeast-1', { expiration: '2099-12-31T00:00:00.000Z', conditions: [] }],
    ];
    for (const [secret, day, region, policy] of cases) {
      const b64 = encodePolicy(policy as never);
      expect(signPolicy(secret, day, region, b64)).toBe(referenceSignature(secret, day, region, b64));
    }
  });

  it('one changed byte of the policy changes the signature', () => {
    const changed = POLICY_BASE64.replace('eyJl', 'eyJm');
    expect(signPolicy(SECRET, DAY, REGION, changed)).not.toBe(EXPECTED_SIGNATURE);
    expect(signPolicy(SECRET, '20261123', REGION, POLICY_BASE64)).not.toBe(EXPECTED_SIGNATURE);
    expect(signPolicy(SECRET, DAY, 'cn-beijing', POLICY_BASE64)).not.toBe(EXPECTED_SIGNATURE);
  });

  it('formats dates, credentials and regions as OSS expects', () => {
    expect(ossDateTime(Date.UTC(2023, 11, 3, 12, 12, 12, 345))).toBe('20231203T121212Z');
    expect(credentialOf('AK', '20231203', 'oss-cn-hangzhou')).toBe('AK/20231203/cn-hangzhou/oss/aliyun_v4_request');
    expect(standardRegion('oss-cn-hangzhou')).toBe('cn-hangzhou');
    expect(signPolicy(SECRET, DAY, `oss-${REGION}`, POLICY_BASE64)).toBe(EXPECTED_SIGNATURE);
  });

  it('compares signatures only when they are well-formed and equal', () => {
    expect(signatureMatches(EXPECTED_SIGNATURE, EXPECTED_SIGNATURE)).toBe(true);
    expect(signatureMatches(EXPECTED_SIGNATURE, EXPECTED_SIGNATURE.toUpperCase())).toBe(false);
    expect(signatureMatches(EXPECTED_SIGNATURE, EXPECTED_SIGNATURE.slice(0, 63))).toBe(false);
    expect(signatureMatches(EXPECTED_SIGNATURE, `${EXPECTED_SIGNATURE.slice(0, 63)}0`)).toBe(false);
    expect(signatureMatches(EXPECTED_SIGNATURE, '')).toBe(false);
  });
});
