import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '@/shared/api';
import { FILE_LINKS_REFRESH_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { type AppealListParams } from '../model/appeal-search';
import { type AppealType, appealDetailSchema, appealPageSchema, appealSchema } from '../model/appeal.schema';

/**
 * Query keys of the appeal entity. `lists()` holds the designer's own lists, `review()` a lead's
 * review queue; real-time messages invalidate them separately (refresh-rules.ts).
 */
export const appealKeys = {
  all: () => ['appeal'] as const,
  lists: () => [...appealKeys.all(), 'list'] as const,
  review: () => [...appealKeys.all(), 'review'] as const,
  details: () => [...appealKeys.all(), 'detail'] as const,
};

export const appealQueries = {
  ...appealKeys,
  /** My appeals (scope mine) or the team's review queue (scope review, leads), one page. */
  list: (params: AppealListParams) =>
    queryOptions({
      queryKey: [...(params.scope === 'review' ? appealKeys.review() : appealKeys.lists()), params] as const,
      queryFn: ({ signal }) => http.get('appeals', appealPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
      // Attachments' read URLs expire: a list on screen renews them before they do.
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...appealKeys.details(), id] as const,
      queryFn: ({ signal }) => http.get(`appeals/${id}`, appealDetailSchema, { signal }),
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
};

export interface FileAppealBody {
  ticket_id: number;
  type: AppealType;
  deduction_id?: number;
  reason: string;
  /** Files uploaded with source 'attachment': `url` is the object key. */
  attachments: { name: string; url: string; size?: number; content_type?: string }[];
  requested_cents?: number;
}

export interface ReviewAppealBody {
  decision: 'approve' | 'reject';
  note: string;
  approved_cents?: number;
}

/** The application decisions answer with the ticket; only its id is relied on here. */
export const appealDecisionResultSchema = z.looseObject({ ticket_id: z.number() });

/** Calls that change appeals; features wrap them in mutations. */
export const appealApi = {
  file: (body: FileAppealBody) => http.post('appeals', appealSchema, { json: body }),
  review: (id: number, body: ReviewAppealBody) => http.post(`appeals/${id}/review`, appealSchema, { json: body }),
  /** A lead decides a designer's final-review application (message 10). */
  reviewFinalReview: (ticketId: number, body: { decision: 'approve' | 'reject'; note: string }) =>
    http.post(`tickets/${ticketId}/final-review/review`, appealDecisionResultSchema, { json: body }),
  /** A lead decides a designer's factory-reject application (message 22). */
  reviewFactoryReject: (ticketId: number, body: { decision: 'approve' | 'reject'; note: string }) =>
    http.post(`tickets/${ticketId}/factory-reject/review`, appealDecisionResultSchema, { json: body }),
};


/** The export URL of the appeal list (GET /appeals/export, format csv or xlsx), with the list's filters. */
export function appealExportUrl(params: Omit<AppealListParams, 'page' | 'pageSize'>, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  return `${env.apiBase.replace(/\/+$/, '')}/appeals/export?${query.toString()}`;
}
