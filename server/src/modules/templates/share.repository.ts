/** Every statement of the share links: `template_shares`. Each function takes `db` or a transaction first. */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

export interface ShareRow {
  id: number;
  template_id: number;
  expires_at: string | null;
  allow_download: number;
  created_by: number;
  created_at: string;
  revoked_at: string | null;
}

const SHARE_COLUMNS = ['id', 'template_id', 'expires_at', 'allow_download', 'created_by', 'created_at', 'revoked_at'] as const;

export async function insertShare(trx: Conn, s: { templateId: number; tokenHash: string; expiresAt: string | null; allowDownload: boolean; createdBy: number; now: string }): Promise<number> {
  const row = await trx
    .insertInto('template_shares')
    .values({ template_id: s.templateId, token_hash: s.tokenHash, expires_at: s.expiresAt, allow_download: s.allowDownload ? 1 : 0, created_by: s.createdBy, created_at: s.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function sharesOf(db: Conn, templateId: number): Promise<ShareRow[]> {
  return db.selectFrom('template_shares').select(SHARE_COLUMNS).where('template_id', '=', templateId).orderBy('id', 'desc').execute();
}

export function findShare(db: Conn, id: number): Promise<ShareRow | undefined> {
  return db.selectFrom('template_shares').select(SHARE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findShareByHash(db: Conn, tokenHash: string): Promise<ShareRow | undefined> {
  return db.selectFrom('template_shares').select(SHARE_COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes the link unless it already is. */
export async function revokeShare(trx: Conn, id: number, now: string): Promise<void> {
  await trx.updateTable('template_shares').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
