import { useLocation, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';

/**
 * The search params of a kept-alive page. While another route is on screen the page stays
 * mounted (hidden) and the router's search belongs to that route, so the page keeps the last
 * search it had while it was shown. `active`: the page is the one on screen.
 */
export function useKeptSearch<T>(path: string, parse: (raw: unknown) => T): { search: T; active: boolean } {
  const raw = useSearch({ strict: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = pathname === path;
  const current = useMemo(() => (active ? parse(raw) : undefined), [active, raw, parse]);
  const [kept, setKept] = useState<{ key: string; value: T }>(() => {
    const value = current ?? parse({});
    return { key: JSON.stringify(value), value };
  });
  if (current !== undefined) {
    const key = JSON.stringify(current);
    // Adjusted during render: the kept search follows the shown one.
    if (key !== kept.key) setKept({ key, value: current });
    return { search: key === kept.key ? kept.value : current, active };
  }
  return { search: kept.value, active };
}

/** A search schema's parser that falls back to no params when the URL's do not parse. */
export function lenientParser<T extends object>(schema: { safeParse: (raw: unknown) => { success: true; data: T } | { success: false } }): (raw: unknown) => Partial<T> {
  return (raw) => {
    const parsed = schema.safeParse(raw ?? {});
    return parsed.success ? parsed.data : {};
  };
}

/** The kept search of a paged list page, with its page (default 1) and page size (default `pageSize`). */
export function useKeptPagedSearch<T extends { page?: number; pageSize?: number }>(
  path: string,
  parse: (raw: unknown) => T,
  pageSize: number,
): { search: T; page: number; pageSize: number; active: boolean } {
  const { search, active } = useKeptSearch(path, parse);
  return { search, page: search.page ?? 1, pageSize: search.pageSize ?? pageSize, active };
}

/**
 * The page and page size a pager change puts in the URL: defaults left out (page 1, `defaultSize`),
 * `size` absent when only the page changed.
 */
export function pageParams(page: number, size: number | undefined, currentSize: number, defaultSize: number): { page?: number; pageSize?: number } {
  const nextSize = size ?? currentSize;
  return { page: page > 1 ? page : undefined, pageSize: nextSize === defaultSize ? undefined : nextSize };
}
