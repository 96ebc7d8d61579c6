import { Button, Group, LoadingOverlay, Modal, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TEMPLATE_LIMITS, TemplateCard, templateQueries, type TemplateUsed } from '@/entities/template';
import { useUseTemplate } from '../model/use-use-template';

const PAGE_SIZE = 12;

interface Props {
  ticketId: number;
  onClose: () => void;
  /** The template's source files, copied into this ticket's draft area. */
  onUsed: (used: TemplateUsed) => void;
}

/**
 * 「从模板开始」 in a ticket's draft dialog: search the library (as you type) and pick a template;
 * its source files are copied on the server into the ticket's draft.
 */
export function TemplatePickerModal({ ticketId, onClose, onUsed }: Props) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const list = useQuery(templateQueries.list({ page, pageSize: PAGE_SIZE, q: debounced || undefined }));
  const use = useUseTemplate();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Modal opened onClose={use.isPending ? () => {} : onClose} title="从模板开始" size="xl" centered>
      <Stack gap="sm" pos="relative">
        <LoadingOverlay visible={use.isPending} loaderProps={{ role: 'status', 'aria-label': '正在复制模板文件' }} />
        <TextInput
          label="搜索模板"
          placeholder="标题或标签，如：名片"
          maxLength={TEMPLATE_LIMITS.search}
          value={q}
          data-autofocus
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Text size="xs" c="dimmed">
          选择一个模板，它的源文件会复制到本工单的稿件中。
        </Text>
        {list.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="status" aria-label="加载中">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} h={200} radius="md" />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <Group gap="xs" role="alert">
            <Text c="red" size="sm">
              {list.error.message || '加载失败'}
            </Text>
            <Button size="compact-xs" variant="light" onClick={() => void list.refetch()}>
              重试
            </Button>
          </Group>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            没有找到模板
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" aria-label="模板" role="list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.items.map((t) => (
              <div role="listitem" key={t.template_id}>
                <TemplateCard template={t} actionLabel="使用模板" onOpen={() => use.mutate({ templateId: t.template_id, ticketId }, { onSuccess: onUsed })} />
              </div>
            ))}
          </SimpleGrid>
        )}
        {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="模板分页" /> : null}
      </Stack>
    </Modal>
  );
}
