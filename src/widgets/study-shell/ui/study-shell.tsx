import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { PRODUCT_NAME } from '@/shared/ui';
import { AnchorLink } from '@/shared/ui/router-links';

/**
 * The frame of the study pages that are also public routes (a course, an exam): they render outside
 * the app's layout, so a visitor without a login can read them. A signed-in reader gets a way back
 * to 学习考试, a visitor a way to log in.
 */
export function StudyShell({ signedIn, loginRedirect, children }: { signedIn: boolean; loginRedirect: string; children: ReactNode }): ReactElement {
  return (
    <Box mih="100dvh" bg="var(--app-color-page)">
      <Box component="header" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Text fw={700}>{PRODUCT_NAME} · 学习考试</Text>
            {signedIn ? (
              <AnchorLink to="/study-exam/index" size="sm">
                返回学习考试
              </AnchorLink>
            ) : (
              <AnchorLink to="/login" search={{ redirect: loginRedirect }} size="sm">
                登录
              </AnchorLink>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="md" component="main">
        {children}
      </Container>
    </Box>
  );
}
