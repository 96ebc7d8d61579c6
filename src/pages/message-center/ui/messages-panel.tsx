import { Anchor, Badge, Button, Center, Checkbox, Group, Loader, Pagination, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Message, messageQueries } from '@/entities/message';
import { useMarkMessagesRead } from '@/features/mark-read';
import { useOpenMessage } from '@/features/realtime-sync';
import { formatTime } from '@/shared/lib';

const PAGE_SIZE = 20;

/**
 * My messages: unread/all and type filters, mark one, the selected or all as read. A row opens what
 * the message is about (its ticket's drawer, the appeal, the plan, the announcement), as its
 * notification does, and marks it read.
 */
export function MessagesPanel() {
  const [readFilter, setReadFilter] = useState<'unread' | 'all'>('unread');
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const filters = {
    page,
    pageSize: PAGE_SIZE,
    ...(readFilter === 'unread' ? { is_read: 0 as const } : {}),
    ...(type ? { message_type: Number(type) } : {}),
  };
  const list = useQuery(messageQueries.list(filters));
  const types = useQuery(messageQueries.types());
  const unread = useQuery(messageQueries.unread());
  const markRead = useMarkMessagesRead();
  const openMessage = useOpenMessage();
  const open = (m: Message) => {
    if (m.is_read === 0) markRead.mutate({ message_ids: [m.message_id] });
    openMessage(m.message_type, m.ext_json.info);
  };
  const items = list.data?.items ?? [];
  const unreadOnPage = items.filter((m) => m.is_read === 0).map((m) => m.message_id);
  const allSelected = unreadOnPage.length > 0 && unreadOnPage.every((id) => selected.includes(id));

  const resetPage = () => {
    setPage(1);
    setSelected([]);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SegmentedControl
            value={readFilter}
            onChange={(v) => {
              setReadFilter(v as 'unread' | 'all');
              resetPage();
            }}
            data={[
              { label: `未读${unread.data ? `（${unread.data.total}）` : ''}`, value: 'unread' },
              { label: '全部', value: 'all' },
            ]}
            aria-label="已读状态"
          />
          <Select
            aria-label="消息类型"
            placeholder="全部类型"
            clearable
            searchable
            w={200}
            data={(types.data ?? []).map((t) => ({ value: String(t.message_type), label: t.name }))}
            value={type}
            onChange={(v) => {
              setType(v);
              resetPage();
            }}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            disabled={selected.length === 0}
            loading={markRead.isPending && !markRead.variables?.all}
            onClick={() => markRead.mutate({ message_ids: selected }, { onSuccess: () => setSelected([]) })}
          >
            标记选中为已读{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button
            variant="default"
            disabled={!unread.data?.total}
            loading={markRead.isPending && markRead.variables?.all === true}
            onClick={() => markRead.mutate({ all: true }, { onSuccess: () => setSelected([]) })}
          >
            全部标为已读
          </Button>
        </Group>
      </Group>

      {list.isPending ? (
        <Center h={200}>
          <Loader role="status" aria-label="加载中" />
        </Center>
      ) : list.isError ? (
        <Center h={200}>
          <Stack align="center" gap="xs">
            <Text c="red">{list.error.message}</Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              重试
            </Button>
          </Stack>
        </Center>
      ) : items.length === 0 ? (
        <Center h={200}>
          <Text c="dimmed">{readFilter === 'unread' ? '没有未读消息' : '暂无消息'}</Text>
        </Center>
      ) : (
        <Table highlightOnHover verticalSpacing="sm" aria-label="消息列表">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="选择本页未读消息"
                  checked={allSelected}
                  indeterminate={!allSelected && selected.length > 0}
                  disabled={unreadOnPage.length === 0}
                  onChange={() => setSelected(allSelected ? [] : unreadOnPage)}
                />
              </Table.Th>
              {/* On a phone the type and the time go under the content (the table fits 390 px). */}
              <Table.Th w={150} visibleFrom="sm">
                类型
              </Table.Th>
              <Table.Th>内容</Table.Th>
              <Table.Th w={170} visibleFrom="sm">
                时间
              </Table.Th>
              <Table.Th w={110}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((m) => (
              <Table.Tr key={m.message_id} data-message-id={m.message_id} fw={m.is_read ? undefined : 600} style={{ cursor: 'pointer' }} onClick={() => open(m)}>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    aria-label={`选择消息 ${m.ext_json.title}`}
                    disabled={m.is_read === 1}
                    checked={selected.includes(m.message_id)}
                    onChange={(e) =>
                      setSelected((s) => (e.currentTarget.checked ? [...s, m.message_id] : s.filter((id) => id !== m.message_id)))
                    }
                  />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant={m.is_read ? 'outline' : 'filled'} color={m.is_read ? 'gray' : 'blue'}>
                    {m.type_name}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    c="inherit"
                    fw="inherit"
                    ta="left"
                    // Order numbers are long unbroken runs: they wrap rather than widen the table past a phone's screen.
                    style={{ overflowWrap: 'anywhere' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      open(m);
                    }}
                  >
                    {m.ext_json.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" fw={400} hiddenFrom="sm">
                    {m.type_name} · {formatTime(m.created_time)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="dimmed">
                    {formatTime(m.created_time)}
                  </Text>
                </Table.Td>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  {m.is_read ? (
                    <Text size="sm" c="dimmed">
                      已读
                    </Text>
                  ) : (
                    <Button size="compact-sm" variant="subtle" onClick={() => markRead.mutate({ message_ids: [m.message_id] })}>
                      标为已读
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && list.data.total > PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(list.data.total / PAGE_SIZE)}
            value={page}
            onChange={(p) => {
              setPage(p);
              setSelected([]);
            }}
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control })}
            getItemProps={(p) => ({ 'aria-label': `第 ${p} 页` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
