import { orderMessages } from '@studio/shared/messages/orders';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/orders/:id: one of the customer's own orders (anyone else's is a 404). */
export async function getOrder(orderId: string) {
  const { order } = await unwrap(
    api.orders[':id'].$get({ param: { id: orderId } }),
    orderMessages.notFound,
  );
  return order;
}

export type CheckoutOrder = Awaited<ReturnType<typeof getOrder>>;

// Under 'orders', so the order is dropped with the account's other private data on sign-out.
export const checkoutOrderKey = (orderId: string) => ['orders', 'checkout', orderId] as const;

export const checkoutOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: checkoutOrderKey(orderId),
    queryFn: () => getOrder(orderId),
    // A 404 (not theirs, or no such order) will not change on a retry.
    retry: false,
  });

export function useCheckoutOrder(orderId: string) {
  return useSuspenseQuery(checkoutOrderQueryOptions(orderId)).data;
}
