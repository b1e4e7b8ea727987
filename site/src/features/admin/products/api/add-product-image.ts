import { shopMessages } from '@studio/shared/messages/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { invalidateProducts, replaceProductInLists } from '../../api/admin-result';
import type { AdminApi } from '../../types';

/**
 * POST /api/admin/products/:id/images, multipart: `alt` first, then `image` (JPEG, PNG or WebP
 * up to 5 MB, checked by content on the server). An empty alt becomes the product's name.
 */
export async function addProductImage(api: AdminApi, id: string, image: File, alt: string) {
  // The route reads the raw body (streamed), so its typed input has no `form`; hc sends it as is.
  const args = { param: { id }, form: { alt: alt.trim(), image } };
  const { product } = await unwrap(
    api.admin.products[':id'].images.$post(args as { param: { id: string } }),
    shopMessages.imageUploadFailed,
  );
  return product;
}

export function useAddProductImage() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image, alt }: { id: string; image: File; alt: string }) =>
      addProductImage(api, id, image, alt),
    onSuccess: (product) => {
      replaceProductInLists(queryClient, product);
      return invalidateProducts(queryClient);
    },
  });
}
