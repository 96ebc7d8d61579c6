import * as z from 'zod/mini';
import type { BankInfo, Profile } from './user.schema';

/**
 * Client-side twins of the server's profile field rules (server/src/modules/user/user.schemas.ts),
 * with the same Chinese messages. Form values are strings (and string arrays); the parsed output is
 * the request body the server expects.
 */

const PERSON_NAME = /^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/;

const requiredText = (label: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, { error: `请输入${label}` }), z.maxLength(max, { error: `${label}不能超过${max}个字符` }));

const optionalText = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, { error: `${label}不能超过${max}个字符` }));

export const GENDER_OPTIONS = [
  { label: '男', value: '1' },
  { label: '女', value: '2' },
] as const;

/** Values of the server's work_purpose enum (labels come from the work_purpose dictionary). */
export const WORK_PURPOSE_VALUES = ['full_time', 'side_income', 'skill_growth', 'other'] as const;

export const TAGS_MAX = 10;

/** Onboarding step 1 (and the account page without the nickname). */
export const basicInfoFormSchema = z.object({
  real_name: z.string().check(z.trim(), z.regex(PERSON_NAME, { error: '请输入真实姓名（2-20个汉字）' })),
  gender: z.pipe(
    z.string().check(z.refine((v) => v === '1' || v === '2', { error: '请选择性别' })),
    z.transform((v: string) => (v === '1' ? 1 : 2) as 1 | 2),
  ),
  city: requiredText('所在城市', 30),
  email: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || z.email().safeParse(v).success, { error: '邮箱格式不正确' }),
  ),
  wechat: requiredText('微信号', 40),
  company_wechat: optionalText('企业微信', 40),
});
export type BasicInfoFormValues = z.input<typeof basicInfoFormSchema>;

/** PUT /user/basic-info from the account page: step 1's fields plus the nickname. */
export const accountInfoFormSchema = z.extend(basicInfoFormSchema, { nickname: optionalText('昵称', 20) });
export type AccountInfoFormValues = z.input<typeof accountInfoFormSchema>;

/** Onboarding step 2. */
export const workProfileFormSchema = z.object({
  work_purpose: z
    .string()
    .check(z.refine((v) => (WORK_PURPOSE_VALUES as readonly string[]).includes(v), { error: '请选择工作目的' })),
  current_occupation: requiredText('当前职业', 30),
  available_time: requiredText('可接单时间', 60),
});
export type WorkProfileFormValues = z.input<typeof workProfileFormSchema>;

const tags = (label: string) =>
  z
    .array(z.string())
    .check(z.minLength(1, { error: `请至少选择一个${label}` }), z.maxLength(TAGS_MAX, { error: `${label}最多选择${TAGS_MAX}个` }));

/** Onboarding step 3. */
export const skillsFormSchema = z.object({
  specialty_tags: tags('擅长领域'),
  software_tags: tags('常用软件'),
});
export type SkillsFormValues = z.input<typeof skillsFormSchema>;

/** Onboarding step 4 and PUT /user/bank-info. The account number may be typed with spaces. */
export const bankInfoFormSchema = z.object({
  account_name: z.string().check(z.trim(), z.regex(PERSON_NAME, { error: '请输入开户人真实姓名' })),
  bank_name: requiredText('开户银行', 40),
  bank_branch: optionalText('开户支行', 60),
  account_no: z.pipe(
    z.pipe(
      z.string(),
      z.transform((v: string) => v.replace(/\s+/g, '')),
    ),
    z.string().check(z.minLength(1, { error: '请输入银行卡号' }), z.regex(/^\d{12,19}$/, { error: '银行卡号应为12-19位数字' })),
  ),
});
export type BankInfoFormValues = z.input<typeof bankInfoFormSchema>;

/** PUT /user/update-time. */
export const availableTimeFormSchema = z.object({ available_time: requiredText('可接单时间', 60) });

/** The profile's saved values as form values (unset gender 0 becomes no choice). */
export function basicInfoValues(p: Profile): BasicInfoFormValues {
  return {
    real_name: p.real_name,
    gender: p.gender === 1 || p.gender === 2 ? String(p.gender) : '',
    city: p.city,
    email: p.email,
    wechat: p.wechat,
    company_wechat: p.company_wechat,
  };
}

export function accountInfoValues(p: Profile): AccountInfoFormValues {
  return { nickname: p.nickname, ...basicInfoValues(p) };
}

export function workProfileValues(p: Profile): WorkProfileFormValues {
  return { work_purpose: p.work_purpose, current_occupation: p.current_occupation, available_time: p.available_time };
}

export function skillsValues(p: Profile): SkillsFormValues {
  return { specialty_tags: [...p.specialty_tags], software_tags: [...p.software_tags] };
}

/** First character + one star per further character, as the server masks names. */
function maskName(name: string): string {
  const chars = [...name];
  return chars.length ? chars[0] + '*'.repeat(Math.max(1, chars.length - 1)) : '';
}

/**
 * Starting values of a payout form. The server answers the account name and number masked, so
 * the number is always typed again; the name is pre-filled with the real name when nothing is
 * saved yet or when the saved (masked) name is the real name's.
 */
export function bankInfoValues(bank: BankInfo | undefined, realName: string): BankInfoFormValues {
  const nameMatches = !bank?.filled || bank.account_name === maskName(realName);
  return {
    account_name: nameMatches ? realName : '',
    bank_name: bank?.bank_name ?? '',
    bank_branch: bank?.bank_branch ?? '',
    account_no: '',
  };
}
