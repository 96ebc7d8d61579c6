import * as z from 'zod/mini';
import { compactParams, enumParam, positiveIntParam, textParam } from '@/shared/lib/search-params';
import { SOURCE_FILE_TYPES, TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, TEMPLATE_STATUSES } from './template.schema';

/**
 * `/template-library/index` search params: filters, search, sort, page and the open detail (`id`).
 * Forgiving: a hand-edited or outdated URL drops what it cannot read instead of failing the page.
 */
export const TEMPLATE_SCOPES = ['mine', 'team', 'favourites'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];
export const TEMPLATE_SCOPE_TEXT: Record<TemplateScope, string> = { mine: '我的', team: '团队', favourites: '我的收藏' };

export const TEMPLATE_SORTS = ['newest', 'most_used'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export const TEMPLATE_SORT_TEXT: Record<TemplateSort, string> = { newest: '最新', most_used: '最常用' };

/** The grid's page size (4 columns × 6 rows on a wide screen). */
export const TEMPLATE_PAGE_SIZE = 24;
/** The list's `tags` filter takes at most 5. */
export const TAG_FILTER_MAX = 5;

/** Tags from the URL: comma-separated, trimmed, kept once, at most 5. */
export function normalizeTags(value: unknown): string | undefined {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' || typeof value === 'number' ? String(value).split(',') : [];
  const out: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim().slice(0, TEMPLATE_LIMITS.tag);
    if (tag && !out.includes(tag) && out.length < TAG_FILTER_MAX) out.push(tag);
  }
  return out.length ? out.join(',') : undefined;
}

export const templateSearchSchema = z.object({
  q: textParam(TEMPLATE_LIMITS.search),
  category: enumParam(TEMPLATE_CATEGORIES),
  product_id: positiveIntParam(),
  tags: z.catch(z.optional(z.pipe(z.unknown(), z.transform(normalizeTags))), undefined),
  file_type: enumParam(SOURCE_FILE_TYPES),
  scope: enumParam(TEMPLATE_SCOPES),
  /** `private`: what awaits a lead's publishing (a designer: their own unpublished ones). */
  status: enumParam(TEMPLATE_STATUSES),
  sort: enumParam(TEMPLATE_SORTS),
  page: positiveIntParam(),
  /** The template whose detail is open. */
  id: positiveIntParam(),
});
export type TemplateSearch = z.output<typeof templateSearchSchema>;

export function parseTemplateSearch(raw: unknown): TemplateSearch {
  const parsed = templateSearchSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** Everything that narrows the list (not the sort, page or open detail). */
export const TEMPLATE_FILTER_KEYS = ['q', 'category', 'product_id', 'tags', 'file_type', 'scope', 'status'] as const satisfies readonly (keyof TemplateSearch)[];
export type TemplateFilterPatch = Partial<Pick<TemplateSearch, (typeof TEMPLATE_FILTER_KEYS)[number] | 'sort'>>;

export function activeTemplateFilterCount(search: TemplateSearch): number {
  return TEMPLATE_FILTER_KEYS.filter((k) => search[k] !== undefined).length;
}

/** A filter change starts again at page 1; the open detail stays. */
export function withTemplateFilters(search: TemplateSearch, patch: TemplateFilterPatch): TemplateSearch {
  return compactParams({ ...search, ...patch, page: undefined }) as TemplateSearch;
}

export function clearTemplateFilters(search: TemplateSearch): TemplateSearch {
  return compactParams({ sort: search.sort, id: search.id }) as TemplateSearch;
}

export function withTemplatePage(search: TemplateSearch, page: number): TemplateSearch {
  return compactParams({ ...search, page: page > 1 ? page : undefined }) as TemplateSearch;
}

export function withTemplateOpen(search: TemplateSearch, id: number | undefined): TemplateSearch {
  return compactParams({ ...search, id }) as TemplateSearch;
}

/** Adds a tag to the filter (at most 5), or takes it away when it is there. */
export function toggleTagFilter(search: TemplateSearch, tag: string): TemplateSearch {
  const tags = search.tags ? search.tags.split(',') : [];
  const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag].slice(0, TAG_FILTER_MAX);
  return withTemplateFilters(search, { tags: next.length ? next.join(',') : undefined });
}

/** The query of GET /templates (what the list query is keyed by). */
export interface TemplateListParams {
  page: number;
  pageSize: number;
  q?: string;
  category?: string;
  product_id?: number;
  tags?: string;
  file_type?: string;
  scope?: string;
  status?: string;
  sort?: string;
}

export function templateListParamsOf(search: TemplateSearch, pageSize = TEMPLATE_PAGE_SIZE): TemplateListParams {
  const { id: _open, page, ...filters } = search;
  return { ...(compactParams(filters) as Omit<TemplateListParams, 'page' | 'pageSize'>), page: page ?? 1, pageSize };
}
