import { Anchor, Group, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth';
import { AuthCard } from '@/shared/ui';

/** `/login`: password or SMS-code sign-in; afterwards the wanted page (`?redirect=`) or home. */
export function LoginPage({ resolveTarget }: { resolveTarget: (redirect: string | undefined) => string }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  // Sent here from a team invite link: registering carries the invite along (and joins on sign-up).
  const invite = inviteOfRedirect(search.redirect);
  return (
    <AuthCard title="登录" subtitle="欢迎回来，登录后开始处理你的工单">
      <LoginForm
        onSignedIn={() => void navigate({ href: resolveTarget(search.redirect), replace: true })}
        footer={
          <>
            <Group justify="space-between">
              {invite ? (
                <Anchor href={`#/register?invite=${encodeURIComponent(invite)}`} size="sm">
                  注册账号
                </Anchor>
              ) : (
                <Anchor component={Link} to="/register" size="sm">
                  注册账号
                </Anchor>
              )}
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

/** The invite code of a `/team-invite?code=…` redirect target, if that is where the visitor was going. */
export function inviteOfRedirect(redirect: string | undefined): string | undefined {
  if (typeof redirect !== 'string' || !redirect.startsWith('/team-invite?')) return undefined;
  const code = new URLSearchParams(redirect.slice('/team-invite?'.length)).get('code');
  return code ? code.replace(/^"|"$/g, '') : undefined;
}
