import { customerMessages } from '@studio/shared/messages/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { customersQueryRoot } from './list-customers';

/** GET /api/admin/customers/:id: the account, its orders, submissions and newsletter status. */
export async function getCustomer(api: AdminApi, id: string) {
  return unwrap(api.admin.customers[':id'].$get({ param: { id } }), customerMessages.detailFailed);
}

export type CustomerDetail = Awaited<ReturnType<typeof getCustomer>>;

export const customerQueryKey = (id: string) => [...customersQueryRoot, 'detail', id] as const;

export function useCustomer(id: string | null) {
  const api = useAdminApi();
  return useQuery({
    ...queryOptions({
      queryKey: customerQueryKey(id ?? ''),
      queryFn: () => getCustomer(api, id ?? ''),
      ...ADMIN_QUERY_DEFAULTS,
    }),
    enabled: id !== null,
  });
}
