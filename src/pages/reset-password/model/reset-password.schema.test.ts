import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '@/shared/lib';
import { resetPasswordSchema, type ResetPasswordValues } from './reset-password.schema';

const valid: ResetPasswordValues = { phone: '13800000001', code: '654321', password: 'NewPass2026', confirm_password: 'NewPass2026' };
const errors = (v: ResetPasswordValues) => {
  const r = resetPasswordSchema.safeParse(v);
  return r.success ? {} : zodFieldErrors<ResetPasswordValues>(r.error);
};

describe('password reset form', () => {
  it('accepts a matching new password', () => {
    expect(errors(valid)).toEqual({});
  });
  it('names every problem at once, in form order', () => {
    expect(errors({ phone: '', code: '12', password: 'short1', confirm_password: 'other' })).toEqual({
      phone: '手机号格式不正确',
      code: '验证码为6位数字',
      password: '密码长度为8-64位',
      confirm_password: '两次输入的密码不一致',
    });
    expect(errors({ ...valid, confirm_password: '' })).toEqual({ confirm_password: '请再次输入新密码' });
  });
});
