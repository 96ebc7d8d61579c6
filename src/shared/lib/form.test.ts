import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { textFieldBinder, zodFieldErrors } from './form';

describe('zodFieldErrors', () => {
  it('keeps the first message per field in schema order', () => {
    const schema = z.object({
      phone: z.string().check(z.regex(/^1\d{10}$/, { error: '手机号格式不正确' })),
      password: z.string().check(z.minLength(8, { error: '密码至少8位' }), z.regex(/\d/, { error: '需包含数字' })),
    });
    const r = schema.safeParse({ phone: '12', password: 'abc' });
    expect(r.success).toBe(false);
    if (!r.success) {
      const errors = zodFieldErrors<{ phone: string; password: string }>(r.error);
      expect(Object.keys(errors)).toEqual(['phone', 'password']);
      expect(errors.password).toBe('密码至少8位');
    }
  });
});

describe('textFieldBinder', () => {
  it('binds value, error and onChange of one field', () => {
    const set: [string, string][] = [];
    const bind = textFieldBinder({ phone: '138', name: '' }, { phone: '手机号格式不正确' }, (k, v) => set.push([k, v]));
    const phone = bind('phone');
    expect(phone.value).toBe('138');
    expect(phone.error).toBe('手机号格式不正确');
    expect(bind('name').error).toBeUndefined();
    phone.onChange({ currentTarget: { value: '13800000000' } });
    bind('name').onChange('张三');
    expect(set).toEqual([
      ['phone', '13800000000'],
      ['name', '张三'],
    ]);
  });
});
