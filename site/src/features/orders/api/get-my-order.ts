import { orderMessages } from '@studio/shared/messages/orders';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError, unwrap } from '../../../lib/api-error';

/** GET /api/orders/:id: one of the customer's own orders; anyone else's id is a 404. */
export async function getMyOrder(id: string) {
  const { order } = await unwrap(
    api.orders[':id'].$get({ param: { id } }),
    orderMessages.customerLoadFailed,
  );
  return order;
}

export type MyOrder = Awaited<ReturnType<typeof getMyOrder>>;

/** A 404 from the API: no such order, or not this customer's. */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export const myOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: () => getMyOrder(id),
    // A missing order stays missing; only a failed connection or a 5xx is worth a second try.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useMyOrder(id: string) {
  return useSuspenseQuery(myOrderQueryOptions(id)).data;
}
