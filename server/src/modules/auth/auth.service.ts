/**
 * Signing in and account security: sending codes, registration, sign-in, sign-out, password reset
 * and change, phone change. Each change that writes more than one row is one unit of work (the
 * code use and what it authorises commit together); a change that ends sessions then emits
 * `ended` on `sessionEvents`, which closes their live connections.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/crypto.js';
import { AppError, invalid } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { enforceRateLimit, releaseRateLimitHit, waitText } from '../../plugins/rate-limit.js';
import type { UnitOfWork } from '../messages/index.js';
import { joinCandidateAttempts } from '../study/index.js';
import { checkJoin, consumeInvite, findInviteByCode, looksLikeTeamInvite, notifyLeadsOfJoin } from '../team-management/index.js';
import { findDesignerByPhone, insertDesigner, updateDesigner } from '../user/index.js';
import { findInviter } from './auth.repository.js';
import type { ChangePasswordInput, ChangePhoneInput, LoginInput, RegisterInput, ResetPasswordInput, VerifyCodeInput } from './auth.schemas.js';
import type { SessionEvents } from './session-events.js';
import { createSession, findByToken, type IssuedSession, revokeAllSessions, revokeOtherSessions, revokeSession } from './session.repository.js';
import type { SmsSender } from './sms/index.js';
import { CODE_TTL_MS, checkCode, issueCode, markCodeUsed, RESEND_AFTER_SECONDS } from './verify-code.service.js';

export interface AuthServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  sms: SmsSender;
  sessionEvents: SessionEvents;
  tokenTtlHours: number;
  rateLimits: RateLimitConfig;
}

/** Where a request comes from, kept with the session it opens. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, unitOfWork, sms, sessionEvents, tokenTtlHours, rateLimits: limits }: AuthServiceDeps) {
  return {
    /**
     * Sends a code for a scene, once the scene's conditions hold. The per-IP limit comes first.
     * `register`, `login` and `reset_password` send a code whether the phone is registered or not,
     * with the same answer: a caller learns nothing about a phone it cannot read the texts of. The
     * call that uses the code says so, once the code proved the phone is the caller's. A code the
     * provider did not take gives the per-phone wait back.
     */
    async sendCode({ phone, scene }: VerifyCodeInput, caller: { ip: string; token: string | undefined; log: FastifyBaseLogger }) {
      await enforceRateLimit(db, `code:ip:${caller.ip}`, limits.codePerIp, (s) => `获取验证码过于频繁，请${waitText(s)}后再试`);
      if (scene === 'change_phone') {
        if (!caller.token || !(await findByToken(db, caller.token))) throw new AppError(401, '请先登录');
        if (await findDesignerByPhone(db, phone)) throw invalid('phone', '该手机号已被其他账号使用');
      }
      if (scene === 'bank_info') {
        // Re-verification goes to the signed-in designer's own phone only.
        const session = caller.token ? await findByToken(db, caller.token) : undefined;
        if (!session) throw new AppError(401, '请先登录');
        if (session.designer.phone !== phone) throw invalid('phone', '验证码只能发送到本人手机号');
      }
      const perPhone = `code:phone:${phone}`;
      await enforceRateLimit(db, perPhone, limits.codePerPhone, (s) => `验证码已发送，请${waitText(s)}后再试`);
      try {
        await issueCode(db, sms, caller.log, phone, scene);
      } catch (err) {
        // Nothing reached the phone: the wait before the next code is not used up.
        await releaseRateLimitHit(db, perPhone);
        throw err;
      }
      return { expires_in: CODE_TTL_MS / 1000, resend_after: RESEND_AFTER_SECONDS };
    },

    /**
     * A new regular designer at onboarding step 0, signed in. The invite code is checked before the
     * SMS code, so a bad invite does not use the SMS code up; whether the phone is taken only after
     * the code, so a registered phone answers like any other until its code is given. The code
     * use, the designer, the team invite's use, the join of the phone's public-exam attempts (the
     * study module) and the session commit together.
     */
    async register({ phone, code, password, invite_code }: RegisterInput, meta: ClientMeta): Promise<IssuedSession> {
      await enforceRateLimit(db, `account:ip:${meta.ip}`, limits.accountPerIp, (s) => `操作过于频繁，请${waitText(s)}后再试`);
      let referredBy: number | null = null;
      // A team invite link's code (issue 6): same checks as joining, counted atomically below.
      // A personal code only records who referred the new designer (issue #23): joining a team is
      // the lead's decision, through a link that expires, has a use limit and can be revoked.
      const teamInvite = invite_code && looksLikeTeamInvite(invite_code) ? await findInviteByCode(db, invite_code) : undefined;
      if (teamInvite) checkJoin({ ...teamInvite, used_count: Number(teamInvite.used_count) }, null, 'invite_code');
      else if (invite_code) {
        const inviter = await findInviter(db, invite_code);
        if (!inviter) throw invalid('invite_code', '邀请码无效');
        referredBy = inviter.id;
      }
      const codeId = await checkCode(db, phone, 'register', code, limits.wrongCodesPerPhone);
      if (await findDesignerByPhone(db, phone)) throw invalid('phone', '该手机号已注册，请直接登录');
      const passwordHash = await hashPassword(password);
      return unitOfWork(async (trx, { send }) => {
        await markCodeUsed(trx, codeId);
        const designer = await insertDesigner(trx, {
          phone,
          password_hash: passwordHash,
          designer_type: 1,
          nickname: `设计师${phone.slice(-4)}`,
          current_registration_step: 0,
          team_id: null,
          referred_by: referredBy,
        });
        if (teamInvite) {
          await consumeInvite(trx, { ...teamInvite, used_count: Number(teamInvite.used_count) }, designer.id, 'invite_code');
          await notifyLeadsOfJoin(trx, send, teamInvite.team_id, designer.id);
        }
        // The public exams this phone took as a candidate become the new account's attempts.
        await joinCandidateAttempts(trx, { designerId: designer.id, phone, now: nowIso() });
        return createSession(trx, designer.id, tokenTtlHours, meta);
      });
    },

    /**
     * Password or code. The limits are counted before anything is checked; an unknown phone is
     * checked against a decoy hash, or its code checked like any other (a code is sent to every
     * phone), and the account's status only after the credentials.
     */
    async login({ phone, password, code }: LoginInput, meta: ClientMeta): Promise<IssuedSession> {
      await enforceRateLimit(db, `login:ip:${meta.ip}`, limits.loginPerIp, (s) => `登录尝试过于频繁，请${waitText(s)}后再试`);
      await enforceRateLimit(db, `login:phone:${phone}`, limits.loginPerPhone, (s) => `登录尝试过于频繁，请${waitText(s)}后再试`);
      const designer = await findDesignerByPhone(db, phone);
      if (code !== undefined) {
        const codeId = await checkCode(db, phone, 'login', code, limits.wrongCodesPerPhone);
        if (!designer) throw invalid('phone', '该手机号未注册');
        await markCodeUsed(db, codeId);
      } else {
        const matches = await verifyPassword(password ?? '', designer?.password_hash ?? (await decoyHash()));
        if (!designer || !matches) throw invalid('password', '手机号或密码错误');
      }
      if (designer.account_status !== 1) throw invalid('phone', '账号已停用，请联系团队负责人');
      return createSession(db, designer.id, tokenTtlHours, meta);
    },

    async logout(designerId: number, sessionId: string): Promise<void> {
      await revokeSession(db, sessionId);
      sessionEvents.emit('ended', { designerId, sessionId });
    },

    async logoutAll(designerId: number): Promise<void> {
      await revokeAllSessions(db, designerId);
      sessionEvents.emit('ended', { designerId });
    },

    /**
     * Using the code, the new hash and revoking every session commit together. Whether the phone
     * is registered is told only after its code.
     */
    async resetPassword({ phone, code, password }: ResetPasswordInput, meta: ClientMeta): Promise<void> {
      await enforceRateLimit(db, `account:ip:${meta.ip}`, limits.accountPerIp, (s) => `操作过于频繁，请${waitText(s)}后再试`);
      const codeId = await checkCode(db, phone, 'reset_password', code, limits.wrongCodesPerPhone);
      const designer = await findDesignerByPhone(db, phone);
      if (!designer) throw invalid('phone', '该手机号未注册');
      const passwordHash = await hashPassword(password);
      await unitOfWork(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateDesigner(trx, designer.id, { password_hash: passwordHash });
        await revokeAllSessions(trx, designer.id);
      });
      sessionEvents.emit('ended', { designerId: designer.id });
    },

    /** A code sent to the new phone; the sessions are kept. */
    async changePhone(me: Designer, { phone, code }: ChangePhoneInput): Promise<void> {
      if (phone === me.phone) throw invalid('phone', '新手机号不能与当前手机号相同');
      if (await findDesignerByPhone(db, phone)) throw invalid('phone', '该手机号已被其他账号使用');
      const codeId = await checkCode(db, phone, 'change_phone', code, limits.wrongCodesPerPhone);
      await unitOfWork(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateDesigner(trx, me.id, { phone });
        // The phone now proven to be theirs: its public-exam attempts are theirs too, as at registration.
        await joinCandidateAttempts(trx, { designerId: me.id, phone, now: nowIso() });
      });
    },

    /**
     * The old password is needed; every other session ends, the current one stays. Attempts are
     * counted per account before the old password is checked, like login per phone.
     */
    async changePassword(me: Designer, currentSessionId: string, { old_password, password }: ChangePasswordInput): Promise<void> {
      await enforceRateLimit(db, `password:designer:${me.id}`, limits.passwordChangePerAccount, (s) => `尝试次数过多，请${waitText(s)}后再试`);
      if (!(await verifyPassword(old_password, me.password_hash))) throw invalid('old_password', '原密码不正确');
      if (old_password === password) throw invalid('password', '新密码不能与原密码相同');
      const passwordHash = await hashPassword(password);
      const revoked = await unitOfWork(async (trx) => {
        await updateDesigner(trx, me.id, { password_hash: passwordHash });
        return revokeOtherSessions(trx, me.id, currentSessionId);
      });
      for (const sessionId of revoked) sessionEvents.emit('ended', { designerId: me.id, sessionId });
    },
  };
}
