import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';

const TEXT = {
  403: { title: '403', line: '抱歉，你没有权限访问此页面' },
  404: { title: '404', line: '抱歉，你访问的页面不存在' },
  500: { title: '500', line: '抱歉，服务器出错了，请稍后再试' },
} as const;

/** The 403 / 404 / 500 pages; `onRetry` adds a retry button (route error boundaries). */
export function ErrorPage({ status, detail, onRetry }: { status: 403 | 404 | 500; detail?: string; onRetry?: () => void }) {
  const navigate = useNavigate();
  const t = TEXT[status];
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={1} fz={72} c="dimmed">
          {t.title}
        </Title>
        <Text size="lg">{t.line}</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Group mt="md">
          {onRetry ? (
            <Button variant="default" onClick={onRetry}>
              重试
            </Button>
          ) : null}
          <Button onClick={() => void navigate({ to: '/home' })}>返回首页</Button>
        </Group>
      </Stack>
    </Center>
  );
}

export const ForbiddenPage = () => <ErrorPage status={403} />;
export const NotFoundPage = () => <ErrorPage status={404} />;
export const ServerErrorPage = () => <ErrorPage status={500} />;
