import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { env } from '@/shared/config/env';
import { type SettlementListParams, settlementDetailSchema, settlementPageSchema, settlementSchema } from '../model/settlement.schema';

/** Query keys of the settlement entity; real-time messages invalidate lists() and details(). */
export const settlementKeys = {
  all: () => ['settlement'] as const,
  lists: () => [...settlementKeys.all(), 'list'] as const,
  details: () => [...settlementKeys.all(), 'detail'] as const,
};

export const settlementQueries = {
  ...settlementKeys,
  /** My settlements, newest period first, one page. */
  list: (params: SettlementListParams) =>
    queryOptions({
      queryKey: [...settlementKeys.lists(), params] as const,
      queryFn: ({ signal }) => http.get('settlements', settlementPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...settlementKeys.details(), id] as const,
      queryFn: ({ signal }) => http.get(`settlements/${id}`, settlementDetailSchema, { signal }),
    }),
};

/** The export URL of one settlement (GET /settlements/:id/export, csv or xlsx). */
export function settlementExportUrl(id: number, format: 'csv' | 'xlsx'): string {
  return `${env.apiBase.replace(/\/+$/, '')}/settlements/${id}/export?format=${format}`;
}

/** A lead's calls on a member's settlement: confirm (open → confirmed, after the period) and pay (confirmed → paid). */
export const settlementApi = {
  confirm: (id: number) => http.post(`settlements/${id}/confirm`, settlementSchema),
  pay: (id: number) => http.post(`settlements/${id}/pay`, settlementSchema),
};
