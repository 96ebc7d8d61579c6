import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import { FILE_LINKS_REFRESH_MS } from '@/shared/config/constants';
import type { TemplateListParams } from '../model/template-search';
import {
  createdShareSchema,
  favouriteResultSchema,
  sharedTemplateSchema,
  templateDetailSchema,
  templateFacetsSchema,
  templatePageSchema,
  templateShareListSchema,
  templateShareSchema,
  templateUsedSchema,
  type ShareExpiry,
} from '../model/template.schema';

/**
 * Query keys of the template entity, general to specific. Mutations invalidate through these keys.
 * No message refreshes templates (the server sends none for them).
 */
export const templateKeys = {
  all: () => ['template'] as const,
  lists: () => [...templateKeys.all(), 'list'] as const,
  details: () => [...templateKeys.all(), 'detail'] as const,
  facets: () => [...templateKeys.all(), 'facets'] as const,
  shares: () => [...templateKeys.all(), 'shares'] as const,
};

export const templateQueries = {
  ...templateKeys,
  /** One page of the library, filtered; the previous page stays shown while the next loads. */
  list: (params: TemplateListParams) =>
    queryOptions({
      queryKey: [...templateKeys.lists(), params] as const,
      queryFn: ({ signal }) => http.get('templates', templatePageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
      // Thumbnail URLs are signed for 15 minutes: a list on screen renews them before they expire.
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
  /** What the filters offer: categories, products, file types, the most used tags. */
  facets: () =>
    queryOptions({
      queryKey: templateKeys.facets(),
      queryFn: ({ signal }) => http.get('templates/facets', templateFacetsSchema, { signal }),
      staleTime: 5 * 60_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...templateKeys.details(), id] as const,
      queryFn: ({ signal }) => http.get(`templates/${id}`, templateDetailSchema, { signal }),
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
  shares: (id: number) =>
    queryOptions({
      queryKey: [...templateKeys.shares(), id] as const,
      queryFn: ({ signal }) => http.get(`templates/${id}/shares`, templateShareListSchema, { signal }),
    }),
  /** The public share page (no login): 404 unknown link, 410 expired or revoked. */
  shared: (token: string) =>
    queryOptions({
      queryKey: [...templateKeys.all(), 'shared', token] as const,
      queryFn: ({ signal }) => http.get(`template-share/${encodeURIComponent(token)}`, sharedTemplateSchema, { signal }),
      retry: false,
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
};

/** A template's content as the upload and edit calls take it. */
export interface TemplateInput {
  title: string;
  category: string;
  description: string;
  tags: string[];
  product_ids: number[];
  previews: { key: string; name?: string }[];
  sources: { key: string; name?: string }[];
}

/** A lead's curation: any of these. */
export interface CurationInput {
  status?: 'private' | 'published';
  featured?: boolean;
  category?: string;
  product_ids?: number[];
}

/** Calls that change templates; features wrap them in mutations. */
export const templateApi = {
  create: (body: TemplateInput) => http.post('templates', templateDetailSchema, { json: body }),
  edit: (id: number, body: TemplateInput) => http.put(`templates/${id}`, templateDetailSchema, { json: body }),
  remove: (id: number) => http.post(`templates/${id}/delete`, noDataSchema),
  curate: (id: number, body: CurationInput) => http.post(`templates/${id}/curation`, templateDetailSchema, { json: body }),
  setFavourite: (id: number, on: boolean) =>
    http.post(on ? `templates/${id}/favourite` : `templates/${id}/unfavourite`, favouriteResultSchema),
  use: (id: number, ticketId: number) => http.post(`templates/${id}/use`, templateUsedSchema, { json: { ticket_id: ticketId } }),
  createShare: (id: number, body: { expires_in: ShareExpiry; allow_download: boolean }) =>
    http.post(`templates/${id}/shares`, createdShareSchema, { json: body }),
  revokeShare: (shareId: number) => http.post(`template-shares/${shareId}/revoke`, templateShareSchema),
};
