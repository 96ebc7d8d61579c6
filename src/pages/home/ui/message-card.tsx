import { ActionIcon, Badge, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import type { HomeSummary } from '@/entities/workbench';
import { useMarkMessagesRead } from '@/features/mark-read';
import { useOpenMessage } from '@/features/realtime-sync';
import { formatTime } from '@/shared/lib';
import { AnchorLink } from '@/shared/ui/router-links';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  message: HomeSummary['message'] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** message: the five latest unread messages and announcements, each marked read in place. */
function MessageCardView({ message, loading, error, onRetry }: Props) {
  const markRead = useMarkMessagesRead();
  const open = useOpenMessage();
  return (
    <HomeCard
      title="未读消息"
      testId="home-message"
      height={HOME_CARD_HEIGHT}
      loading={loading}
      error={error}
      onRetry={onRetry}
      extra={
        <Group gap="xs">
          <Badge variant="light" color={message?.unread ? 'red' : 'gray'}>
            {message?.unread ?? 0}条未读
          </Badge>
          <AnchorLink size="sm" to="/message-center/index">
            消息中心
          </AnchorLink>
        </Group>
      }
    >
      {message && message.items.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          没有未读消息
        </Text>
      ) : (
        <Stack gap={2} role="list" aria-label="最新未读消息">
          {message?.items.map((m) => (
            <Group key={m.message_id} role="listitem" wrap="nowrap" gap={4}>
              <NavLink
                component="button"
                type="button"
                style={{ flex: 1, minWidth: 0 }}
                label={m.ext_json.title}
                description={`${m.type_name} · ${formatTime(m.created_time, 'monthDayTime')}`}
                onClick={() => {
                  markRead.mutate({ message_ids: [m.message_id] });
                  open(m.message_type, m.ext_json.info);
                }}
              />
              <Tooltip label="标为已读">
                <ActionIcon
                  variant="subtle"
                  aria-label={`标为已读：${m.ext_json.title}`}
                  loading={markRead.isPending && markRead.variables?.message_ids?.includes(m.message_id)}
                  onClick={() => markRead.mutate({ message_ids: [m.message_id] })}
                >
                  ✓
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const MessageCard = memo(MessageCardView);
