import { Button, Center, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ticketQueries, type TicketViewer } from '@/entities/ticket';
import { TicketDetailView } from './ticket-detail';

interface Props {
  /** The ticket shown; undefined: closed. */
  ticketId: number | undefined;
  viewer: TicketViewer;
  onClose: () => void;
}

/** The detail drawer of My tickets (`?ticket=<id>`, so a reload keeps it open). */
export function TicketDetailDrawer({ ticketId, viewer, onClose }: Props) {
  const detail = useQuery({ ...ticketQueries.detail(ticketId ?? 0), enabled: ticketId !== undefined });
  const title = detail.data?.order_no ? `工单 ${detail.data.order_no}` : '工单详情';
  return (
    <Drawer opened={ticketId !== undefined} onClose={onClose} position="right" size="xl" title={title} padding="lg">
      {detail.isPending ? (
        <Stack gap="sm" aria-label="加载中">
          <Skeleton h={24} w="40%" />
          <Skeleton h={80} />
          <Skeleton h={120} />
          <Skeleton h={160} />
        </Stack>
      ) : detail.isError ? (
        <Center py="xl">
          <Stack align="center" gap="xs" role="alert">
            <Text c="red">{detail.error.message}</Text>
            <Button variant="light" size="xs" onClick={() => void detail.refetch()}>
              重试
            </Button>
          </Stack>
        </Center>
      ) : (
        <TicketDetailView ticket={detail.data} viewer={viewer} />
      )}
    </Drawer>
  );
}
