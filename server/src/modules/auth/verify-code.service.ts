import type { FastifyBaseLogger } from 'fastify';
import { type RateLimitRule, SMS_SCENES } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { AppError, invalid, tooMany } from '../../lib/errors.js';
import { sha256, sixDigitCode } from '../../lib/crypto.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { hitRateLimit, releaseRateLimitHit, waitText } from '../../plugins/rate-limit.js';
import { SmsDeliveryError, type SmsSender } from './sms/index.js';
import { consumeCode, countWrongGuess, deleteCode, insertCode, latestCode } from './verify-code.repository.js';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

export const SCENES = SMS_SCENES;
export type Scene = (typeof SCENES)[number];

function codeHash(phone: string, scene: string, code: string) {
  return sha256(`${phone}:${scene}:${code}`);
}

/**
 * Makes a code, keeps its hash and has it sent. The code is stored first, so it works the moment
 * the phone shows it; when the provider does not accept the message the row is removed again (no
 * code stands as sent that never was) and the caller gets a retryable 503 in Chinese.
 */
export async function issueCode(db: Db, sms: SmsSender, log: FastifyBaseLogger, phone: string, scene: Scene): Promise<void> {
  const code = sixDigitCode();
  const id = await insertCode(db, {
    phone,
    scene,
    code_hash: codeHash(phone, scene, code),
    expires_at: isoAfter(CODE_TTL_MS),
    created_at: nowIso(),
  });
  try {
    await sms.send(phone, scene, code);
  } catch (err) {
    await deleteCode(db, id);
    if (!(err instanceof SmsDeliveryError)) throw err;
    log.warn({ scene, reason: err.reason, detail: err.detail }, 'verification code not delivered');
    throw new AppError(503, err.reason === 'timeout' ? '短信服务响应超时，请稍后重试' : '短信发送失败，请稍后重试');
  }
}

/** The counter of wrong codes of a phone, shared by every code and scene sent to it. */
export const wrongCodesKey = (phone: string) => `code:wrong:${phone}`;

/**
 * Checks a code against the newest one sent to the phone for the scene and returns its id.
 * A wrong guess is counted twice (both committed on their own, outside any caller transaction):
 * on the code, which dies after five, and on the phone, across every code and scene
 * (`wrongCodes`, e.g. 10 an hour): a new code every 60 s does not buy new guesses. The phone's
 * counter is taken before the comparison and given back when the code is right, so concurrent
 * guesses cannot slip past it; once it is used up even the right code gets 429 until the window
 * ends. Other errors are 422 on `code`. Use the code with `markCodeUsed` in the same transaction
 * as the change it authorises.
 */
export async function checkCode(db: Db, phone: string, scene: Scene, code: string, wrongCodes: RateLimitRule): Promise<number> {
  const latest = await latestCode(db, phone, scene);
  if (!latest || latest.consumed_at) throw invalid('code', '请先获取验证码');
  if (latest.expires_at <= nowIso()) throw invalid('code', '验证码已过期，请重新获取');
  if (latest.attempts >= MAX_CODE_ATTEMPTS) throw invalid('code', '验证码错误次数过多，请重新获取');
  const cap = await hitRateLimit(db, wrongCodesKey(phone), wrongCodes);
  if (!cap.allowed) throw tooMany(`验证码错误次数过多，请${waitText(cap.retryAfterSeconds)}后再试`);
  if (latest.code_hash !== codeHash(phone, scene, code)) {
    await countWrongGuess(db, latest.id);
    throw invalid('code', '验证码错误');
  }
  await releaseRateLimitHit(db, wrongCodesKey(phone));
  return latest.id;
}

/** Uses a checked code up; a code can authorise exactly one change, also under concurrency. */
export async function markCodeUsed(db: Db, codeId: number): Promise<void> {
  if (!(await consumeCode(db, codeId, nowIso()))) throw invalid('code', '验证码已使用，请重新获取');
}
