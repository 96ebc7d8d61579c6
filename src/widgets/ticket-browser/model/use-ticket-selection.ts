import { useState } from 'react';
import type { TicketItem } from '@/entities/ticket';

/** Tickets chosen on a list (checkboxes, or x on the keyboard cursor's row), kept across pages. */
export function useTicketSelection(items: readonly TicketItem[] | undefined) {
  const [chosen, setChosen] = useState<ReadonlyMap<number, TicketItem>>(new Map());
  const toggle = (ticket: TicketItem) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(ticket.ticket_id)) next.delete(ticket.ticket_id);
      else next.set(ticket.ticket_id, ticket);
      return next;
    });
  /** The table's checkboxes: the ids chosen on this page. */
  const onPageChange = (ids: Set<number>) =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const t of items ?? []) {
        if (ids.has(t.ticket_id)) next.set(t.ticket_id, t);
        else next.delete(t.ticket_id);
      }
      return next;
    });
  return {
    chosen,
    toggle,
    clear: () => setChosen(new Map()),
    table: { selected: new Set(chosen.keys()), onChange: onPageChange },
  };
}
