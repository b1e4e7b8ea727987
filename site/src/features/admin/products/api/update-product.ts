import { shopMessages } from '@studio/shared/messages/shop';
import type { productUpdateSchema } from '@studio/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { invalidateProducts, replaceProductInLists } from '../../api/admin-result';
import type { AdminApi } from '../../types';

export type ProductUpdateBody = z.input<typeof productUpdateSchema>;

/** PUT /api/admin/products/:id: only the fields sent change (activating is `isActive: true`). */
export async function updateProduct(api: AdminApi, id: string, body: ProductUpdateBody) {
  const { product } = await unwrap(
    api.admin.products[':id'].$put({ param: { id }, json: body }),
    shopMessages.updateFailed,
  );
  return product;
}

export function useUpdateProduct() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductUpdateBody }) =>
      updateProduct(api, id, body),
    onSuccess: (product) => {
      replaceProductInLists(queryClient, product);
      return invalidateProducts(queryClient);
    },
  });
}
