import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageQueries, SCOPE_OPTIONS } from '@/entities/message';
import { HasRole } from '@/entities/user';
import { uploadFile } from '@/features/upload-file';
import { PublishAnnouncementModal } from '@/features/publish-announcement';
import { formatTime } from '@/shared/lib';

const PAGE_SIZE = 10;
const scopeLabel = (scope: number) => SCOPE_OPTIONS.find((o) => o.value === String(Math.min(scope, 4)))?.label ?? '全部人员';

/** Announcements that reach me; team leads can publish. */
export function AnnouncementsPanel() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [publishOpen, publishModal] = useDisclosure(false);
  const list = useQuery(messageQueries.announcementList(page, PAGE_SIZE));
  const items = list.data?.items ?? [];

  return (
    <Stack gap="md">
      <HasRole value={['role_admin']}>
        <Group justify="flex-end">
          <Button onClick={publishModal.open}>发布公告</Button>
        </Group>
        <PublishAnnouncementModal opened={publishOpen} onClose={publishModal.close} uploadImage={(file) => uploadFile(file, 'announcement')} />
      </HasRole>
      {list.isPending ? (
        <Center h={200}>
          <Loader role="status" aria-label="加载中" />
        </Center>
      ) : items.length === 0 ? (
        <Center h={200}>
          <Text c="dimmed">暂无公告</Text>
        </Center>
      ) : (
        <Stack gap="sm" role="list" aria-label="公告列表">
          {items.map((a) => (
            // The list item holds the button: a button given role="listitem" is no longer a button to assistive technology.
            <div key={a.announcement_id} role="listitem">
              <UnstyledButton
                w="100%"
                onClick={() => void navigate({ to: '/message-center/announcement', search: { id: a.announcement_id } })}
              >
                <Card withBorder padding="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      {a.is_read ? null : <Badge size="xs" color="red" variant="filled" aria-label="未读" circle> </Badge>}
                      <Text fw={a.is_read ? 400 : 700}>{a.title}</Text>
                    </Group>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="light">{scopeLabel(a.scope)}</Badge>
                      <Text size="sm" c="dimmed">
                        {formatTime(a.published_at)}
                      </Text>
                    </Group>
                  </Group>
                </Card>
              </UnstyledButton>
            </div>
          ))}
        </Stack>
      )}
      {list.data && list.data.total > PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(list.data.total / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
