import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { userApi, userQueries } from '@/entities/user';
import { NewPasswordFields, PhoneCodeFields, startSession } from '@/features/auth';
import { useZodForm } from '@/shared/lib';
import { AuthCard, notify } from '@/shared/ui';
import { inviteFromSearch, registerBody, registerSchema } from '../model/register.schema';

/** `/register`: phone + SMS code + password (+ invite code), then straight into the onboarding guide. */
export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const form = useZodForm(registerSchema, {
    phone: '',
    code: '',
    password: '',
    confirm_password: '',
    invite_code: inviteFromSearch(search.invite),
    agreed: false,
  });
  const { values, errors, setField } = form;

  const register = useMutation({
    mutationKey: [...userQueries.all(), 'register'],
    mutationFn: userApi.register,
    onSuccess: (result) => {
      startSession(queryClient, result);
      notify('注册成功，请完善入驻资料', 'success');
      void navigate({ to: '/guide', replace: true });
    },
    // The failure toast comes from the query client; field errors go next to their inputs.
    onError: form.applyServerError,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) register.mutate(registerBody(parsed));
  };

  return (
    <AuthCard title="注册账号" subtitle="注册后完成入驻引导，即可开始接单">
      <form onSubmit={submit} noValidate aria-label="注册">
        <Stack gap="md">
          <PhoneCodeFields
            phone={form.bind('phone')}
            code={form.bind('code')}
            scene="register"
            onPhoneError={(message) => form.setFieldError('phone', message)}
          />
          <NewPasswordFields password={form.bind('password')} confirm={form.bind('confirm_password')} passwordLabel="密码" confirmLabel="确认密码" />
          <TextInput
            label="邀请码"
            description="选填。团队邀请链接中的邀请码可直接加入团队；个人邀请码只记录推荐人，不加入团队"
            autoComplete="off"
            maxLength={32}
            {...form.bind('invite_code')}
          />
          <Checkbox
            checked={values.agreed}
            onChange={(e) => setField('agreed', e.currentTarget.checked)}
            error={errors.agreed}
            required
            label={
              <>
                我已阅读并同意
                <Anchor component={Link} to="/service-agreement" inherit underline="always">
                  《服务协议》
                </Anchor>
                和
                <Anchor component={Link} to="/privacy-policy" inherit underline="always">
                  《隐私政策》
                </Anchor>
              </>
            }
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            注册
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            已有账号？
            <Anchor component={Link} to="/login" inherit underline="always">
              去登录
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
