import { downloadMessages } from '@studio/shared/messages/downloads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { useAdminApi } from '../../admin-context';
import { ADMIN_TOAST } from '../../admin-toast';
import type { AdminApi } from '../../types';
import { orderQueryKey } from './get-order';
import { invalidateAfterOrderChange } from './invalidate-order';

/**
 * POST /api/admin/orders/:id/grants/:grantId/renew: the buyer's downloads of a product granted
 * again (the count starts over, the days run from now). A refunded or cancelled order is a 409.
 */
export async function grantAgain(api: AdminApi, id: string, grantId: string) {
  return unwrap(
    api.admin.orders[':id'].grants[':grantId'].renew.$post({ param: { id, grantId } }),
    downloadMessages.grantAgainFailed,
  );
}

export function useGrantAgain() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, grantId }: { id: string; grantId: string }) => grantAgain(api, id, grantId),
    onSuccess: async ({ order, message }) => {
      toast.success(message, ADMIN_TOAST);
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await invalidateAfterOrderChange(queryClient);
    },
  });
}
