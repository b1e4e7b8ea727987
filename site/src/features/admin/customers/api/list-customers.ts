import { customerMessages } from '@studio/shared/messages/customers';
import type { CustomerSort, UserRole } from '@studio/shared/schemas/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const CUSTOMERS_PAGE_SIZE = 20;

export interface CustomersParams {
  q: string;
  role: UserRole | null;
  sort: CustomerSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Every customer query (lists and one customer) sits under this key. */
export const customersQueryRoot = ['admin', 'customers'] as const;

/** GET /api/admin/customers: one page of accounts with their order figures. */
export async function listCustomers(api: AdminApi, params: CustomersParams) {
  const q = params.q.trim();
  return unwrap(
    api.admin.customers.$get({
      query: {
        ...(q ? { q } : {}),
        ...(params.role ? { role: params.role } : {}),
        sort: params.sort,
        dir: params.dir,
        page: String(params.page),
        pageSize: String(CUSTOMERS_PAGE_SIZE),
      },
    }),
    customerMessages.fetchFailed,
  );
}

export type CustomersPage = Awaited<ReturnType<typeof listCustomers>>;
export type CustomerSummary = CustomersPage['customers'][number];

export const customersQueryOptions = (api: AdminApi, params: CustomersParams) =>
  queryOptions({
    queryKey: [...customersQueryRoot, 'list', params],
    queryFn: () => listCustomers(api, params),
    // The list keeps the last page on screen while the next search or page loads.
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useCustomers(params: CustomersParams) {
  return useQuery(customersQueryOptions(useAdminApi(), params));
}
