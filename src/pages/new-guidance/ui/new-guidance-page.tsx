import { Anchor, Button, Center, Group, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { guidanceTour, TOUR_STEPS } from '@/features/guidance-tour';
import { tokenStore } from '@/shared/api';
import { AuthCard } from '@/shared/ui';

/** What a newcomer does before the first ticket, in the order the platform asks for it. */
const FIRST_STEPS = [
  { title: '注册账号', body: '用手机号和短信验证码注册，设置登录密码。' },
  { title: '完成入驻引导', body: '填写基本信息、工作资料、擅长领域和收款信息，再读一遍平台须知。' },
  { title: '开始接单', body: '打开接单状态后，系统会按计划把工单分配给你；兼职设计师也可以在接单大厅里抢单。' },
] as const;

/**
 * `/new-guidance` (public, spec §2): signed in, it opens /home with the guidance tour over the real
 * layout; without a token it is the tour as a page, for someone who has not joined yet, with the
 * way to sign in or register.
 */
export function NewGuidancePage() {
  const navigate = useNavigate();
  const signedIn = Boolean(tokenStore.get());
  useEffect(() => {
    if (!signedIn) return;
    guidanceTour.start();
    void navigate({ to: '/home', replace: true });
  }, [navigate, signedIn]);

  if (signedIn) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="正在打开新手引导" />
      </Center>
    );
  }
  return (
    <AuthCard title="新手引导" subtitle="三步开始在设计师工作台接单，先来认识一下工作台。">
      <Stack gap="lg">
        <List type="ordered" spacing="sm" aria-label="开始前的步骤">
          {FIRST_STEPS.map((step) => (
            <List.Item key={step.title}>
              <Text fw={600} size="sm">
                {step.title}
              </Text>
              <Text size="sm" c="dimmed">
                {step.body}
              </Text>
            </List.Item>
          ))}
        </List>
        <Stack gap="xs">
          <Title order={2} fz="md">
            登录后你会看到
          </Title>
          {TOUR_STEPS.filter((step) => step.target).map((step) => (
            <Group key={step.id} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={8} radius="xl" mt={7} aria-hidden />
              <Text size="sm">
                <Text span fw={600}>
                  {step.title}：
                </Text>
                {step.body}
              </Text>
            </Group>
          ))}
        </Stack>
        <Stack gap="xs">
          <Button component="a" href={`#/login?redirect=${encodeURIComponent('/new-guidance')}`} fullWidth>
            登录后开始引导
          </Button>
          <Text size="sm" ta="center">
            还没有账号？
            <Anchor component={Link} to="/register" size="sm">
              注册账号
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
