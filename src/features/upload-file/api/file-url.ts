import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '@/shared/api';
import { encodeKey } from '../lib/file-name';
import { fileUrlBaseSchema } from '../model/upload.schema';

/**
 * Where stored files are read: the signature's `url_base` (the bucket's public URL, or this
 * server's embedded store). Asked once per session; a signature has no side effect.
 */
export const fileUrlQueries = {
  base: () =>
    queryOptions({
      queryKey: ['upload', 'url-base'] as const,
      queryFn: ({ signal }) =>
        http.get('/oss/get-signature', fileUrlBaseSchema, { searchParams: { source: 'attachment' }, signal }),
      select: (d) => d.url_base,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

/**
 * The URL of a stored file: an http(s) URL as it is; an object key under `base` (each segment
 * percent-encoded). Undefined while the base is unknown or for anything else.
 */
export function resolveFileUrl(keyOrUrl: string, base: string | undefined): string | undefined {
  const value = keyOrUrl.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (!base || !value || value.includes('..') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  return `${base.replace(/\/+$/, '')}/${encodeKey(value.replace(/^\/+/, ''))}`;
}

/** A resolver of object keys (and URLs) to file URLs; keys resolve once the base is known. */
export function useFileUrl(enabled = true): (keyOrUrl: string) => string | undefined {
  const { data: base } = useQuery({ ...fileUrlQueries.base(), enabled });
  return useCallback((keyOrUrl: string) => resolveFileUrl(keyOrUrl, base), [base]);
}
