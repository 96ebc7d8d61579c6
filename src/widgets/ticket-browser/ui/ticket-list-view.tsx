import { useMediaQuery } from '@mantine/hooks';
import { TicketCards, TicketTable, type TicketTableProps } from '@/entities/ticket';

/** Below Mantine's `sm` breakpoint (48em, where the menu becomes a drawer) a list is cards. */
export const NARROW_SCREEN = '(max-width: 47.99em)';

/** Whether the screen is a phone's: the ticket lists show cards and the drawer takes the whole screen. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN, false, { getInitialValueInEffect: false });
}

/**
 * A list of tickets: the table on a wide screen, cards on a phone (the table would scroll sideways
 * at 390 px). Lists with bulk selection stay a table.
 */
export function TicketListView(props: TicketTableProps) {
  const narrow = useNarrowScreen();
  if (narrow && !props.selection) return <TicketCards {...props} />;
  return <TicketTable {...props} />;
}
