import * as z from 'zod/mini';
import { passwordField } from '@/shared/lib';

/** 原密码 / 新密码 / 确认新密码: the new one follows the password rules and differs from the old. */
export const changePasswordSchema = z
  .object({
    old_password: z.string().check(z.minLength(1, { error: '请输入原密码' })),
    password: passwordField,
    confirm_password: z.string().check(z.minLength(1, { error: '请再次输入新密码' })),
  })
  .check(
    z.refine((v) => v.password === '' || v.old_password === '' || v.password !== v.old_password, {
      error: '新密码不能与原密码相同',
      path: ['password'],
      when: () => true,
    }),
    z.refine((v) => v.confirm_password === '' || v.confirm_password === v.password, {
      error: '两次输入的密码不一致',
      path: ['confirm_password'],
      when: () => true,
    }),
  );
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
