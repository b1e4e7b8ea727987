import { orderMessages } from '@studio/shared/messages/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/** Spec 7 and 9: the dashboard figures refresh every 30 seconds. */
export const DASHBOARD_REFETCH_MS = 30_000;

/** GET /api/admin/dashboard: stats, low-stock products and the computed trends. */
export async function getDashboard(api: AdminApi) {
  return unwrap(api.admin.dashboard.$get(), orderMessages.dashboardFailed);
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

export const dashboardQueryOptions = (api: AdminApi) =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: () => getDashboard(api),
    refetchInterval: DASHBOARD_REFETCH_MS,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions(useAdminApi()));
}
