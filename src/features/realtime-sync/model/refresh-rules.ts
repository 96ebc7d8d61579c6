import type { QueryKey } from '@tanstack/react-query';
import { appealKeys } from '@/entities/appeal';
import { deductionKeys } from '@/entities/deduction';
import { ANNOUNCEMENT_TYPE, messageQueries } from '@/entities/message';
import { orderPlanQueries } from '@/entities/order-plan';
import { settlementKeys } from '@/entities/settlement';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { ticketKeys } from '@/entities/ticket';

/**
 * Spec §4 refresh rules — the only place they live. A message refreshes screens solely by
 * invalidating entity query keys.
 */
export const TICKET_REFRESH_TYPES: ReadonlySet<number> = new Set([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 28, 32]);
export const PANEL_REFRESH_TYPES: ReadonlySet<number> = new Set([2, 3, 8, 9, 10, 11, 14, 15, 16, 21, 22, 25, 27]);

/**
 * Messages about a ticket (types 2–28 but the announcement, and 32): the lead's team board, daily
 * detail and the members' load follow them live (issue #7).
 */
export const TEAM_BOARD_REFRESH_TYPES: ReadonlySet<number> = new Set([
  2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 32,
]);
/**
 * Not a spec §4 rule: an appeal was filed (3 fee, 4 reject, 5 draft, 6 QC, 7 after-sales, 26
 * factory-reject). The leads who receive it see it arrive in their review queue without a reload
 * (spec §4 only has type 3 among the panel refreshes).
 */
export const APPEAL_FILED_TYPES: ReadonlySet<number> = new Set([3, 4, 5, 6, 7, 26]);
/** Plan change requested (30 weekly, 31 real-time): the lead's plans and their requests. */
export const LEAD_PLAN_REFRESH_TYPES: ReadonlySet<number> = new Set([30, 31]);
/** Plan change decided (33 weekly, 34 real-time): the designer's own plan. */
export const MY_PLAN_REFRESH_TYPES: ReadonlySet<number> = new Set([33, 34]);
/** Not in spec §4: a designer joined the team through an invite link (sent to the leads). */
export const TEAM_MEMBER_JOINED_TYPE = 35;

export function keysToInvalidate(messageType: number): QueryKey[] {
  const keys: QueryKey[] = [messageQueries.lists(), messageQueries.unread().queryKey];
  if (messageType === ANNOUNCEMENT_TYPE) keys.push(messageQueries.announcements());
  if (TICKET_REFRESH_TYPES.has(messageType)) keys.push(ticketKeys.lists(), ticketKeys.details());
  if (PANEL_REFRESH_TYPES.has(messageType)) keys.push(ticketKeys.panelCounts());
  // Issue #5: appeals, deductions and settlements are ticket data (ticket-refresh types); the lead's
  // review queue is what the panel's appealing count counts (panel-refresh types, e.g. 3 fee appeal).
  if (TICKET_REFRESH_TYPES.has(messageType)) {
    keys.push(appealKeys.lists(), appealKeys.details(), deductionKeys.lists(), settlementKeys.lists(), settlementKeys.details());
  }
  if (PANEL_REFRESH_TYPES.has(messageType) || APPEAL_FILED_TYPES.has(messageType)) keys.push(appealKeys.review());
  if (TEAM_BOARD_REFRESH_TYPES.has(messageType)) keys.push(teamBoardQueries.all(), teamDesignerQueries.all());
  if (LEAD_PLAN_REFRESH_TYPES.has(messageType)) keys.push(orderPlanQueries.lists(), orderPlanQueries.details());
  if (MY_PLAN_REFRESH_TYPES.has(messageType)) keys.push(orderPlanQueries.mineAll());
  if (messageType === TEAM_MEMBER_JOINED_TYPE) keys.push(teamDesignerQueries.all(), orderPlanQueries.details());
  return keys;
}

/** Every message type the platform sends (spec §4 types 2–34, and 35 member joined). */
const ALL_TYPES = Array.from({ length: 34 }, (_, i) => i + 2);

/**
 * What a (re)subscribed tab refreshes: everything some message would have refreshed, since the
 * messages sent while it was not subscribed never arrive (a clean MQTT session keeps none).
 */
export function catchUpKeys(): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const t of ALL_TYPES) for (const key of keysToInvalidate(t)) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/** Ticket messages open My tickets; announcements open their page (spec §2). */
export const TICKET_NOTIFICATION_PATH = '/order-management/index';
/** Plan change requests open the lead's plan (its detail when the message names it). */
export const ORDER_PLAN_PATH = '/order-plan/index';

export function notificationHref(messageType: number, info: { announcement_id?: number; ticket_id?: number; plan_id?: unknown }): string {
  if (messageType === ANNOUNCEMENT_TYPE && info.announcement_id) {
    return `/message-center/announcement?id=${info.announcement_id}`;
  }
  // Team news (type 35, member joined) is read in the message centre.
  if (messageType === TEAM_MEMBER_JOINED_TYPE) return '/message-center/index';
  if (LEAD_PLAN_REFRESH_TYPES.has(messageType)) {
    return typeof info.plan_id === 'number' && Number.isInteger(info.plan_id) ? `/order-plan/detail/${info.plan_id}` : ORDER_PLAN_PATH;
  }
  // A decided plan change: the designer's plan is on My tickets (我的计划).
  if (MY_PLAN_REFRESH_TYPES.has(messageType)) return TICKET_NOTIFICATION_PATH;
  // My tickets, with the ticket's detail drawer open when the message names one.
  return info.ticket_id ? `${TICKET_NOTIFICATION_PATH}?ticket=${info.ticket_id}` : TICKET_NOTIFICATION_PATH;
}
