import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { FILE_LINKS_REFRESH_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { type HallSearch, DEFAULT_PAGE_SIZE, type TicketListParams } from '../model/ticket-search';
import {
  type DraftKind,
  draftSchema,
  panelCountsSchema,
  shopListSchema,
  ticketDetailSchema,
  ticketItemSchema,
  ticketPageSchema,
} from '../model/ticket.schema';

/**
 * Query keys of the ticket entity. Real-time messages invalidate tickets and the top panel
 * counts through these keys; every ticket query lives under one of them.
 */
export const ticketKeys = {
  all: () => ['ticket'] as const,
  lists: () => [...ticketKeys.all(), 'list'] as const,
  details: () => [...ticketKeys.all(), 'detail'] as const,
  /** Shops the designer's tickets come from (a lead: the team's), for the shop filter. */
  shops: () =>
    queryOptions({
      queryKey: [...ticketKeys.all(), 'shops'] as const,
      queryFn: ({ signal }) => http.get('user/shops', shopListSchema, { signal }),
      select: (d) => d.items,
      staleTime: 5 * 60_000,
    }),
  panelCounts: () => [...ticketKeys.all(), 'panel-counts'] as const,
};

export interface HallParams {
  page: number;
  pageSize: number;
}

export function hallParamsOf(search: HallSearch): HallParams {
  return { page: search.page ?? 1, pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE };
}

export const ticketQueries = {
  ...ticketKeys,
  /** My tickets (a lead: the team's), filtered, sorted, one page; the previous page stays shown while the next loads. */
  list: (params: TicketListParams) =>
    queryOptions({
      queryKey: [...ticketKeys.lists(), 'mine', params] as const,
      queryFn: ({ signal }) => http.get('tickets', ticketPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  /** The order hall (part-time designers): unassigned tickets they may grab. Under lists() so messages refresh it. */
  hall: (params: HallParams) =>
    queryOptions({
      queryKey: [...ticketKeys.lists(), 'hall', params] as const,
      queryFn: ({ signal }) => http.get('order-hall/tickets', ticketPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
      // Others' grabs send no message: while the hall is on screen it refreshes itself.
      refetchInterval: 30_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...ticketKeys.details(), id] as const,
      queryFn: ({ signal }) => http.get(`tickets/${id}`, ticketDetailSchema, { signal }),
      // Its files' read URLs expire: an open detail renews them before they do.
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
  /** Shops the designer's tickets come from (a lead: the team's), for the shop filter. */
  shops: () =>
    queryOptions({
      queryKey: [...ticketKeys.all(), 'shops'] as const,
      queryFn: ({ signal }) => http.get('user/shops', shopListSchema, { signal }),
      select: (d) => d.items,
      staleTime: 5 * 60_000,
    }),
  panelCounts: () =>
    queryOptions({
      queryKey: ticketKeys.panelCounts(),
      queryFn: ({ signal }) => http.get('tickets/panel-counts', panelCountsSchema, { signal }),
      staleTime: 10_000,
    }),
};

/** Formats of GET /tickets/export. */
export type TicketExportFormat = 'csv' | 'xlsx';

/**
 * The export URL of the ticket list (GET /tickets/export): the list's own query (scope, designer,
 * filters, sort) without paging, and the format; downloaded with the login token by the download feature.
 */
export function ticketExportUrl(params: TicketListParams, format: TicketExportFormat): string {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params)) if (k !== 'page' && k !== 'pageSize' && v !== undefined && v !== '') query.set(k, String(v));
  return `${env.apiBase.replace(/\/+$/, '')}/tickets/export?${query.toString()}`;
}

/** Calls that change a ticket; features wrap them in mutations. */
export const ticketApi = {
  submitDraft: (id: number, body: { kind: DraftKind; files: string[]; note: string }) =>
    http.post(`tickets/${id}/drafts`, draftSchema, { json: body }),
  applyFinalReview: (id: number, note: string) => http.post(`tickets/${id}/final-review`, ticketItemSchema, { json: { note } }),
  applyFactoryReject: (id: number, reason: string) => http.post(`tickets/${id}/factory-reject`, ticketItemSchema, { json: { reason } }),
  /** `confirm`: the risks of the target the lead accepted (safe assignment; 409 otherwise). */
  assign: (id: number, designerId: string, confirm: readonly string[] = []) =>
    http.post(`tickets/${id}/assign`, ticketItemSchema, { json: { designer_id: designerId, confirm } }),
  transfer: (id: number, designerId: string, reason: string, confirm: readonly string[] = []) =>
    http.post(`tickets/${id}/transfer`, ticketItemSchema, { json: { designer_id: designerId, reason, confirm } }),
  urge: (id: number, note: string) => http.post(`tickets/${id}/urge`, ticketItemSchema, { json: { note } }),
  markAbnormal: (id: number, reason: string) => http.post(`tickets/${id}/abnormal`, ticketItemSchema, { json: { reason } }),
  close: (id: number, reason: string) => http.post(`tickets/${id}/close`, ticketItemSchema, { json: { reason } }),
  grab: (id: number) => http.post(`order-hall/tickets/${id}/grab`, ticketItemSchema),
};

/** Server success messages (ticket.routes.ts / hall.routes.ts), shown after each action. */
export const TICKET_ACTION_DONE = {
  submitDraft: '稿件已提交',
  finalReview: '已申请终稿审核',
  factoryReject: '工厂驳回申请已提交',
  assign: '工单已指派',
  transfer: '工单已转派',
  urge: '已催稿',
  abnormal: '已标记异常',
  close: '工单已关闭',
  deduct: '扣款已创建',
  grab: '领取成功',
} as const;
