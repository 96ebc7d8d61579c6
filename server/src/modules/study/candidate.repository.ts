/**
 * Every statement of `exam_candidate_tokens`: the credential an SMS-verified candidate holds for
 * one public exam. Only the token's sha256 is stored. Each function takes `db` or a transaction
 * first.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

export interface CandidateTokenRow {
  token_hash: string;
  exam_id: number;
  phone: string;
  expires_at: string;
}

export async function insertCandidateToken(trx: Conn, t: CandidateTokenRow & { created_at: string }): Promise<void> {
  await trx.insertInto('exam_candidate_tokens').values(t).execute();
}

/** The token's row while it has not expired. */
export function liveCandidateToken(db: Conn, tokenHash: string, now: string): Promise<CandidateTokenRow | undefined> {
  return db
    .selectFrom('exam_candidate_tokens')
    .select(['token_hash', 'exam_id', 'phone', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Moves the expiry later (never earlier): a started attempt keeps its credential to its deadline. */
export async function extendCandidateToken(trx: Conn, tokenHash: string, expiresAt: string): Promise<void> {
  await trx.updateTable('exam_candidate_tokens').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).where('expires_at', '<', expiresAt).execute();
}

/** Drops tokens that expired before `before` (the sweep keeps the table small). */
export async function deleteExpiredCandidateTokens(db: Conn, before: string): Promise<number> {
  const r = await db.deleteFrom('exam_candidate_tokens').where('expires_at', '<=', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
