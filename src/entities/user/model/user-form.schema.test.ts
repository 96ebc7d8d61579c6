import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '@/shared/lib';
import {
  accountInfoFormSchema,
  bankInfoFormSchema,
  bankInfoValues,
  basicInfoFormSchema,
  basicInfoValues,
  skillsFormSchema,
  workProfileFormSchema,
} from './user-form.schema';
import type { BankInfo, Profile } from './user.schema';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, values: unknown) => {
  const r = schema.safeParse(values);
  return r.success ? {} : zodFieldErrors(r.error as never);
};

const basic = { real_name: '张三', gender: '1', city: '杭州', email: '', wechat: 'zhangsan', company_wechat: '' };

describe('basic info (step 1)', () => {
  it('turns valid input into the body the server takes', () => {
    const r = basicInfoFormSchema.safeParse({ ...basic, city: ' 杭州 ', gender: '2' });
    expect(r.success && r.data).toEqual({ ...basic, gender: 2 });
  });
  it('shows a Chinese message under each wrong field', () => {
    expect(errorsOf(basicInfoFormSchema, { real_name: '张', gender: '', city: '', email: 'abc', wechat: ' ', company_wechat: '' })).toEqual({
      real_name: '请输入真实姓名（2-20个汉字）',
      gender: '请选择性别',
      city: '请输入所在城市',
      email: '邮箱格式不正确',
      wechat: '请输入微信号',
    });
  });
  it('accepts an English name and a valid email, limits the nickname to 20 characters', () => {
    expect(basicInfoFormSchema.safeParse({ ...basic, real_name: 'Anna Lee', email: 'a@b.cn' }).success).toBe(true);
    expect(errorsOf(accountInfoFormSchema, { ...basic, nickname: '长'.repeat(21) })).toEqual({ nickname: '昵称不能超过20个字符' });
  });
  it('fills the form from the profile, leaving an unset gender unchosen', () => {
    const p = { real_name: '刘一诺', gender: 0, city: '', email: '', wechat: 'w', company_wechat: '' } as Profile;
    expect(basicInfoValues(p).gender).toBe('');
    expect(basicInfoValues({ ...p, gender: 2 }).gender).toBe('2');
  });
});

describe('work profile (step 2)', () => {
  it('requires a known work purpose, an occupation and the available time', () => {
    expect(errorsOf(workProfileFormSchema, { work_purpose: '', current_occupation: '', available_time: '' })).toEqual({
      work_purpose: '请选择工作目的',
      current_occupation: '请输入当前职业',
      available_time: '请输入可接单时间',
    });
    expect(workProfileFormSchema.safeParse({ work_purpose: 'side_income', current_occupation: '平面设计', available_time: '工作日晚上' }).success).toBe(true);
  });
});

describe('skills (step 3)', () => {
  it('needs 1 to 10 tags of each kind', () => {
    expect(errorsOf(skillsFormSchema, { specialty_tags: [], software_tags: Array.from({ length: 11 }, (_, i) => `s${i}`) })).toEqual({
      specialty_tags: '请至少选择一个擅长领域',
      software_tags: '常用软件最多选择10个',
    });
  });
});

describe('bank info (step 4)', () => {
  const bank = { account_name: '张三', bank_name: '招商银行', bank_branch: '', account_no: '6222 0212 3456 7890' };
  it('sends the account number without the spaces typed for readability', () => {
    const r = bankInfoFormSchema.safeParse(bank);
    expect(r.success && r.data.account_no).toBe('6222021234567890');
  });
  it('asks for the account number, then for 12-19 digits', () => {
    expect(errorsOf(bankInfoFormSchema, { ...bank, account_no: '' })).toEqual({ account_no: '请输入银行卡号' });
    expect(errorsOf(bankInfoFormSchema, { ...bank, account_no: '12345' })).toEqual({ account_no: '银行卡号应为12-19位数字' });
    expect(errorsOf(bankInfoFormSchema, { ...bank, account_no: '6222x21234567890' })).toEqual({ account_no: '银行卡号应为12-19位数字' });
    expect(errorsOf(bankInfoFormSchema, { ...bank, account_name: '张*' })).toEqual({ account_name: '请输入开户人真实姓名' });
  });
});

describe('payout form starting values', () => {
  const saved: BankInfo = { account_name: '张*', bank_name: '招商银行', bank_branch: '西湖支行', account_no_masked: '6222 **** **** 7890', filled: true };
  it('pre-fills the bank but never the masked account number', () => {
    expect(bankInfoValues(saved, '张三')).toEqual({ account_name: '张三', bank_name: '招商银行', bank_branch: '西湖支行', account_no: '' });
  });
  it('leaves the holder empty when the saved one is someone else', () => {
    expect(bankInfoValues(saved, '李四').account_name).toBe('');
    expect(bankInfoValues({ ...saved, account_name: '欧**' }, '欧阳娜娜').account_name).toBe('');
    expect(bankInfoValues({ ...saved, account_name: '欧***' }, '欧阳娜娜').account_name).toBe('欧阳娜娜');
  });
  it('starts from the real name when nothing is saved yet', () => {
    expect(bankInfoValues(undefined, '张三')).toEqual({ account_name: '张三', bank_name: '', bank_branch: '', account_no: '' });
  });
});
