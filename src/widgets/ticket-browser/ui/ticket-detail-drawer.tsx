import { Drawer } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ticketQueries, type TicketViewer } from '@/entities/ticket';
import { DetailStates } from '@/shared/ui';
import { TicketDetailView } from './ticket-detail';
import { useNarrowScreen } from './ticket-list-view';

interface Props {
  /** The ticket shown; undefined: closed. */
  ticketId: number | undefined;
  viewer: TicketViewer;
  onClose: () => void;
}

/** The detail drawer of My tickets (`?ticket=<id>`, so a reload keeps it open). */
export function TicketDetailDrawer({ ticketId, viewer, onClose }: Props) {
  const detail = useQuery({ ...ticketQueries.detail(ticketId ?? 0), enabled: ticketId !== undefined });
  // On a phone the drawer is the whole screen.
  const narrow = useNarrowScreen();
  const title = detail.data?.order_no ? `工单 ${detail.data.order_no}` : '工单详情';
  return (
    <Drawer opened={ticketId !== undefined} onClose={onClose} position="right" size={narrow ? '100%' : 'xl'} title={title} padding={narrow ? 'sm' : 'lg'}>
      <DetailStates query={detail} skeleton={[80, 120, 160]}>
        {(data) => <TicketDetailView ticket={data} viewer={viewer} />}
      </DetailStates>
    </Drawer>
  );
}
