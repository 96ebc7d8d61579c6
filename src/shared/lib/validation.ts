import { z } from 'zod';

/** Client-side twins of the server's field rules (product.md §3), with the same Chinese messages. */
export const phoneField = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' });

export const passwordField = z
  .string()
  .min(8, { error: '密码长度为8-64位' })
  .max(64, { error: '密码长度为8-64位' })
  .regex(/[A-Za-z]/, { error: '密码需同时包含字母和数字' })
  .regex(/\d/, { error: '密码需同时包含字母和数字' });

export const codeField = z.string().regex(/^\d{6}$/, { error: '验证码为6位数字' });
