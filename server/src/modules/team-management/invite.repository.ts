/**
 * SQL of team invite links (`team_invites`) and the joins made through them (`team_invite_joins`).
 * Every function takes `db` or a transaction first.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TeamInviteTable } from '../../db/schema.js';

/** An invite row with its counters as numbers (PostgreSQL may return them as strings). */
export type Invite = { [K in keyof TeamInviteTable]: K extends 'id' | 'used_count' ? number : TeamInviteTable[K] };

export async function findInviteByCode(db: Db, code: string) {
  return db.selectFrom('team_invites').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findInvite(db: Db, id: number) {
  return db.selectFrom('team_invites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A link of this team (undefined for another team's). */
export function findTeamInvite(db: Db, teamId: number, id: number) {
  return db.selectFrom('team_invites').select(['id', 'revoked_at']).where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
}

/** The team's newest links. */
export function teamInvites(db: Db, teamId: number, limit: number) {
  return db.selectFrom('team_invites').selectAll().where('team_id', '=', teamId).orderBy('id', 'desc').limit(limit).execute();
}

/** Who joined through these links, in the order they joined. */
export async function inviteJoins(db: Db, inviteIds: number[]) {
  if (!inviteIds.length) return [];
  return db
    .selectFrom('team_invite_joins')
    .innerJoin('designers', 'designers.id', 'team_invite_joins.designer_id')
    .select(['team_invite_joins.invite_id', 'designers.id', 'designers.real_name', 'designers.nickname', 'team_invite_joins.joined_at'])
    .where('team_invite_joins.invite_id', 'in', inviteIds)
    .orderBy('team_invite_joins.id')
    .execute();
}

export function insertInvite(
  db: Db,
  values: { team_id: number; code: string; created_by: number; expires_at: string; max_uses: number; created_at: string },
) {
  return db
    .insertInto('team_invites')
    .values({
      team_id: values.team_id,
      code: values.code,
      created_by: values.created_by,
      expires_at: values.expires_at,
      max_uses: values.max_uses,
      used_count: 0,
      revoked_at: null,
      created_at: values.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function revokeInvite(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('team_invites').set({ revoked_at: now }).where('id', '=', id).execute();
}

/**
 * Counts one use if the link is still usable: `used_count < max_uses`, not revoked and not expired
 * are conditions of the update itself, so concurrent joins never exceed the limit. False when no
 * use was left.
 */
export async function takeInviteUse(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('team_invites')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .whereRef('used_count', '<', 'max_uses')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recordInviteJoin(db: Db, inviteId: number, designerId: number, now: string): Promise<void> {
  await db.insertInto('team_invite_joins').values({ invite_id: inviteId, designer_id: designerId, joined_at: now }).execute();
}
