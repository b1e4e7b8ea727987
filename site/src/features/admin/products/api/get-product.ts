import { shopMessages } from '@studio/shared/messages/shop';
import { unwrap } from '../../../../lib/api-error';
import type { AdminApi } from '../../types';

/** GET /api/admin/products/:id: one product as the admin list shows it (inactive ones too). */
export async function getAdminProduct(api: AdminApi, id: string) {
  const { product } = await unwrap(
    api.admin.products[':id'].$get({ param: { id } }),
    shopMessages.productLoadFailed,
  );
  return product;
}
