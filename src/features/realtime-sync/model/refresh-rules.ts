import type { QueryKey } from '@tanstack/react-query';
import { appealKeys } from '@/entities/appeal';
import { commentKeys } from '@/entities/comment';
import { deductionKeys } from '@/entities/deduction';
import { messageQueries } from '@/entities/message';
import { orderPlanQueries } from '@/entities/order-plan';
import { savedViewKeys, type SavedViewList } from '@/entities/saved-view';
import { settlementKeys } from '@/entities/settlement';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { ticketKeys } from '@/entities/ticket';
import { workbenchQueries } from '@/entities/workbench';
import { MESSAGE_TYPE_CODES, messageTypeOf, type RefreshArea } from '@/shared/contract';

/**
 * Spec §4 refresh rules. The contract's table (`MESSAGE_TYPES` in `@/shared/contract`) is the only
 * place that decides what a message refreshes, by area; this maps each area to the entity query
 * keys it invalidates. A message refreshes screens solely through these keys: no page watches other
 * data (e.g. the panel counts) to refresh its own list.
 */
export const AREA_KEYS: Readonly<Record<RefreshArea, readonly QueryKey[]>> = {
  // Issue #5: appeals, deductions and settlements are ticket data.
  tickets: [
    ticketKeys.lists(),
    ticketKeys.details(),
    appealKeys.lists(),
    appealKeys.details(),
    deductionKeys.lists(),
    settlementKeys.lists(),
    settlementKeys.details(),
  ],
  // The lead's review queue is what the panel's appealing count counts.
  'panel-counts': [ticketKeys.panelCounts(), appealKeys.review()],
  'appeal-review': [appealKeys.review()],
  // Issue #7: the lead's team board, daily detail and the members' load.
  'team-board': [teamBoardQueries.all(), teamDesignerQueries.all()],
  'team-plans': [orderPlanQueries.lists(), orderPlanQueries.details()],
  'my-plan': [orderPlanQueries.mineAll()],
  // The member list, and the plans that show the team's members.
  'team-members': [teamDesignerQueries.all(), orderPlanQueries.details()],
  announcements: [messageQueries.announcements()],
  // Issue #24: the open threads, the ticket rows whose unread comment badge the comment changes, and
  // the ticket details whose timeline records it.
  comments: [commentKeys.all(), ticketKeys.lists(), ticketKeys.details()],
  // Issue #16: the courses and exams pages (their query keys start with 'study'; the pages come
  // with the SPA side of the issue).
  study: [['study']],
};

/**
 * The rows each list of saved views counts (issue #18): a view's live count is that list's total,
 * so whatever refreshes the list's rows refreshes its views too.
 */
export const VIEW_LIST_ROWS: Readonly<Record<SavedViewList, QueryKey>> = {
  'my-tickets': ticketKeys.lists(),
  'team-orders': ticketKeys.lists(),
  appeals: appealKeys.lists(),
  deductions: deductionKeys.lists(),
  'review-queue': appealKeys.review(),
};

/** Whether invalidating `a` refreshes queries under `b` or the other way round (one is a prefix of the other). */
function overlaps(a: QueryKey, b: QueryKey): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
}

/** The saved views whose counts change when these keys' rows do. */
export function viewKeysFor(keys: readonly QueryKey[]): QueryKey[] {
  return (Object.keys(VIEW_LIST_ROWS) as SavedViewList[]).filter((list) => keys.some((k) => overlaps(k, VIEW_LIST_ROWS[list]))).map((list) => savedViewKeys.list(list));
}

/**
 * Every message refreshes the message list and the unread count, and the home (issue #18: its
 * message card shows the latest unread; its work, project, product and advert cards follow the
 * `tickets`, `panel-counts`, `team-*`, `study` and `announcements` areas, which every other message
 * type names), then what its type's areas say (none for an unknown type).
 */
export function keysToInvalidate(messageType: number): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  add(messageQueries.lists());
  add(messageQueries.unread().queryKey);
  add(workbenchQueries.homeKey());
  for (const area of messageTypeOf(messageType)?.refreshes ?? []) for (const key of AREA_KEYS[area]) add(key);
  for (const key of viewKeysFor([...keys.values()])) add(key);
  return [...keys.values()];
}

/**
 * What a (re)subscribed tab refreshes: everything some message would have refreshed, since the
 * messages sent while it was not subscribed never arrive (a clean MQTT session keeps none).
 */
export function catchUpKeys(): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const t of MESSAGE_TYPE_CODES) for (const key of keysToInvalidate(t)) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}
