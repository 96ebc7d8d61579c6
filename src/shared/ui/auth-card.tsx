import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { shanghaiYearOfMs } from '@/shared/lib';

/** The product name shown above every sign-in style card. */
export const PRODUCT_NAME = '设计师工作台';

interface Props {
  /** The card's heading, e.g. 登录 or 注册账号; rendered as the page's h1. */
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/**
 * Centered card on a soft gradient (a dark one in the dark scheme: app/styles/global.css) for the public account screens (login, register, password
 * reset): product name on top, the form inside a card at most 420 px wide.
 */
export function AuthCard({ title, subtitle, children }: Props) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py={48}
      className="auth-backdrop"
    >
      <Center mih="calc(100dvh - 96px)">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="sm">
            <ThemeIcon size={40} radius="md" variant="gradient" gradient={{ from: 'blue.6', to: 'cyan.5', deg: 135 }} aria-hidden>
              <Text fw={700} fz="lg" c="white" component="span">
                设
              </Text>
            </ThemeIcon>
            <Text fw={700} fz={22} style={{ letterSpacing: 1 }}>
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={24} fw={600}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          <Text ta="center" size="xs" c="dimmed">
            © {shanghaiYearOfMs()} {PRODUCT_NAME}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
