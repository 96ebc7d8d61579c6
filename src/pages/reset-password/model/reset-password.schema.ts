import * as z from 'zod/mini';
import { codeField, passwordField, phoneField } from '@/shared/lib';

export const resetPasswordSchema = z
  .object({
    phone: phoneField,
    code: codeField,
    password: passwordField,
    confirm_password: z.string().check(z.minLength(1, { error: '请再次输入新密码' })),
  })
  .check(
    z.refine((v) => v.confirm_password === '' || v.confirm_password === v.password, {
      error: '两次输入的密码不一致',
      path: ['confirm_password'],
      when: () => true,
    }),
  );
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
