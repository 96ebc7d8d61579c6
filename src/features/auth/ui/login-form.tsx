import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { userApi } from '@/entities/user';
import { preloadHttpClient } from '@/shared/api';
import { SendCodeButton } from './send-code-button';
import { codeField, phoneField, useZodForm } from '@/shared/lib';
import { SegmentedChoice } from '@/shared/ui';
import { startSession } from '../model/session';

const passwordSchema = z.object({ phone: phoneField, password: z.string().check(z.minLength(1, { error: '请输入密码' })) });
const codeSchema = z.object({ phone: phoneField, code: codeField });

interface Props {
  onSignedIn: () => void;
  /** Links to registration and password reset rendered by the page. */
  footer?: React.ReactNode;
}

/** 手机号 + 密码, or 手机号 + 验证码, then 登录. */
export function LoginForm({ onSignedIn, footer }: Props) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const form = useZodForm(z.object({ phone: z.string(), password: z.string(), code: z.string() }), {
    phone: '',
    password: '',
    code: '',
  });

  const login = useMutation({
    mutationKey: ['user', 'login'],
    mutationFn: (body: { phone: string; password?: string; code?: string }) => userApi.login(body),
    onSuccess: (result) => {
      startSession(queryClient, result);
      onSignedIn();
    },
    onError: form.applyServerError,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const schema = mode === 'password' ? passwordSchema : codeSchema;
    const parsed = schema.safeParse(form.values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      form.setErrors(errors);
      return;
    }
    login.mutate(parsed.data);
  };

  return (
    // The HTTP client loads when the visitor starts on the form, not with the page (issue #19: a
    // first visit to the login page downloads only what paints it); typing takes longer than that.
    <form onSubmit={submit} noValidate aria-label="登录" onFocusCapture={preloadHttpClient} onPointerDownCapture={preloadHttpClient}>
      <Stack gap="md">
        <SegmentedChoice
          label="登录方式"
          value={mode}
          onChange={setMode}
          data={[
            { label: '密码登录', value: 'password' },
            { label: '验证码登录', value: 'code' },
          ]}
        />
        <TextInput
          label="手机号"
          placeholder="请输入11位手机号"
          inputMode="numeric"
          autoComplete="username"
          maxLength={11}
          value={form.values.phone}
          onChange={(e) => form.setField('phone', e.currentTarget.value)}
          error={form.errors.phone}
          required
        />
        {mode === 'password' ? (
          <PasswordInput
            label="密码"
            placeholder="请输入密码"
            autoComplete="current-password"
            value={form.values.password}
            onChange={(e) => form.setField('password', e.currentTarget.value)}
            error={form.errors.password}
            required
          />
        ) : (
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="验证码"
              placeholder="6位数字"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ flex: 1 }}
              value={form.values.code}
              onChange={(e) => form.setField('code', e.currentTarget.value)}
              error={form.errors.code}
              required
            />
            <div style={{ paddingTop: 25 }}>
              <SendCodeButton
                phone={form.values.phone}
                scene="login"
                onPhoneError={(message) => form.setErrors({ phone: message })}
              />
            </div>
          </Group>
        )}
        <Button type="submit" size="md" loading={login.isPending} fullWidth>
          登录
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

