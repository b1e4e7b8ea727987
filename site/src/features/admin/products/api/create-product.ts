import { shopMessages } from '@studio/shared/messages/shop';
import type { productCreateSchema } from '@studio/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { invalidateProducts } from '../../api/admin-result';
import type { AdminApi } from '../../types';

export type ProductCreateBody = z.input<typeof productCreateSchema>;

/** POST /api/admin/products. */
export async function createProduct(api: AdminApi, body: ProductCreateBody) {
  const { product } = await unwrap(
    api.admin.products.$post({ json: body }),
    shopMessages.createFailed,
  );
  return product;
}

export function useCreateProduct() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreateBody) => createProduct(api, body),
    onSuccess: () => invalidateProducts(queryClient),
  });
}
