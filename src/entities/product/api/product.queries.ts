import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { AVAILABLE_PRODUCTS_PAGE_SIZE } from '@/shared/config/constants';
import { availableProductPageSchema } from '../model/product.schema';

export const productQueries = {
  all: () => ['product'] as const,
  /** The designer's available products, one page of 99 (spec §9), for the announcement rule. */
  available: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'available'] as const,
      queryFn: ({ signal }) =>
        http.get('designer-product/available-products', availableProductPageSchema, {
          searchParams: { page: 1, pageSize: AVAILABLE_PRODUCTS_PAGE_SIZE },
          signal,
        }),
      staleTime: 10 * 60_000,
    }),
};
