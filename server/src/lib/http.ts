import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
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

/**
 * A whole number written in a path or a query: decimal digits only, no sign, no leading zero, no
 * exponent, hex or fraction (`0x140`, `3.2e2`, `0320` and an empty value are refused, not read as
 * 320 or 0). Fifteen digits at most, so every value is an exact integer.
 */
export function wholeNumber(message = '必须是整数') {
  return z
    .string({ error: message })
    .regex(/^(0|[1-9]\d{0,14})$/, { error: message })
    .transform(Number);
}

/**
 * The largest row id: ids are 32-bit `integer` columns (PostgreSQL refuses a larger number in a
 * comparison with one, as an error, not as "no row").
 */
export const MAX_ROW_ID = 2_147_483_647;

/** An id in a path or a query: a positive whole number (see `wholeNumber`) a row can have. */
export function idSchema(message = '编号不正确') {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,14}$/, { error: message })
    .refine((v) => Number(v) <= MAX_ROW_ID, { error: message })
    .transform(Number)
    .describe('A positive integer id, decimal digits');
}

/**
 * A list in a query: comma-joined (`status=0,7`) or repeated (`status=0&status=7`), each value
 * checked (`message` when one is not); duplicates dropped, first-seen order kept. At most 50
 * values and 500 characters in all.
 */
export function listParam<T extends string>(check: (v: string) => v is T, message: string) {
  return z
    .union([z.string(), z.array(z.string()).max(50, { error: message })], { error: message })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .pipe(
      z
        .string()
        .trim()
        .max(500, { error: message })
        .refine((s) => s.split(',').every((v) => check(v.trim())), { error: message })
        .transform((s) => [...new Set(s.split(',').map((v) => v.trim()))] as T[]),
    );
}

/** One or more row ids in a query (see `listParam`), as numbers. */
export function idListParam(message = '编号不正确') {
  return listParam((v: string): v is string => /^[1-9]\d{0,14}$/.test(v) && Number(v) <= MAX_ROW_ID, message).transform((ids) => ids.map(Number));
}

/** One or more values of an enum in a query (see `listParam`). */
export function enumListParam<T extends string>(values: readonly T[], message: string) {
  return listParam((v: string): v is T => (values as readonly string[]).includes(v), message);
}

/** A yes/no flag in a query: `1` or `0` (an empty value is refused, not read as 0). */
export function flag01(message = '只能是0或1') {
  return z.enum(['0', '1'], { error: message }).transform((v): 0 | 1 => (v === '1' ? 1 : 0));
}

export const pageQuery = z.object({
  page: wholeNumber('页码必须是正整数').pipe(z.number().min(1, { error: '页码必须是正整数' })).default(1),
  pageSize: wholeNumber('每页条数必须是1-100的整数')
    .pipe(z.number().min(1, { error: '每页条数必须是1-100的整数' }).max(100, { error: '每页条数必须是1-100的整数' }))
    .default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * For a route whose 200 body is built field by field from typed rows (the ticket list): it goes
 * out through JSON.stringify, skipping zod's per-item re-encoding, which cost about twice as much
 * (bench/tickets). Only right while the body is exactly its schema: such a route has a test that
 * parses its items strictly and compares the text with what the zod serializer writes
 * (tickets-list-shape.test.ts). Other statuses keep zod.
 */
export const typedBodySerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus === '200') return (data: unknown) => JSON.stringify(data);
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
};
