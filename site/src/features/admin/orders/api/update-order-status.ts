import { orderMessages } from '@studio/shared/messages/orders';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { useAdminApi } from '../../admin-context';
import { ADMIN_TOAST, failureToast } from '../../admin-toast';
import type { AdminApi } from '../../types';
import { orderQueryKey } from './get-order';
import { invalidateAfterOrderChange } from './invalidate-order';

/** PUT /api/admin/orders/:id/status: any status (spec 4); the current one again is a 409. */
export async function updateOrderStatus(api: AdminApi, id: string, status: OrderStatus) {
  const { order } = await unwrap(
    api.admin.orders[':id'].status.$put({ param: { id }, json: { status } }),
    orderMessages.statusFailed,
  );
  return order;
}

export function useUpdateOrderStatus() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      updateOrderStatus(api, id, status),
    // Toasts here rather than at the call, so they show even if the modal closed meanwhile.
    onSuccess: async (order) => {
      toast.success(orderMessages.statusUpdated, ADMIN_TOAST);
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await invalidateAfterOrderChange(queryClient);
    },
    onError: (error) => failureToast(orderMessages.statusFailed, error),
  });
}
