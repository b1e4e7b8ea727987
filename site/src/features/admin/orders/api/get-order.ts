import { orderMessages } from '@studio/shared/messages/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { type AdminOrderSummary, ordersQueryRoot } from './get-orders';

async function fetchOrder(api: AdminApi, id: string) {
  const { order } = await unwrap(
    api.admin.orders[':id'].$get({ param: { id } }),
    orderMessages.loadFailed,
  );
  return order;
}

type FullOrder = Awaited<ReturnType<typeof fetchOrder>>;
/** The order's refunds: absent while the modal shows the list's row as a placeholder. */
export type OrderRefunds = FullOrder['refunds'];
/** The buyer's access to its files (decision 045): absent in the placeholder too. */
export type OrderGrants = FullOrder['grants'];
export type AdminOrder = Omit<FullOrder, 'refunds' | 'grants'> & {
  refunds?: OrderRefunds;
  grants?: OrderGrants;
};

/** GET /api/admin/orders/:id: the order with its status history and its refunds. */
export async function getOrder(api: AdminApi, id: string): Promise<AdminOrder> {
  return fetchOrder(api, id);
}

export const orderQueryKey = (id: string) => [...ordersQueryRoot, 'detail', id] as const;

export const orderQueryOptions = (api: AdminApi, id: string) =>
  queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: () => getOrder(api, id),
    ...ADMIN_QUERY_DEFAULTS,
  });

/** The order, shown at once from its row in the list while the full record loads. */
export function useOrder(id: string | null, row?: AdminOrderSummary) {
  const api = useAdminApi();
  return useQuery({
    ...orderQueryOptions(api, id ?? ''),
    enabled: id !== null,
    placeholderData: row,
  });
}
