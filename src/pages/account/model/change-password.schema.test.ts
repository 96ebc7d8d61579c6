import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from './change-password.schema';

function messages(input: Record<string, string>) {
  const r = changePasswordSchema.safeParse(input);
  const out: Record<string, string> = {};
  // The first message per field, as the form shows it.
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('changePasswordSchema', () => {
  it('accepts a valid change', () => {
    expect(messages({ old_password: 'Oldpassw0rd', password: 'Newpassw0rd', confirm_password: 'Newpassw0rd' })).toEqual({});
  });
  it('refuses the same password, a mismatch and a weak one', () => {
    expect(messages({ old_password: 'Passw0rd1', password: 'Passw0rd1', confirm_password: 'Passw0rd1' }).password).toBe('新密码不能与原密码相同');
    expect(messages({ old_password: 'Oldpassw0rd', password: 'Newpassw0rd', confirm_password: 'x' }).confirm_password).toBe('两次输入的密码不一致');
    expect(messages({ old_password: '', password: 'short', confirm_password: '' })).toMatchObject({
      old_password: '请输入原密码',
      password: '密码长度为8-64位',
      confirm_password: '请再次输入新密码',
    });
  });
});
