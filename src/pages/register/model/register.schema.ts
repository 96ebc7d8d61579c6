import * as z from 'zod/mini';
import { codeField, passwordField, phoneField } from '@/shared/lib';

export const AGREEMENT_REQUIRED = '请阅读并同意《服务协议》和《隐私政策》';

export const registerSchema = z
  .object({
    phone: phoneField,
    code: codeField,
    password: passwordField,
    confirm_password: z.string().check(z.minLength(1, { error: '请再次输入密码' })),
    invite_code: z.string().check(z.trim(), z.maxLength(32, { error: '邀请码不能超过32个字符' })),
    agreed: z.boolean().check(z.refine((v) => v, { error: AGREEMENT_REQUIRED })),
  })
  .check(
    z.refine((v) => v.confirm_password === '' || v.confirm_password === v.password, {
      error: '两次输入的密码不一致',
      path: ['confirm_password'],
      // Report a mismatch together with the other fields' errors, not only once they are valid.
      when: () => true,
    }),
  );
export type RegisterValues = z.input<typeof registerSchema>;

/** The request body of POST /user/register; an empty invite code is left out. */
export function registerBody(v: z.output<typeof registerSchema>) {
  return { phone: v.phone, code: v.code, password: v.password, ...(v.invite_code ? { invite_code: v.invite_code } : {}) };
}

/**
 * `?invite=CODE` pre-fills the invite code. The router parses search values as JSON, so a numeric
 * code arrives as a number.
 */
export function inviteFromSearch(value: unknown): string {
  if (typeof value === 'string') return value.trim().slice(0, 32);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
