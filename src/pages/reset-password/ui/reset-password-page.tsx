import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { userApi, userQueries } from '@/entities/user';
import { NewPasswordFields, PhoneCodeFields } from '@/features/auth';
import { tokenStore } from '@/shared/api';
import { useZodForm } from '@/shared/lib';
import { AuthCard, notify } from '@/shared/ui';
import { resetPasswordSchema } from '../model/reset-password.schema';

/** `/reset-password`: phone + SMS code + new password; every session of the account ends. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(resetPasswordSchema, { phone: '', code: '', password: '', confirm_password: '' });

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
          <PhoneCodeFields
            phone={form.bind('phone')}
            code={form.bind('code')}
            scene="reset_password"
            onPhoneError={(message) => form.setFieldError('phone', message)}
            phonePlaceholder="请输入注册时使用的手机号"
            phoneAutoComplete="username"
          />
          <NewPasswordFields password={form.bind('password')} confirm={form.bind('confirm_password')} />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            重置密码
          </Button>
          <Text size="sm" ta="center" c="dimmed">
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
