import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config/env.js';
import type { Db } from '../db/database.js';
import { tooMany } from '../lib/errors.js';
import { nowMs } from '../lib/time.js';

/**
 * Fixed-window counters kept in the database, so every server instance shares them.
 * One atomic upsert per hit: the window restarts when it has expired, otherwise the count grows.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule) {
  const now = nowMs();
  const nowIso = new Date(now).toISOString();
  const cutoff = new Date(now - rule.windowSeconds * 1000).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const resetAt = Date.parse(row.window_start) + rule.windowSeconds * 1000;
  return {
    allowed: Number(row.count) <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/** Throws 429 with a Chinese message when the key has used up its window. */
export async function enforceRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  message: (retryAfterSeconds: number) => string,
): Promise<void> {
  const result = await hitRateLimit(db, key, rule);
  if (!result.allowed) throw tooMany(message(result.retryAfterSeconds));
}

/**
 * Gives back one hit of the key's current window, for a hit whose action did not happen (an SMS
 * the provider refused must not cost the phone its 60-second wait).
 */
export async function releaseRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export function waitText(seconds: number): string {
  return seconds > 90 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`;
}

/**
 * `onRequest` hook for a call that needs no token: every such call of one IP shares the
 * `publicPerIp` window (the calls with rules of their own, login, codes, register and reset, are
 * counted by their service). 429 「请求过于频繁，请…后再试」.
 */
export function publicRateLimit(app: FastifyInstance) {
  return async (req: FastifyRequest): Promise<void> => {
    await enforceRateLimit(app.db, `public:ip:${req.ip}`, app.config.rateLimits.publicPerIp, (s) => `请求过于频繁，请${waitText(s)}后再试`);
  };
}
