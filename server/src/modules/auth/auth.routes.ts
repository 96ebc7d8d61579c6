import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/crypto.js';
import { AppError, invalid } from '../../lib/errors.js';
import { codeSchema, envelope, errorEnvelope, ok, okEmpty, passwordSchema, phoneSchema } from '../../lib/http.js';
import { enforceRateLimit, releaseRateLimitHit, waitText } from '../../plugins/rate-limit.js';
import { bearerToken } from './auth.plugin.js';
import { checkJoin, consumeInvite, findInviteByCode, looksLikeTeamInvite, notifyLeadsOfJoin } from '../team-management/index.js';
import { findDesignerByPhone, insertDesigner, updateDesigner } from '../user/index.js';
import { createSession, findByToken, revokeAllSessions, revokeOtherSessions, revokeSession } from './session.repository.js';
import { createSmsSender, type SmsSender } from './sms/index.js';
import { CODE_TTL_MS, checkCode, issueCode, markCodeUsed, RESEND_AFTER_SECONDS, SCENES } from './verify-code.service.js';

const sessionData = z.object({ token: z.string(), session_id: z.string() }).meta({ id: 'LoginResult' });
const errors = { 401: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

export default async function authRoutes(app: FastifyInstance, opts: { sms?: SmsSender }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sms = opts.sms ?? createSmsSender(app.config.sms, { db: app.db, log: app.log });
  const limits = app.config.rateLimits;
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

  r.post(
    '/user/verify-code',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a 6-digit SMS code (5 minutes valid, one per phone per 60 s)',
        body: z.object({
          phone: phoneSchema,
          scene: z.enum(SCENES, { error: '验证码用途不正确' }),
        }),
        response: {
          200: envelope(z.object({ expires_in: z.number().int(), resend_after: z.number().int() })),
          ...errors,
          503: errorEnvelope,
        },
      },
    },
    async (req) => {
      const { phone, scene } = req.body;
      // Per-IP first: it also throttles probing which phones are registered.
      await enforceRateLimit(app.db, `code:ip:${req.ip}`, limits.codePerIp, (s) => `获取验证码过于频繁，请${waitText(s)}后再试`);
      const existing = await findDesignerByPhone(app.db, phone);
      if (scene === 'register' && existing) throw invalid('phone', '该手机号已注册，请直接登录');
      if ((scene === 'login' || scene === 'reset_password') && !existing) throw invalid('phone', '该手机号未注册');
      if (scene === 'change_phone') {
        const token = bearerToken(req);
        if (!token || !(await findByToken(app.db, token))) throw new AppError(401, '请先登录');
        if (existing) throw invalid('phone', '该手机号已被其他账号使用');
      }
      if (scene === 'bank_info') {
        // Re-verification goes to the signed-in designer's own phone only.
        const token = bearerToken(req);
        const session = token ? await findByToken(app.db, token) : undefined;
        if (!session) throw new AppError(401, '请先登录');
        if (session.designer.phone !== phone) throw invalid('phone', '验证码只能发送到本人手机号');
      }
      const perPhone = `code:phone:${phone}`;
      await enforceRateLimit(app.db, perPhone, limits.codePerPhone, (s) => `验证码已发送，请${waitText(s)}后再试`);
      try {
        await issueCode(app.db, sms, req.log, phone, scene);
      } catch (err) {
        // Nothing reached the phone: the wait before the next code is not used up.
        await releaseRateLimitHit(app.db, perPhone);
        throw err;
      }
      return ok({ expires_in: CODE_TTL_MS / 1000, resend_after: RESEND_AFTER_SECONDS }, '验证码已发送');
    },
  );

  r.post(
    '/user/register',
    {
      schema: {
        tags: ['user'],
        summary: 'Register with phone + SMS code + password; starts onboarding at step 0 and signs in',
        body: z.object({
          phone: phoneSchema,
          code: codeSchema,
          password: passwordSchema,
          invite_code: z.string().trim().max(32).optional().describe("A designer's personal invite code, or a team invite link's code (joins that team; refused when expired, used up or revoked)"),
        }),
        response: { 200: envelope(sessionData), ...errors },
      },
    },
    async (req) => {
      const { phone, code, password, invite_code } = req.body;
      if (await findDesignerByPhone(app.db, phone)) throw invalid('phone', '该手机号已注册，请直接登录');
      let teamId: number | null = null;
      // A team invite link's code (issue 6): same checks as joining, counted atomically below.
      const teamInvite = invite_code && looksLikeTeamInvite(invite_code) ? await findInviteByCode(app.db, invite_code) : undefined;
      if (teamInvite) checkJoin({ ...teamInvite, used_count: Number(teamInvite.used_count) }, null, 'invite_code');
      else if (invite_code) {
        const inviter = await app.db
          .selectFrom('designers')
          .select(['team_id'])
          .where('invite_code', '=', invite_code.toUpperCase())
          .executeTakeFirst();
        if (!inviter) throw invalid('invite_code', '邀请码无效');
        teamId = inviter.team_id;
      }
      const codeId = await checkCode(app.db, phone, 'register', code);
      const passwordHash = await hashPassword(password);
      const session = await app.unitOfWork(async (trx, { send }) => {
        await markCodeUsed(trx, codeId);
        const designer = await insertDesigner(trx, {
          phone,
          password_hash: passwordHash,
          designer_type: 1,
          nickname: `设计师${phone.slice(-4)}`,
          current_registration_step: 0,
          team_id: teamId,
        });
        if (teamInvite) {
          await consumeInvite(trx, { ...teamInvite, used_count: Number(teamInvite.used_count) }, designer.id, 'invite_code');
          await notifyLeadsOfJoin(trx, send, teamInvite.team_id, designer.id);
        }
        return { designerId: designer.id, ...(await createSession(trx, designer.id, app.config.tokenTtlHours, meta(req))) };
      });
      return ok({ token: session.token, session_id: session.session_id }, '注册成功');
    },
  );

  r.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in with phone + password, or phone + SMS code (scene login)',
        body: z
          .object({
            phone: phoneSchema,
            password: z.string().max(64, { error: '密码长度为8-64位' }).optional(),
            code: codeSchema.optional(),
          })
          .refine((b) => b.password !== undefined || b.code !== undefined, {
            error: '请输入密码或验证码',
            path: ['password'],
          }),
        response: { 200: envelope(sessionData), ...errors },
      },
    },
    async (req) => {
      const { phone, password, code } = req.body;
      await enforceRateLimit(app.db, `login:ip:${req.ip}`, limits.loginPerIp, (s) => `登录尝试过于频繁，请${waitText(s)}后再试`);
      await enforceRateLimit(app.db, `login:phone:${phone}`, limits.loginPerPhone, (s) => `登录尝试过于频繁，请${waitText(s)}后再试`);
      const designer = await findDesignerByPhone(app.db, phone);
      if (code !== undefined) {
        if (!designer) throw invalid('phone', '该手机号未注册');
        await markCodeUsed(app.db, await checkCode(app.db, phone, 'login', code));
      } else {
        const matches = await verifyPassword(password ?? '', designer?.password_hash ?? (await decoyHash()));
        if (!designer || !matches) throw invalid('password', '手机号或密码错误');
      }
      if (designer.account_status !== 1) throw invalid('phone', '账号已停用，请联系团队负责人');
      return ok(await createSession(app.db, designer.id, app.config.tokenTtlHours, meta(req)), '登录成功');
    },
  );

  r.post(
    '/user/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 200: okEmpty, ...errors } },
    },
    async (req) => {
      await revokeSession(app.db, req.auth!.sessionId);
      app.sessionEvents.emit('ended', { designerId: req.auth!.designer.id, sessionId: req.auth!.sessionId });
      return ok(null, '已退出登录');
    },
  );

  r.post(
    '/user/reset-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with an SMS code (scene reset_password); revokes every session',
        body: z.object({ phone: phoneSchema, code: codeSchema, password: passwordSchema }),
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      const { phone, code, password } = req.body;
      const designer = await findDesignerByPhone(app.db, phone);
      if (!designer) throw invalid('phone', '该手机号未注册');
      const codeId = await checkCode(app.db, phone, 'reset_password', code);
      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateDesigner(trx, designer.id, { password_hash: passwordHash });
        await revokeAllSessions(trx, designer.id);
      });
      app.sessionEvents.emit('ended', { designerId: designer.id });
      return ok(null, '密码已重置，请重新登录');
    },
  );

  r.put(
    '/user/phone',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Change the phone number with a code sent to the new phone (scene change_phone)',
        security: [{ bearer: [] }],
        body: z.object({ phone: phoneSchema, code: codeSchema }),
        response: { 200: envelope(z.object({ phone: z.string() })), ...errors },
      },
    },
    async (req) => {
      const { phone, code } = req.body;
      const me = req.auth!.designer;
      if (phone === me.phone) throw invalid('phone', '新手机号不能与当前手机号相同');
      if (await findDesignerByPhone(app.db, phone)) throw invalid('phone', '该手机号已被其他账号使用');
      const codeId = await checkCode(app.db, phone, 'change_phone', code);
      await app.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateDesigner(trx, me.id, { phone });
      });
      return ok({ phone }, '手机号已更换');
    },
  );
  r.put(
    '/user/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Change the password (old password required); revokes every other session',
        security: [{ bearer: [] }],
        body: z.object({
          old_password: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(64, { error: '原密码不正确' }),
          password: passwordSchema,
        }),
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      const { old_password, password } = req.body;
      const me = req.auth!.designer;
      if (!(await verifyPassword(old_password, me.password_hash))) throw invalid('old_password', '原密码不正确');
      if (old_password === password) throw invalid('password', '新密码不能与原密码相同');
      const passwordHash = await hashPassword(password);
      const revoked = await app.db.transaction().execute(async (trx) => {
        await updateDesigner(trx, me.id, { password_hash: passwordHash });
        return revokeOtherSessions(trx, me.id, req.auth!.sessionId);
      });
      for (const sessionId of revoked) app.sessionEvents.emit('ended', { designerId: me.id, sessionId });
      return ok(null, '密码已修改，其他设备已退出登录');
    },
  );

  r.post(
    '/user/logout-all',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], summary: 'Revoke every session of the caller, the current one included', security: [{ bearer: [] }], response: { 200: okEmpty, ...errors } },
    },
    async (req) => {
      const designerId = req.auth!.designer.id;
      await revokeAllSessions(app.db, designerId);
      app.sessionEvents.emit('ended', { designerId });
      return ok(null, '已退出所有设备');
    },
  );
}
