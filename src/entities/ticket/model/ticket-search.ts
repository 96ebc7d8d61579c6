import * as z from 'zod/mini';
import { csvParam, dayRange } from '@/shared/lib';
import { isMarkerCode } from '../lib/marker-codes';
import { isTicketColumn } from './ticket-columns';
import { isTicketStatus, type PanelCountKey, ticketStageSchema } from './ticket.schema';

/**
 * The my-tickets filters as URL search params (`/order-management/index?status=0,5&page=2…`).
 * Every field is optional and forgiving: a hand-edited or outdated URL drops what it cannot read
 * instead of failing the page. Lists (status, markers) are kept comma-joined, as the server takes
 * them. The router may hand a value back as a number or boolean (it JSON-parses search values),
 * so text fields accept those too.
 */

export const SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const LIST_SCOPES = ['team', 'pool'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const KEYWORD_MAX = 64;
export const DESIGNER_CODE = /^D\d{6,}$/;

const scalar = z.union([z.string(), z.number(), z.boolean()]);

const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v);

const positiveInt = (max = Number.MAX_SAFE_INTEGER) =>
  z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(max))), undefined);

const text = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v).trim().slice(0, max) || undefined),
      ),
    ),
    undefined,
  );

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

const flag = z.catch(
  z.optional(z.pipe(scalar, z.transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? true : undefined)))),
  undefined,
);

/** Validates `/order-management/index` search params (the route's `validateSearch`). */
export const ticketSearchSchema = z.object({
  page: positiveInt(),
  pageSize: positiveInt(100),
  status: csvParam(isTicketStatus),
  markers: csvParam(isMarkerCode),
  /** One or more shops / products, comma-joined ids. */
  shop_id: csvParam(isId),
  product_id: csvParam(isId),
  keyword: text(KEYWORD_MAX),
  created_from: day,
  created_to: day,
  stage: z.catch(z.optional(ticketStageSchema), undefined),
  overdue: flag,
  sort_by: z.catch(z.optional(z.enum(SORT_FIELDS)), undefined),
  sort_order: z.catch(z.optional(z.enum(SORT_ORDERS)), undefined),
  /** Team leads: these designers' tickets (comma-joined codes). */
  designer_id: csvParam((c) => DESIGNER_CODE.test(c)),
  /** Team leads: the team's tickets (default) or the unassigned pool. */
  scope: z.catch(z.optional(z.enum(LIST_SCOPES)), undefined),
  /** The columns shown (comma-joined field names); none: the table's own. */
  cols: csvParam(isTicketColumn),
  /** The ticket whose detail drawer is open. */
  ticket: positiveInt(),
  /** Designers: 'mine' when the drawer of their own plan (我的计划) is open. */
  plan: z.catch(z.optional(z.literal('mine')), undefined),
});
export type TicketSearch = z.output<typeof ticketSearchSchema>;

/** Validates `/order-hall/index` search params. */
export const hallSearchSchema = z.object({ page: positiveInt(), pageSize: positiveInt(100) });
export type HallSearch = z.output<typeof hallSearchSchema>;

/** Everything but paging, sorting and the open drawer. */
export const FILTER_KEYS = [
  'status',
  'markers',
  'shop_id',
  'product_id',
  'keyword',
  'created_from',
  'created_to',
  'stage',
  'overdue',
  'designer_id',
  'scope',
] as const satisfies readonly (keyof TicketSearch)[];
export type TicketFilterPatch = Partial<Pick<TicketSearch, (typeof FILTER_KEYS)[number]>>;

/** The query of GET /api/tickets (what the list query is keyed by). */
export interface TicketListParams {
  page: number;
  pageSize: number;
  status?: string;
  markers?: string;
  shop_id?: string;
  product_id?: string;
  keyword?: string;
  created_from?: string;
  created_to?: string;
  stage?: string;
  overdue?: '1';
  sort_by: SortField;
  sort_order: SortOrder;
  designer_id?: string;
  scope?: ListScope;
}

