import { shopMessages } from '@studio/shared/messages/shop';
import type { ProductCategory } from '@studio/shared/schemas/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export interface AdminProductsFilter {
  q: string;
  category: ProductCategory | null;
  active: 'true' | 'false' | null;
  page: number;
}

/** GET /api/admin/products: every product, inactive ones too, newest first, one page. */
export async function listAdminProducts(api: AdminApi, filter: AdminProductsFilter) {
  return unwrap(
    api.admin.products.$get({
      query: {
        ...(filter.q.trim() ? { q: filter.q.trim() } : {}),
        ...(filter.category ? { category: filter.category } : {}),
        ...(filter.active ? { active: filter.active } : {}),
        page: String(filter.page),
        pageSize: String(ADMIN_PRODUCTS_PAGE_SIZE),
      },
    }),
    shopMessages.listFailed,
  );
}

export type AdminProductsPage = Awaited<ReturnType<typeof listAdminProducts>>;
export type AdminProduct = AdminProductsPage['products'][number];

export const adminProductsQueryOptions = (api: AdminApi, filter: AdminProductsFilter) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', filter],
    queryFn: () => listAdminProducts(api, filter),
    // The table keeps the last page while the next one loads, rather than flashing empty.
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useAdminProducts(filter: AdminProductsFilter) {
  return useQuery(adminProductsQueryOptions(useAdminApi(), filter));
}
