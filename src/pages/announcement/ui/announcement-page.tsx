import { Badge, Button, Card, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LightMarkupView, messageQueries } from '@/entities/message';
import { useMarkAnnouncementRead } from '@/features/mark-read';
import { ManageAnnouncement } from '@/features/publish-announcement';
import { formatTime } from '@/shared/lib';

/** `/message-center/announcement?id=…`: one announcement; opening it marks it read. */
export function AnnouncementPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { id?: number };
  const id = Number(search.id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...messageQueries.announcement(id), enabled: valid });
  const markRead = useMarkAnnouncementRead();
  const unread = detail.data?.is_read === 0;

  useEffect(() => {
    if (unread) markRead.mutate(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mark once per opened unread announcement
  }, [unread, id]);

  if (!valid) return <Text c="dimmed">公告链接不正确</Text>;
  if (detail.isPending)
    return (
      <Center h={240}>
        <Loader role="status" aria-label="加载中" />
      </Center>
    );
  if (detail.isError)
    return (
      <Center h={240}>
        <Stack align="center" gap="xs">
          <Text c="red">{detail.error.message}</Text>
          <Button variant="light" onClick={() => void navigate({ to: '/message-center/index' })}>
            返回消息中心
          </Button>
        </Stack>
      </Center>
    );
  const a = detail.data;
  return (
    <Card padding="xl" maw={860}>
      <Stack gap="md">
        <Title order={2}>{a.title}</Title>
        <Group gap="xs">
          <Badge variant="light">公告</Badge>
          <Text size="sm" c="dimmed">
            发布于 {formatTime(a.published_at)}
            {a.updated_at ? `，修改于 ${formatTime(a.updated_at)}` : ''}
          </Text>
        </Group>
        {a.image_url ? <Image src={a.image_url} alt={a.title} radius="md" mah={420} fit="contain" /> : null}
        <LightMarkupView body={a.body} />
        <Group>
          <Button variant="default" onClick={() => void navigate({ to: '/message-center/index' })}>
            返回消息中心
          </Button>
          {a.can_manage ? <ManageAnnouncement announcement={a} onWithdrawn={() => void navigate({ to: '/message-center/index' })} /> : null}
        </Group>
      </Stack>
    </Card>
  );
}
