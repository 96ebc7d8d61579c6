import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DRAFT_KIND_TEXT, draftSyncText, fileNameOf, ticketQueries } from '@/entities/ticket';
import { ApiError } from '@/shared/api';
import { AppealFiles } from './appeal-files';
import { formatTime } from '@/shared/lib';

const SYNC_COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'red', 3: 'orange' };

/** The drafts of the appealed ticket (newest first) with their automatic check result: what a draft or QC appeal is about. */
export function AppealDrafts({ ticketId }: { ticketId: number }) {
  const ticket = useQuery({ ...ticketQueries.detail(ticketId), retry: false });
  if (ticket.isPending) return <Skeleton h={60} aria-label="稿件加载中" />;
  if (ticket.isError)
    return (
      <Text size="sm" c="dimmed">
        {ticket.error instanceof ApiError && ticket.error.status === 404 ? '该工单已不在你的名下，无法查看稿件' : ticket.error.message}
      </Text>
    );
  const drafts = [...ticket.data.drafts].reverse();
  if (!drafts.length)
    return (
      <Text size="sm" c="dimmed">
        尚未提交稿件
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="工单稿件">
      {drafts.map((d) => (
        <Card key={d.draft_id} withBorder padding="sm" radius="sm" component="li">
          <Group justify="space-between" mb={6}>
            <Group gap="xs">
              <Badge variant="outline" color="gray">
                {DRAFT_KIND_TEXT[d.kind]}
              </Badge>
              <Text size="xs" c="dimmed">
                提交于 {formatTime(d.created_at)}
              </Text>
            </Group>
            <Badge color={SYNC_COLOR[d.sync_status] ?? 'gray'} variant="dot">
              {draftSyncText(d.sync_status)}
            </Badge>
          </Group>
          {d.audit_result ? (
            <Text size="sm" mb={4}>
              审核结果：{d.audit_result}
            </Text>
          ) : null}
          <AppealFiles attachments={d.files.map((k, i) => ({ name: fileNameOf(k), url: k, read_url: d.read_urls[i] ?? '' }))} />
        </Card>
      ))}
    </Stack>
  );
}
