/** Wire schemas of the account screens (zod; also the OpenAPI document). Onboarding steps 1–4 reuse them. */
import { z } from 'zod';
import { codeSchema } from '../../lib/http.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .max(max, { error: `${label}不能超过${max}个字符` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/** Onboarding step 1 and PUT /user/basic-info, fields in form order. */
export const basicInfoSchema = z.object({
  real_name: z
    .string({ error: '请输入真实姓名' })
    .trim()
    .regex(/^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/, { error: '请输入真实姓名（2-20个汉字）' }),
  gender: z.union([z.literal(1), z.literal(2)], { error: '请选择性别' }),
  city: text('所在城市', 30),
  email: z.union([z.literal(''), z.email({ error: '邮箱格式不正确' })]).default(''),
  wechat: text('微信号', 40),
  company_wechat: optionalText('企业微信', 40),
  nickname: optionalText('昵称', 20).optional(),
});

/** Onboarding step 2. */
export const workProfileSchema = z.object({
  work_purpose: z.enum(['full_time', 'side_income', 'skill_growth', 'other'], { error: '请选择工作目的' }),
  current_occupation: text('当前职业', 30),
  available_time: text('可接单时间', 60),
});

const tags = (label: string) =>
  z
    .array(z.string().trim().min(1).max(20), { error: `请选择${label}` })
    .min(1, { error: `请至少选择一个${label}` })
    .max(10, { error: `${label}最多选择10个` });

/** Onboarding step 3. */
export const skillsSchema = z.object({
  specialty_tags: tags('擅长领域'),
  software_tags: tags('常用软件'),
});

/** Onboarding step 4 and PUT /user/bank-info. */
export const bankInfoSchema = z.object({
  account_name: z
    .string({ error: '请输入开户人姓名' })
    .trim()
    .regex(/^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/, { error: '请输入开户人真实姓名' }),
  bank_name: text('开户银行', 40),
  bank_branch: optionalText('开户支行', 60),
  account_no: z
    .string({ error: '请输入银行卡号' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: '银行卡号应为12-19位数字' })),
});

export const bankInfoView = z
  .object({
    account_name: z.string(),
    bank_name: z.string(),
    bank_branch: z.string(),
    account_no_masked: z.string(),
    filled: z.boolean(),
  })
  .meta({ id: 'BankInfo' });

export const availableTimeSchema = z.object({ available_time: text('可接单时间', 60) });

export const onlineStatusSchema = z.object({
  online_ticket_status: z.union([z.literal(0), z.literal(1)], { error: '接单状态只能是 0 或 1' }),
});

/** PUT /user/basic-info: basic information, optionally with the avatar URL of an uploaded object. */
export const basicInfoUpdateSchema = basicInfoSchema.extend({
  avatar: z.string().max(500, { error: '头像地址过长' }).optional(),
});

/** PUT /user/bank-info: payout details; changing details already on file needs a `bank_info` code. */
export const bankInfoUpdateSchema = bankInfoSchema.extend({ code: codeSchema.optional() });

export const shopSchema = z.object({ shop_id: z.number().int(), name: z.string(), platform: z.string() });
export const shopListSchema = z.object({ items: z.array(shopSchema) });

export const productSchema = z.object({ product_id: z.number().int(), name: z.string(), category: z.string() });
