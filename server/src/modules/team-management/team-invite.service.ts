/**
 * Team invite links (issue 6 "Teams", spec §2 /team-invite): a lead shares a link, a designer
 * joins the link's team through it (or registers with its code, auth). Codes, states, the join
 * checks, the atomic use and message 35 to the leads are here; README.md states the rules.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { type UnitOfWork, type WorkContext, MESSAGE_TYPE } from '../messages/index.js';
import { designerCode, displayName } from '../../domain/designers.js';
import {
  findInvite,
  findInviteByCode,
  findTeamInvite,
  insertInvite,
  type Invite,
  inviteJoins,
  recordInviteJoin,
  revokeInvite,
  takeInviteUse,
  teamInvites,
} from './invite.repository.js';
import { findDesignerNames, findTeam, findTeamWithLead, moveIntoTeam } from './team.repository.js';
import { activeLeadIds } from '../user/index.js';
import type { InviteView } from './team.schemas.js';
import { leadTeamOf } from './team.service.js';

export type InviteState = 'valid' | 'expired' | 'used_up' | 'revoked';

export const INVITE_STATE_TEXT: Record<InviteState, string> = {
  valid: '邀请链接有效',
  expired: '邀请链接已过期',
  used_up: '邀请链接的使用次数已用完',
  revoked: '邀请链接已被负责人撤销',
};

/** The 403 of every call that manages links or panel keys. */
export const LINKS_LEADS_ONLY = '只有团队负责人可以管理团队链接';

const ALREADY_IN_ANOTHER_TEAM = '你已加入其他团队，请先联系原团队负责人退出后再加入';

/** How many links the list shows. */
const LIST_LIMIT = 100;

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

/**
 * Checks whether `designer` may join through `inv` (throws 409/422 with a Chinese message).
 * A designer already in another team is refused: leaving a team goes through its lead.
 */
export function checkJoin(inv: Invite, designer: Pick<Designer, 'team_id'> | null, field = 'code'): void {
  const state = inviteState(inv);
  if (state !== 'valid') throw invalid(field, INVITE_STATE_TEXT[state]);
  if (designer?.team_id === inv.team_id) throw conflict('你已在该团队中');
  if (designer && designer.team_id !== null) throw conflict(ALREADY_IN_ANOTHER_TEAM);
}

/**
 * Counts one use atomically (`used_count < max_uses` in the update itself, so concurrent joins
 * never exceed the limit), moves the designer into the team and records the join. Run inside a
 * transaction. Throws 422 when the last use was taken meanwhile.
 */
export async function consumeInvite(db: Db, inv: Invite, designerId: number, field = 'code'): Promise<void> {
  const now = nowIso();
  if (!(await takeInviteUse(db, inv.id, now))) {
    const fresh = await findInvite(db, inv.id);
    const state = inviteState(fresh, now);
    throw invalid(field, INVITE_STATE_TEXT[state === 'valid' ? 'used_up' : state]);
  }
  if (!(await moveIntoTeam(db, designerId, inv.team_id, now))) throw new AppError(409, ALREADY_IN_ANOTHER_TEAM);
  await recordInviteJoin(db, inv.id, designerId, now);
}

/** Tells the team's leads that a designer joined through an invite link (TEAM_MEMBER_JOINED). */
export async function notifyLeadsOfJoin(db: Db, send: WorkContext['send'], teamId: number, designerId: number): Promise<void> {
  const [leads, joined] = await Promise.all([activeLeadIds(db, teamId), findDesignerNames(db, designerId)]);
  if (!leads.length || !joined) return;
  const name = joined.real_name || joined.nickname || `${joined.phone.slice(0, 3)}****${joined.phone.slice(-4)}`;
  send(
    leads,
    { type: MESSAGE_TYPE.TEAM_MEMBER_JOINED, title: `${name} 通过邀请链接加入了团队`, info: { designer_id: designerCode(designerId) } },
  );
}

/** An invite row with its counter as a number (PostgreSQL may return it as a string). */
const counted = <T extends { used_count: number | string | bigint }>(inv: T) => ({ ...inv, used_count: Number(inv.used_count) });

