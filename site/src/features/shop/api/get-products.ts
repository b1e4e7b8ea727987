import { shopMessages } from '@studio/shared/messages/shop';
import type { ProductCategory } from '@studio/shared/schemas/catalog';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** The shop's tabs: every active product, or one category. */
export type ShopFilter = 'all' | ProductCategory;

/** Enough for a full grid at every width (1, 2 or 3 columns); more come with "Show more". */
export const PRODUCTS_PAGE_SIZE = 12;

/** Spec 9: products are cached 5 minutes and retried twice. */
export const PRODUCTS_STALE_TIME_MS = 5 * 60_000;
export const PRODUCTS_RETRIES = 2;

async function getProducts(filter: ShopFilter, page: number) {
  return unwrap(
    api.products.$get({
      query: {
        ...(filter === 'all' ? {} : { category: filter }),
        page: String(page),
        pageSize: String(PRODUCTS_PAGE_SIZE),
      },
    }),
    shopMessages.loadFailed,
  );
}

export type ProductsPage = Awaited<ReturnType<typeof getProducts>>;
export type ShopProduct = ProductsPage['products'][number];

export function productsQueryOptions(filter: ShopFilter) {
  return infiniteQueryOptions({
    queryKey: ['products', filter],
    queryFn: ({ pageParam }) => getProducts(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: ProductsPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    staleTime: PRODUCTS_STALE_TIME_MS,
    retry: PRODUCTS_RETRIES,
  });
}

/** Active products of one tab, newest first, a page at a time. */
export function useProducts(filter: ShopFilter) {
  return useInfiniteQuery(productsQueryOptions(filter));
}
