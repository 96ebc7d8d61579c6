import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '@/shared/lib';
import { AGREEMENT_REQUIRED, inviteFromSearch, registerBody, registerSchema, type RegisterValues } from './register.schema';

const valid: RegisterValues = {
  phone: '13912345678',
  code: '123456',
  password: 'Design2026',
  confirm_password: 'Design2026',
  invite_code: '',
  agreed: true,
};

const errors = (v: RegisterValues) => {
  const r = registerSchema.safeParse(v);
  return r.success ? {} : zodFieldErrors<RegisterValues>(r.error);
};

describe('registration form', () => {
  it('refuses to submit until the agreement is accepted', () => {
    expect(errors({ ...valid, agreed: false })).toEqual({ agreed: AGREEMENT_REQUIRED });
  });

  it('flags a mismatching confirmation together with the other wrong fields', () => {
    expect(errors({ ...valid, phone: '123', confirm_password: 'Design2027', agreed: false })).toEqual({
      phone: '手机号格式不正确',
      confirm_password: '两次输入的密码不一致',
      agreed: AGREEMENT_REQUIRED,
    });
    expect(errors({ ...valid, confirm_password: '' })).toEqual({ confirm_password: '请再次输入密码' });
  });

  it('applies the server password rule', () => {
    expect(errors({ ...valid, password: 'abcdefgh', confirm_password: 'abcdefgh' })).toEqual({ password: '密码需同时包含字母和数字' });
  });

  it('sends the invite code only when one was entered', () => {
    const parsed = registerSchema.parse(valid);
    expect(registerBody(parsed)).toEqual({ phone: '13912345678', code: '123456', password: 'Design2026' });
    expect(registerBody(registerSchema.parse({ ...valid, invite_code: ' TEAM01 ' }))).toMatchObject({ invite_code: 'TEAM01' });
  });
});

describe('invite code from ?invite=', () => {
  it('keeps text codes and numeric codes, ignores anything else', () => {
    expect(inviteFromSearch('AB12CD')).toBe('AB12CD');
    expect(inviteFromSearch(123456)).toBe('123456');
    expect(inviteFromSearch(undefined)).toBe('');
    expect(inviteFromSearch({ x: 1 })).toBe('');
  });
});
