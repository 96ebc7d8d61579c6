import * as z from 'zod/mini';

/** Client-side twins of the server's field rules (product.md §3), with the same Chinese messages. */
export const phoneField = z.string().check(z.trim(), z.regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' }));

export const passwordField = z.string().check(
  z.minLength(8, { error: '密码长度为8-64位' }),
  z.maxLength(64, { error: '密码长度为8-64位' }),
  z.regex(/[A-Za-z]/, { error: '密码需同时包含字母和数字' }),
  z.regex(/\d/, { error: '密码需同时包含字母和数字' }),
);

export const codeField = z.string().check(z.regex(/^\d{6}$/, { error: '验证码为6位数字' }));
