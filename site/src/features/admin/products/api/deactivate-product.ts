import { shopMessages } from '@studio/shared/messages/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { invalidateProducts, replaceProductInLists } from '../../api/admin-result';
import type { AdminApi } from '../../types';

/**
 * DELETE /api/admin/products/:id. The API never deletes a product (past orders name it): it
 * sets `isActive: false`, which takes it out of the shop. Hence "Deactivate" in the dashboard.
 */
export async function deactivateProduct(api: AdminApi, id: string) {
  const { product } = await unwrap(
    api.admin.products[':id'].$delete({ param: { id } }),
    shopMessages.deactivateFailed,
  );
  return product;
}

export function useDeactivateProduct() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deactivateProduct(api, id),
    onSuccess: (product) => {
      replaceProductInLists(queryClient, product);
      return invalidateProducts(queryClient);
    },
  });
}
