import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/** The API's default LOW_STOCK_THRESHOLD, used until (or if) the dashboard answers. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * The server's low-stock threshold (LOW_STOCK_THRESHOLD), which only GET /api/admin/dashboard
 * reports; the products list marks rows at or under it, as the dashboard counts them.
 */
export async function getLowStockThreshold(api: AdminApi): Promise<number> {
  const { lowStockThreshold } = await unwrap(api.admin.dashboard.$get());
  return lowStockThreshold;
}

export const lowStockThresholdQueryOptions = (api: AdminApi) =>
  queryOptions({
    // Not under ['admin', 'products'], which every product change invalidates.
    queryKey: ['admin', 'settings', 'low-stock-threshold'],
    queryFn: () => getLowStockThreshold(api),
    // Set once at the API's start.
    staleTime: Number.POSITIVE_INFINITY,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useLowStockThreshold(): number {
  const { data } = useQuery(lowStockThresholdQueryOptions(useAdminApi()));
  return data ?? DEFAULT_LOW_STOCK_THRESHOLD;
}
