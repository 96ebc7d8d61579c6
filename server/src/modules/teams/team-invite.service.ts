import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Designer, TeamInviteTable } from '../../db/schema.js';
import { AppError, conflict, invalid } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { type WorkContext, MESSAGE_TYPE } from '../messages/index.js';
import { designerCode } from '../../domain/designers.js';

type Invite = { [K in keyof TeamInviteTable]: K extends 'id' | 'used_count' ? number : TeamInviteTable[K] };

export type InviteState = 'valid' | 'expired' | 'used_up' | 'revoked';

export const INVITE_STATE_TEXT: Record<InviteState, string> = {
  valid: '邀请链接有效',
  expired: '邀请链接已过期',
  used_up: '邀请链接的使用次数已用完',
  revoked: '邀请链接已被负责人撤销',
};

/** 22 url-safe characters (128 bits): not guessable, short enough for a link. */
export function newTeamInviteCode(): string {
  return `T${randomBytes(16).toString('base64url')}`;
}

/** A team invite code looks like `T` + 22 base64url characters (personal codes are 8 letters). */
export function looksLikeTeamInvite(code: string): boolean {
  return /^T[A-Za-z0-9_-]{22}$/.test(code);
}

export function inviteState(inv: Pick<Invite, 'revoked_at' | 'expires_at' | 'used_count' | 'max_uses'>, now = nowIso()): InviteState {
  if (inv.revoked_at) return 'revoked';
  if (inv.expires_at <= now) return 'expired';
  if (inv.used_count >= inv.max_uses) return 'used_up';
  return 'valid';
}

export async function findInviteByCode(db: Db, code: string) {
  return db.selectFrom('team_invites').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Checks whether `designer` may join through `inv` (throws 409/422 with a Chinese message).
 * A designer already in another team is refused: leaving a team goes through its lead.
 */
export function checkJoin(inv: Invite, designer: Pick<Designer, 'team_id'> | null, field = 'code'): void {
  const state = inviteState(inv);
  if (state !== 'valid') throw invalid(field, INVITE_STATE_TEXT[state]);
  if (designer?.team_id === inv.team_id) throw conflict('你已在该团队中');
  if (designer && designer.team_id !== null) throw conflict('你已加入其他团队，请先联系原团队负责人退出后再加入');
}

/**
 * Counts one use atomically (`used_count < max_uses` in the update itself, so concurrent joins
 * never exceed the limit), moves the designer into the team and records the join. Run inside a
 * transaction. Throws 422 when the last use was taken meanwhile.
 */
export async function consumeInvite(db: Db, inv: Invite, designerId: number, field = 'code'): Promise<void> {
  const now = nowIso();
  const res = await db
    .updateTable('team_invites')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('id', '=', inv.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .whereRef('used_count', '<', 'max_uses')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const fresh = await db.selectFrom('team_invites').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    const state = inviteState(fresh, now);
    throw invalid(field, INVITE_STATE_TEXT[state === 'valid' ? 'used_up' : state]);
  }
  const moved = await db
    .updateTable('designers')
    .set({ team_id: inv.team_id, team_role: 'member', update_time: now })
    .where('id', '=', designerId)
    .where('team_id', 'is', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError(409, '你已加入其他团队，请先联系原团队负责人退出后再加入');
  await db.insertInto('team_invite_joins').values({ invite_id: inv.id, designer_id: designerId, joined_at: now }).execute();
}

/** Tells the team's leads that a designer joined through an invite link (TEAM_MEMBER_JOINED). */
export async function notifyLeadsOfJoin(db: Db, send: WorkContext['send'], teamId: number, designerId: number): Promise<void> {
  const [leads, joined] = await Promise.all([
    db.selectFrom('designers').select('id').where('team_id', '=', teamId).where('designer_type', '=', 0).execute(),
    db.selectFrom('designers').select(['nickname', 'real_name', 'phone']).where('id', '=', designerId).executeTakeFirst(),
  ]);
  if (!leads.length || !joined) return;
  const name = joined.real_name || joined.nickname || `${joined.phone.slice(0, 3)}****${joined.phone.slice(-4)}`;
  send(
    leads.map((l) => l.id),
    { type: MESSAGE_TYPE.TEAM_MEMBER_JOINED, title: `${name} 通过邀请链接加入了团队`, info: { designer_id: designerCode(designerId) } },
  );
}
