import { Button } from '@mantine/core';
import type { TicketItem } from '@/entities/ticket';
import { useGrabTicket } from '../model/use-grab-ticket';

/** '领取' for one hall ticket, loading while its grab is under way (each row has its own). */
export function GrabTicketButton({ ticket }: { ticket: Pick<TicketItem, 'ticket_id' | 'order_no'> }) {
  const grab = useGrabTicket();
  return (
    <Button
      size="compact-sm"
      loading={grab.isPending}
      disabled={grab.isSuccess}
      aria-label={`领取 ${ticket.order_no}`}
      onClick={(e) => {
        e.stopPropagation();
        grab.mutate(ticket.ticket_id);
      }}
    >
      {grab.isSuccess ? '已领取' : '领取'}
    </Button>
  );
}
