import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DRAFT_KIND_TEXT, type DraftKind, KEYWORD_MAX, ticketQueries, type TicketItem } from '@/entities/ticket';
import type { TemplateUsed } from '@/entities/template';
import { userQueries } from '@/entities/user';
import { draftKindFor, DRAFT_OPEN_STATUSES } from '../model/draft-target';
import { useUseTemplate } from '../model/use-use-template';

export interface UsedForTicket {
  used: TemplateUsed;
  ticket: TicketItem;
  kind: DraftKind;
}

interface Props {
  template: { template_id: number; title: string };
  onClose: () => void;
  /** The files are copied: the caller opens the ticket's draft dialog with them. */
  onUsed: (result: UsedForTicket) => void;
}

/**
 * 「用于工单」: pick one of my tickets that takes a draft now; the template's source files are copied
 * into its draft (on the server) and handed on to the draft dialog.
 */
export function PickTicketModal({ template, onClose, onUsed }: Props) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const me = useQuery(userQueries.profile());
  const tickets = useQuery(ticketQueries.list({ page: 1, pageSize: 50, status: DRAFT_OPEN_STATUSES, keyword: debounced || undefined, sort_by: 'created_at', sort_order: 'desc' }));
  const use = useUseTemplate();
  const [chosen, setChosen] = useState<string | null>(null);
  const designerId = me.data?.designer_id;
  const candidates = (tickets.data?.items ?? []).flatMap((t) => {
    const kind = draftKindFor(t, designerId);
    return kind ? [{ ticket: t, kind }] : [];
  });
  const picked = candidates.find((c) => String(c.ticket.ticket_id) === chosen);

  return (
    <Modal opened onClose={use.isPending ? () => {} : onClose} title={`用于工单：${template.title}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">选择一张需要提交稿件的工单，模板的源文件会复制到该工单的稿件中，确认后再提交。</Text>
        <TextInput label="搜索工单" placeholder="订单号或标题" maxLength={KEYWORD_MAX} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
        {tickets.isPending ? (
          <Group justify="center" py="md">
            <Loader role="status" size="sm" aria-label="加载中" />
          </Group>
        ) : tickets.isError ? (
          <Group gap="xs" role="alert">
            <Text c="red" size="sm">
              {tickets.error.message || '加载失败'}
            </Text>
            <Button size="compact-xs" variant="light" onClick={() => void tickets.refetch()}>
              重试
            </Button>
          </Group>
        ) : candidates.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center">
            没有可以提交稿件的工单
          </Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} label="我的工单" aria-label="可提交稿件的工单">
            <ScrollArea.Autosize mah={320} mt={6}>
              <Stack gap={6}>
                {candidates.map(({ ticket, kind }) => (
                  <Radio
                    key={ticket.ticket_id}
                    value={String(ticket.ticket_id)}
                    label={`${ticket.order_no} · ${ticket.title}`}
                    description={`待提交${DRAFT_KIND_TEXT[kind]} · ${ticket.product_name}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={use.isPending}>
            取消
          </Button>
          <Button
            disabled={!picked}
            loading={use.isPending}
            onClick={() =>
              picked &&
              use.mutate(
                { templateId: template.template_id, ticketId: picked.ticket.ticket_id },
                { onSuccess: (used) => onUsed({ used, ticket: picked.ticket, kind: picked.kind }) },
              )
            }
          >
            复制到稿件
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
