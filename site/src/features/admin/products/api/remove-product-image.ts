import { shopMessages } from '@studio/shared/messages/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { invalidateProducts, replaceProductInLists } from '../../api/admin-result';
import type { AdminApi } from '../../types';

/** DELETE /api/admin/products/:id/images?url=: drops the image (and its file when ours). */
export async function removeProductImage(api: AdminApi, id: string, url: string) {
  const { product } = await unwrap(
    api.admin.products[':id'].images.$delete({ param: { id }, query: { url } }),
    shopMessages.imageRemoveFailed,
  );
  return product;
}

export function useRemoveProductImage() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, url }: { id: string; url: string }) => removeProductImage(api, id, url),
    onSuccess: (product) => {
      replaceProductInLists(queryClient, product);
      return invalidateProducts(queryClient);
    },
  });
}
