import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '@/shared/api';
import { AVAILABLE_PRODUCTS_PAGE_SIZE } from '@/shared/config/constants';

export const productSchema = z.object({ product_id: z.number(), name: z.string(), category: z.string() });
export type Product = z.infer<typeof productSchema>;

export const productQueries = {
  all: () => ['product'] as const,
  /** The designer's available products, one page of 99 (spec §9), for the announcement rule. */
  available: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'available'] as const,
      queryFn: ({ signal }) =>
        http.get(
          'designer-product/available-products',
          z.object({ items: z.array(productSchema), total: z.number() }),
          { searchParams: { page: 1, pageSize: AVAILABLE_PRODUCTS_PAGE_SIZE }, signal },
        ),
      staleTime: 10 * 60_000,
    }),
};
