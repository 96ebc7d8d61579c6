import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope, ok, okEmpty } from '../../lib/http.js';
import { bearerToken } from './auth.plugin.js';
import {
  changePasswordInput,
  changePhoneInput,
  changePhoneResult,
  loginInput,
  registerInput,
  resetPasswordInput,
  sessionData,
  verifyCodeInput,
  verifyCodeResult,
} from './auth.schemas.js';
import { createAuthService } from './auth.service.js';
import { createSmsSender, type SmsSender } from './sms/index.js';

const errors = { 401: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** Sign-in and account security under `/user/*` (OpenAPI tag `user`). */
export default async function authRoutes(app: FastifyInstance, opts: { sms?: SmsSender }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService({
    db: app.db,
    unitOfWork: app.unitOfWork,
    sms: opts.sms ?? createSmsSender(app.config.sms, { db: app.db, log: app.log }),
    sessionEvents: app.sessionEvents,
    tokenTtlHours: app.config.tokenTtlHours,
    rateLimits: app.config.rateLimits,
  });
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

  r.post(
    '/user/verify-code',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a 6-digit SMS code (5 minutes valid, one per phone per 60 s)',
        body: verifyCodeInput,
        response: {
          200: envelope(verifyCodeResult),
          ...errors,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await auth.sendCode(req.body, { ip: req.ip, token: bearerToken(req), log: req.log }), '验证码已发送'),
  );

  r.post(
    '/user/register',
    {
      schema: {
        tags: ['user'],
        summary: 'Register with phone + SMS code + password; starts onboarding at step 0 and signs in',
        body: registerInput,
        response: { 200: envelope(sessionData), ...errors },
      },
    },
    async (req) => {
      const session = await auth.register(req.body, meta(req));
      return ok({ token: session.token, session_id: session.session_id }, '注册成功');
    },
  );

  r.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in with phone + password, or phone + SMS code (scene login)',
        body: loginInput,
        response: { 200: envelope(sessionData), ...errors },
      },
    },
    async (req) => ok(await auth.login(req.body, meta(req)), '登录成功'),
  );

  r.post(
    '/user/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 200: okEmpty, ...errors } },
    },
    async (req) => {
      await auth.logout(req.auth!.designer.id, req.auth!.sessionId);
      return ok(null, '已退出登录');
    },
  );

  r.post(
    '/user/reset-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with an SMS code (scene reset_password); revokes every session',
        body: resetPasswordInput,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await auth.resetPassword(req.body, meta(req));
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
        body: changePhoneInput,
        response: { 200: envelope(changePhoneResult), ...errors },
      },
    },
    async (req) => {
      await auth.changePhone(req.auth!.designer, req.body);
      return ok({ phone: req.body.phone }, '手机号已更换');
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
        body: changePasswordInput,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await auth.changePassword(req.auth!.designer, req.auth!.sessionId, req.body);
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
      await auth.logoutAll(req.auth!.designer.id);
      return ok(null, '已退出所有设备');
    },
  );
}
