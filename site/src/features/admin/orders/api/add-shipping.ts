import { orderMessages } from '@studio/shared/messages/orders';
import type { shippingInfoSchema } from '@studio/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { useAdminApi } from '../../admin-context';
import { ADMIN_TOAST, failureToast } from '../../admin-toast';
import type { AdminApi } from '../../types';
import { orderQueryKey } from './get-order';
import { invalidateAfterOrderChange } from './invalidate-order';

export type ShippingInfo = z.output<typeof shippingInfoSchema>;

/**
 * PUT /api/admin/orders/:id/shipping: records carrier, tracking number and method; a paid
 * order becomes shipped and the customer is e-mailed the tracking.
 */
export async function addShipping(api: AdminApi, id: string, shipping: ShippingInfo) {
  const { order } = await unwrap(
    api.admin.orders[':id'].shipping.$put({ param: { id }, json: shipping }),
    orderMessages.shippingFailed,
  );
  return order;
}

export function useAddShipping() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shipping }: { id: string; shipping: ShippingInfo }) =>
      addShipping(api, id, shipping),
    // Toasts here rather than at the call, so they show even if the modal closed meanwhile.
    onSuccess: async (order) => {
      toast.success(orderMessages.shippingAdded, ADMIN_TOAST);
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await invalidateAfterOrderChange(queryClient);
    },
    onError: (error) => failureToast(orderMessages.shippingFailed, error),
  });
}
