import * as z from 'zod/mini';

export const profileSchema = z.object({
  id: z.number(),
  designer_id: z.string(),
  designer_type: z.number().check(z.int(), z.gte(0), z.lte(3)),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  nickname: z.string(),
  avatar: z.string(),
  wechat: z.string(),
  company_wechat: z.string(),
  phone: z.string(),
  real_name: z.string(),
  email: z.string(),
  gender: z.number(),
  city: z.string(),
  work_purpose: z.string(),
  available_time: z.string(),
  current_occupation: z.string(),
  current_registration_step: z.number().check(z.int()),
  specialty_tags: z.array(z.string()),
  software_tags: z.array(z.string()),
  invite_code: z.string(),
  team_id: z.nullable(z.number()),
  team_role: z.string(),
  team_name: z.string(),
  account_status: z.number(),
  online_ticket_status: z.number(),
  create_time: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResultSchema = z.object({ token: z.string(), session_id: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST user/verify-code: seconds the code lives and seconds until another may be asked for. */
export const verifyCodeResultSchema = z.object({ expires_in: z.number(), resend_after: z.number() });

/** PUT user/phone: the phone now on the account. */
export const phoneChangeResultSchema = z.object({ phone: z.string() });

export const bankInfoSchema = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  bank_branch: z.string(),
  account_no_masked: z.string(),
  filled: z.boolean(),
});
export type BankInfo = z.infer<typeof bankInfoSchema>;

export const DESIGNER_TYPE_TEXT: Record<number, string> = {
  0: '团队负责人',
  1: '设计师',
  2: '兼职设计师',
  3: '兼职设计师',
};

export function displayName(p: Pick<Profile, 'nickname' | 'real_name' | 'phone'>): string {
  return p.nickname || p.real_name || p.phone;
}