export function parseTicketSearch(raw: unknown): TicketSearch {
  const parsed = ticketSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The search with the designer's own plan drawer open or closed. */
export function withMyPlan(search: TicketSearch, open: boolean): TicketSearch {
  return compactSearch({ ...search, plan: open ? ('mine' as const) : undefined });
}

/** Drops unset and empty values, so the URL holds only what is chosen. */
export function compactSearch<T extends Record<string, unknown>>(search: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(search) as [keyof T, T[keyof T]][]) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    out[k] = v;
  }
  return out;
}

/** The list query for a search: defaults filled in, the drawer left out, the date range put in order. */
export function listParamsOf(search: TicketSearch): TicketListParams {
  // Picked days are Shanghai days; the server takes them as whole days, inclusive.
  const { from, to } = dayRange(search.created_from, search.created_to);
  return {
    ...compactSearch({
      status: search.status,
      markers: search.markers,
      shop_id: search.shop_id,
      product_id: search.product_id,
      keyword: search.keyword,
      created_from: from,
      created_to: to,
      stage: search.stage,
      designer_id: search.designer_id,
      scope: search.scope,
    }),
    ...(search.overdue ? { overdue: '1' as const } : {}),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    sort_by: search.sort_by ?? 'created_at',
    sort_order: search.sort_order ?? 'desc',
  };
}

/** The search after changing filters: back to page 1, unset values removed. */
export function withFilters(search: TicketSearch, patch: TicketFilterPatch): TicketSearch {
  const { page: _page, ...rest } = search;
  return compactSearch({ ...rest, ...patch });
}

/** The search with every filter cleared (page size, sorting, columns and the open drawer stay). */
export function clearFilters(search: TicketSearch): TicketSearch {
  return compactSearch({ pageSize: search.pageSize, sort_by: search.sort_by, sort_order: search.sort_order, cols: search.cols, ticket: search.ticket });
}

/** How many filters are set. */
export function activeFilterCount(search: TicketSearch): number {
  return FILTER_KEYS.filter((k) => search[k] !== undefined).length;
}

export function withPage(search: TicketSearch, page: number, pageSize?: number): TicketSearch {
  const size = pageSize ?? search.pageSize;
  return compactSearch({ ...search, page: page > 1 ? page : undefined, pageSize: size === DEFAULT_PAGE_SIZE ? undefined : size });
}

export function withTicket(search: TicketSearch, ticketId: number | undefined): TicketSearch {
  return compactSearch({ ...search, ticket: ticketId });
}

/**
 * The list filter a top-panel count stands for, where the list can express it exactly:
 * waiting = open tickets at stage waiting, overdue = owing a draft past due, rejected = status 5.
 * The others (in progress, due soon, appealing) have no list filter: null.
 */
export function panelCountFilter(key: PanelCountKey): TicketFilterPatch | null {
  switch (key) {
    case 'waiting':
      return { stage: 'waiting', status: '0,5,7' };
    case 'overdue':
      return { overdue: true };
    case 'rejected':
      return { status: '5' };
    default:
      return null;
  }
}

/** The search after clicking a count: only that count's filter (others cleared), page 1. */
export function searchForPanelCount(search: TicketSearch, key: PanelCountKey): TicketSearch | null {
  const filter = panelCountFilter(key);
  if (!filter) return null;
  // A lead's scope and designer stay: the counts are over the same tickets.
  return withFilters(clearFilters(search), { scope: search.scope, designer_id: search.designer_id, ...filter });
}

/** Whether the list shows exactly what a count stands for. */
export function isPanelCountActive(search: TicketSearch, key: PanelCountKey): boolean {
  const filter = panelCountFilter(key);
  if (!filter) return false;
  const set = FILTER_KEYS.filter((k) => k !== 'scope' && k !== 'designer_id' && search[k] !== undefined);
  const wanted = Object.keys(filter) as (keyof TicketFilterPatch)[];
  return set.length === wanted.length && wanted.every((k) => search[k] === filter[k]);
}
