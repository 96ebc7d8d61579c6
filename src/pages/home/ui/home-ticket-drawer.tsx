import { TicketDetailDrawer, useTicketViewer } from '@/widgets/ticket-browser';

/** My tickets' detail drawer over the home (its own chunk: loaded when a work row is opened). */
export function HomeTicketDrawer({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const viewer = useTicketViewer();
  return <TicketDetailDrawer ticketId={ticketId} viewer={viewer} onClose={onClose} />;
}
