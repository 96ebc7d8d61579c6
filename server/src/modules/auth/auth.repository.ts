/**
 * SQL of registration that is neither sessions nor codes: the designer a personal invite code
 * belongs to. Every function takes `db` or a transaction first. Sessions are session.repository.ts's,
 * codes verify-code.repository.ts's; designers are written through the user module.
 */
import type { Db } from '../../db/database.js';

/** The designer whose personal invite code this is (stored upper-case). */
export function findInviter(db: Db, inviteCode: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('designers').select(['id']).where('invite_code', '=', inviteCode.toUpperCase()).executeTakeFirst();
}
