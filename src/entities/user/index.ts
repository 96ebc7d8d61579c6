export { userApi, userQueries, type VerifyScene } from './api/user.queries';
export { maskPhone } from './lib/mask';
export { usePermission } from './lib/use-permission';
export {
  accountInfoFormSchema,
  accountInfoValues,
  availableTimeFormSchema,
  bankInfoFormSchema,
  bankInfoValues,
  basicInfoFormSchema,
  basicInfoValues,
  GENDER_OPTIONS,
  skillsFormSchema,
  skillsValues,
  TAGS_MAX,
  WORK_PURPOSE_VALUES,
  workProfileFormSchema,
  workProfileValues,
  type AccountInfoFormValues,
  type BankInfoFormValues,
  type BasicInfoFormValues,
  type SkillsFormValues,
  type WorkProfileFormValues,
} from './model/user-form.schema';
export {
  bankInfoSchema,
  DESIGNER_TYPE_TEXT,
  displayName,
  loginResultSchema,
  profileSchema,
  type BankInfo,
  type LoginResult,
  type Profile,
} from './model/user.schema';
export { BankInfoFields } from './ui/bank-info-fields';
export { BasicInfoFields } from './ui/basic-info-fields';
export { HasPerm, HasRole } from './ui/has-perm';
