import type { QueryKey } from '@tanstack/react-query';
import { ANNOUNCEMENT_TYPE, messageQueries } from '@/entities/message';
import { ticketKeys } from '@/entities/ticket';

/**
 * Spec §4 refresh rules — the only place they live. A message refreshes screens solely by
 * invalidating entity query keys.
 */
export const TICKET_REFRESH_TYPES: ReadonlySet<number> = new Set([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 28, 32]);
export const PANEL_REFRESH_TYPES: ReadonlySet<number> = new Set([2, 3, 8, 9, 10, 11, 14, 15, 16, 21, 22, 25, 27]);

export function keysToInvalidate(messageType: number): QueryKey[] {
  const keys: QueryKey[] = [messageQueries.lists(), messageQueries.unread().queryKey];
  if (messageType === ANNOUNCEMENT_TYPE) keys.push(messageQueries.announcements());
  if (TICKET_REFRESH_TYPES.has(messageType)) keys.push(ticketKeys.lists(), ticketKeys.details());
  if (PANEL_REFRESH_TYPES.has(messageType)) keys.push(ticketKeys.panelCounts());
  return keys;
}

/** Ticket messages open My tickets; announcements open their page (spec §2). */
export const TICKET_NOTIFICATION_PATH = '/order-management/index';
/** Not in spec §4: a designer joined the team through an invite link (sent to the leads). */
export const TEAM_MEMBER_JOINED_TYPE = 35;

export function notificationHref(messageType: number, info: { announcement_id?: number; ticket_id?: number }): string {
  if (messageType === ANNOUNCEMENT_TYPE && info.announcement_id) {
    return `/message-center/announcement?id=${info.announcement_id}`;
  }
  // Team news (type 35, member joined) is read in the message centre.
  if (messageType === TEAM_MEMBER_JOINED_TYPE) return '/message-center/index';
  // My tickets, with the ticket's detail drawer open when the message names one.
  return info.ticket_id ? `${TICKET_NOTIFICATION_PATH}?ticket=${info.ticket_id}` : TICKET_NOTIFICATION_PATH;
}