export interface TeamInviteServiceDeps {
  db: Db;
  /** Runs a join and the message it sends as one transaction (messages/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
}

export type TeamInviteService = ReturnType<typeof createTeamInviteService>;

export function createTeamInviteService({ db, unitOfWork }: TeamInviteServiceDeps) {
  /** Creates a link to the lead's team, valid for `expires_in_hours`, for at most `max_uses` joins. */
  async function create(lead: Designer, body: { expires_in_hours: number; max_uses: number }): Promise<InviteView> {
    const teamId = leadTeamOf(lead, LINKS_LEADS_ONLY);
    const now = nowIso();
    const row = await insertInvite(db, {
      team_id: teamId,
      code: newTeamInviteCode(),
      created_by: lead.id,
      expires_at: isoAfter(body.expires_in_hours * 3600_000),
      max_uses: body.max_uses,
      created_at: now,
    });
    return { ...row, used_count: 0, state: 'valid', joins: [] };
  }

  /** The lead's team's newest links with their state and who joined through each. */
  async function list(lead: Designer): Promise<InviteView[]> {
    const invites = await teamInvites(db, leadTeamOf(lead, LINKS_LEADS_ONLY), LIST_LIMIT);
    const joins = await inviteJoins(
      db,
      invites.map((i) => i.id),
    );
    const now = nowIso();
    return invites.map((i) => ({
      id: i.id,
      code: i.code,
      expires_at: i.expires_at,
      max_uses: i.max_uses,
      used_count: Number(i.used_count),
      revoked_at: i.revoked_at,
      created_at: i.created_at,
      state: inviteState(counted(i), now),
      joins: joins.filter((j) => j.invite_id === i.id).map((j) => ({ designer_id: j.id, name: displayName(j), joined_at: j.joined_at })),
    }));
  }

  /** Revokes one of the lead's team's links (another team's: 404); revoking twice changes nothing. */
  async function revoke(lead: Designer, id: number): Promise<void> {
    const teamId = leadTeamOf(lead, LINKS_LEADS_ONLY);
    const inv = await findTeamInvite(db, teamId, id);
    if (!inv) throw notFound('邀请链接不存在');
    if (!inv.revoked_at) await revokeInvite(db, inv.id, nowIso());
  }

  /** Public: the team and lead behind a code, and whether the link can still be used. */
  /** The link's team and state; for a signed-in `viewer`, also whether they are in that team already. */
  async function lookup(code: string, viewer: Pick<Designer, 'team_id'> | null) {
    const inv = await findInviteByCode(db, code);
    if (!inv) throw notFound('邀请链接不存在或已失效');
    const team = await findTeamWithLead(db, inv.team_id);
    const state = inviteState(counted(inv));
    const leadName = team.id !== null ? displayName({ id: team.id, real_name: team.real_name ?? '', nickname: team.nickname ?? '' }) : '';
    const info = { team_name: team.name, lead_name: leadName, state, state_text: INVITE_STATE_TEXT[state], expires_at: inv.expires_at };
    if (!viewer) return info;
    const membership = viewer.team_id === inv.team_id ? 'member' : viewer.team_id !== null ? 'other_team' : 'none';
    return { ...info, viewer_membership: membership } as const;
  }

  /** `me` joins the link's team: the checks, then the use, the move and message 35 in one unit of work. */
  async function join(me: Designer, code: string): Promise<{ team_id: number; team_name: string }> {
    const inv = await findInviteByCode(db, code);
    if (!inv) throw notFound('邀请链接不存在或已失效');
    const invite = counted(inv);
    checkJoin(invite, me);
    await unitOfWork(async (trx, { send }) => {
      await consumeInvite(trx, invite, me.id);
      await notifyLeadsOfJoin(trx, send, inv.team_id, me.id);
    });
    const team = await findTeam(db, inv.team_id);
    return { team_id: team.id, team_name: team.name };
  }

  return { create, list, revoke, lookup, join };
}
