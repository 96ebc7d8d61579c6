import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { userApi, userQueries } from '@/entities/user';
import { VerifyCodeField } from '@/features/auth';
import { tokenStore } from '@/shared/api';
import { useZodForm } from '@/shared/lib';
import { AuthCard, notify } from '@/shared/ui';
import { resetPasswordSchema } from '../model/reset-password.schema';

/** `/reset-password`: phone + SMS code + new password; every session of the account ends. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(resetPasswordSchema, { phone: '', code: '', password: '', confirm_password: '' });
  const { values, errors, setField } = form;

  const reset = useMutation({
    mutationKey: [...userQueries.all(), 'reset-password'],
    mutationFn: userApi.resetPassword,
    onSuccess: (_data, body) => {
      // The server revoked every session of the account: forget this browser's if it was one.
      const signedInPhone = queryClient.getQueryData(userQueries.profile().queryKey)?.phone;
      if (tokenStore.get() && (signedInPhone === undefined || signedInPhone === body.phone)) {
        tokenStore.clear();
        queryClient.clear();
      }
      notify('密码已重置，请使用新密码登录', 'success');
      void navigate({ to: '/login', replace: true });
    },
    onError: form.applyServerError,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) reset.mutate({ phone: parsed.phone, code: parsed.code, password: parsed.password });
  };

  return (
    <AuthCard title="找回密码" subtitle="通过手机验证码设置新密码，设置后需重新登录">
      <form onSubmit={submit} noValidate aria-label="找回密码">
        <Stack gap="md">
          <TextInput
            label="手机号"
            placeholder="请输入注册时使用的手机号"
            inputMode="numeric"
            autoComplete="username"
            maxLength={11}
            value={values.phone}
            onChange={(e) => setField('phone', e.currentTarget.value)}
            error={errors.phone}
            required
          />
          <VerifyCodeField
            phone={values.phone}
            scene="reset_password"
            value={values.code}
            onChange={(v) => setField('code', v)}
            error={errors.code}
            onPhoneError={(message) => form.setErrors((prev) => ({ ...prev, phone: message }))}
          />
          <PasswordInput
            label="新密码"
            description="8-64位，需同时包含字母和数字"
            autoComplete="new-password"
            maxLength={64}
            value={values.password}
            onChange={(e) => setField('password', e.currentTarget.value)}
            error={errors.password}
            required
          />
          <PasswordInput
            label="确认新密码"
            autoComplete="new-password"
            maxLength={64}
            value={values.confirm_password}
            onChange={(e) => setField('confirm_password', e.currentTarget.value)}
            error={errors.confirm_password}
            required
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            重置密码
          </Button>
          <Text size="sm" ta="center" c="gray.7">
            想起密码了？
            <Anchor component={Link} to="/login" inherit underline="always">
              返回登录
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
