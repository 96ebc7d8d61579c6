/** Wire schemas of the sign-in and account-security calls; also the OpenAPI document. */
import { z } from 'zod';
import { codeSchema, passwordSchema, phoneSchema } from '../../lib/http.js';
import { SCENES } from './verify-code.service.js';

export const sessionData = z.object({ token: z.string(), session_id: z.string() }).meta({ id: 'LoginResult' });

export const verifyCodeInput = z.object({
  phone: phoneSchema,
  scene: z.enum(SCENES, { error: '验证码用途不正确' }),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeInput>;

export const verifyCodeResult = z.object({ expires_in: z.number().int(), resend_after: z.number().int() });

export const registerInput = z.object({
  phone: phoneSchema,
  code: codeSchema,
  password: passwordSchema,
  invite_code: z
    .string()
    .trim()
    .max(32)
    .optional()
    .describe("A designer's personal invite code, or a team invite link's code (joins that team; refused when expired, used up or revoked)"),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z
  .object({
    phone: phoneSchema,
    password: z.string().max(64, { error: '密码长度为8-64位' }).optional(),
    code: codeSchema.optional(),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined, {
    error: '请输入密码或验证码',
    path: ['password'],
  });
export type LoginInput = z.infer<typeof loginInput>;

export const resetPasswordInput = z.object({ phone: phoneSchema, code: codeSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePhoneInput = z.object({ phone: phoneSchema, code: codeSchema });
export type ChangePhoneInput = z.infer<typeof changePhoneInput>;

export const changePhoneResult = z.object({ phone: z.string() });

export const changePasswordInput = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(64, { error: '原密码不正确' }),
  password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
