import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

// Chinese default messages for every zod check; fields with a domain rule override them below.
z.config(zhCN());

export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' })
  .describe('Mainland mobile number, 11 digits starting with 1');

export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(8, { error: '密码长度为8-64位' })
  .max(64, { error: '密码长度为8-64位' })
  .regex(/[A-Za-z]/, { error: '密码需同时包含字母和数字' })
  .regex(/\d/, { error: '密码需同时包含字母和数字' })
  .describe('8–64 characters with letters and digits');

export const codeSchema = z
  .string({ error: '请输入验证码' })
  .regex(/^\d{6}$/, { error: '验证码为6位数字' })
  .describe('6-digit SMS code');

/** The response envelope of product.md §3 around a data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    data,
  });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  error_fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** Standard error responses every authenticated route may give (documented in OpenAPI). */
export const authErrors = { 401: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope } as const;

export function ok<T>(data: T, message = '操作成功') {
  return { code: 200, success: true, message, data };
}

export const okEmpty = envelope(z.null());

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
