import { availableTicketActions, type DraftKind, type TicketItem } from '@/entities/ticket';

/** Statuses a designer still works on: the list's filter for tickets that may take a draft. */
export const DRAFT_OPEN_STATUSES = '0,5,7';

/** The draft a ticket takes now from `designerId` (first while no final is due, else final), or null when it takes none. */
export function draftKindFor(ticket: TicketItem, designerId: string | undefined): DraftKind | null {
  const actions = availableTicketActions(ticket, { designerId, isLead: false });
  if (actions.includes('submitFirst')) return 'first';
  if (actions.includes('submitFinal')) return 'final';
  return null;
}
