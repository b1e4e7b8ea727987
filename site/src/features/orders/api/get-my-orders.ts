import { orderMessages } from '@studio/shared/messages/orders';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** Orders per page of the history: enough to fill a screen, short enough to scan. */
export const ORDERS_PAGE_SIZE = 10;

/** GET /api/orders: the signed-in customer's own orders, newest first, one page at a time. */
export async function getMyOrders(page: number) {
  return unwrap(
    api.orders.$get({ query: { page: String(page), pageSize: String(ORDERS_PAGE_SIZE) } }),
    orderMessages.customerListFailed,
  );
}

export type MyOrdersPage = Awaited<ReturnType<typeof getMyOrders>>;
export type MyOrderSummary = MyOrdersPage['orders'][number];

// Under 'orders' so the list is dropped when the account changes (PRIVATE_QUERY_ROOTS).
export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['orders', 'list', { page }],
    queryFn: () => getMyOrders(page),
  });

export function useMyOrders(page: number) {
  return useSuspenseQuery(myOrdersQueryOptions(page)).data;
}
