import { orderMessages } from '@studio/shared/messages/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

/** POST /api/orders/:id/cancel: the customer cancels their own unpaid order. */
export async function cancelMyOrder(id: string) {
  return unwrap(api.orders[':id'].cancel.$post({ param: { id } }), orderMessages.cancelFailed);
}

/**
 * Cancels and shows the order as the server now has it, with the server's message; the order
 * list and the shop's stock (the items are back) are fetched again. The toasts are said here, not
 * in `mutate`'s callbacks: the button that asked is gone once the order shows as cancelled, and
 * React Query skips the callbacks of an unmounted caller.
 */
export function useCancelMyOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelMyOrder(id),
    onError: (error) => toast.error(error.message),
    onSuccess: async ({ message, order }) => {
      toast.success(message);
      queryClient.setQueryData(['orders', 'detail', id], order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
