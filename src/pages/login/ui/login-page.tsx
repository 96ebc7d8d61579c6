import { Anchor, Group, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth';
import { AuthCard } from '@/shared/ui';

/** `/login`: password or SMS-code sign-in; afterwards the wanted page (`?redirect=`) or home. */
export function LoginPage({ resolveTarget }: { resolveTarget: (redirect: string | undefined) => string }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  return (
    <AuthCard title="登录" subtitle="欢迎回来，登录后开始处理你的工单">
      <LoginForm
        onSignedIn={() => void navigate({ href: resolveTarget(search.redirect), replace: true })}
        footer={
          <>
            <Group justify="space-between">
              <Anchor component={Link} to="/register" size="sm">
                注册账号
              </Anchor>
              <Anchor component={Link} to="/reset-password" size="sm">
                忘记密码
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed" ta="center">
              登录即表示同意
              <Anchor component={Link} to="/service-agreement" size="xs">
                《服务协议》
              </Anchor>
              和
              <Anchor component={Link} to="/privacy-policy" size="xs">
                《隐私政策》
              </Anchor>
            </Text>
          </>
        }
      />
    </AuthCard>
  );
}
