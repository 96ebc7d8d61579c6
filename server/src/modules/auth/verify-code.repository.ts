/** SQL on `verify_codes`: the stored code hashes, their wrong guesses and their use. Every function takes `db` or a transaction first. */
import type { Db } from '../../db/database.js';

export async function insertCode(db: Db, code: { phone: string; scene: string; code_hash: string; expires_at: string; created_at: string }): Promise<number> {
  const row = await db
    .insertInto('verify_codes')
    .values({ ...code, attempts: 0, consumed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('verify_codes').where('id', '=', id).execute();
}

/** The newest code sent to the phone for the scene. */
export function latestCode(db: Db, phone: string, scene: string) {
  return db
    .selectFrom('verify_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
    .where('phone', '=', phone)
    .where('scene', '=', scene)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongGuess(db: Db, id: number): Promise<void> {
  await db
    .updateTable('verify_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses the code up unless it already was; answers whether this call did. */
export async function consumeCode(db: Db, id: number, at: string): Promise<boolean> {
  const used = await db.updateTable('verify_codes').set({ consumed_at: at }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
