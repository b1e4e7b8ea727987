import { orderMessages } from '@studio/shared/messages/orders';
import type { adminOrdersQuerySchema, OrderStatus } from '@studio/shared/schemas/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/** Spec 7 and 9: the orders list refreshes every 15 seconds. */
export const ORDERS_REFETCH_MS = 15_000;

export const ORDERS_PAGE_SIZE = 20;

export type OrdersSort = z.output<typeof adminOrdersQuerySchema>['sort'];
export type SortDir = 'asc' | 'desc';

export interface OrdersParams {
  status: OrderStatus | null;
  q: string;
  sort: OrdersSort;
  dir: SortDir;
  page: number;
}

/** GET /api/admin/orders: one page of orders with the filter, search and sort applied. */
export async function getOrders(api: AdminApi, params: OrdersParams) {
  const q = params.q.trim();
  return unwrap(
    api.admin.orders.$get({
      query: {
        ...(params.status ? { status: params.status } : {}),
        ...(q ? { q } : {}),
        sort: params.sort,
        dir: params.dir,
        page: String(params.page),
        pageSize: String(ORDERS_PAGE_SIZE),
      },
    }),
    orderMessages.listFailed,
  );
}

export type OrdersPage = Awaited<ReturnType<typeof getOrders>>;
export type AdminOrderSummary = OrdersPage['orders'][number];

/** Every admin order query (lists and single orders) sits under this key. */
export const ordersQueryRoot = ['admin', 'orders'] as const;

export const ordersQueryOptions = (api: AdminApi, params: OrdersParams) =>
  queryOptions({
    queryKey: [...ordersQueryRoot, 'list', params],
    queryFn: () => getOrders(api, params),
    refetchInterval: ORDERS_REFETCH_MS,
    // The table keeps the last page on screen while the next filter, search or page loads.
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useOrders(params: OrdersParams) {
  return useQuery(ordersQueryOptions(useAdminApi(), params));
}
