import { shopMessages } from '@studio/shared/messages/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const STOCK_HISTORY_PAGE_SIZE = 20;

/**
 * GET /api/admin/products/:id/stock-history: the product (name, SKU, stock now) and one page of
 * its stock movements, newest first (decision 037).
 */
export async function getStockHistory(api: AdminApi, id: string, page: number) {
  return unwrap(
    api.admin.products[':id']['stock-history'].$get({
      param: { id },
      query: { page: String(page), pageSize: String(STOCK_HISTORY_PAGE_SIZE) },
    }),
    shopMessages.stockHistoryFailed,
  );
}

export type StockHistoryPage = Awaited<ReturnType<typeof getStockHistory>>;
export type StockMovement = StockHistoryPage['movements'][number];

export const stockHistoryQueryOptions = (api: AdminApi, id: string, page: number) =>
  queryOptions({
    // Under ['admin', 'products']: any product change (a stock edit) refreshes it.
    queryKey: ['admin', 'products', 'stock-history', id, page],
    queryFn: () => getStockHistory(api, id, page),
    // Another page of the same product keeps the last one on screen while it loads.
    placeholderData: (previous: StockHistoryPage | undefined) =>
      previous?.product.id === id ? previous : undefined,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useStockHistory(id: string | null, page: number) {
  const api = useAdminApi();
  return useQuery({
    ...stockHistoryQueryOptions(api, id ?? '', page),
    enabled: id !== null,
  });
}
