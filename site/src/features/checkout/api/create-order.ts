import { orderMessages } from '@studio/shared/messages/orders';
import type { CreateOrderInput } from '@studio/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { checkoutOrderKey } from './get-order';

/**
 * POST /api/orders: product ids and quantities only; the server prices the order and reserves
 * the stock, or answers why not (409 stock, 404 no longer sold, 422 sold elsewhere).
 */
export async function createOrder(input: CreateOrderInput) {
  const { order } = await unwrap(api.orders.$post({ json: input }), orderMessages.placeFailed);
  return order;
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      // The payment step reads the order it was just given rather than fetching it again.
      queryClient.setQueryData(checkoutOrderKey(order.id), order);
      void queryClient.invalidateQueries({
        queryKey: ['orders'],
        exact: false,
        refetchType: 'none',
      });
    },
  });
}
