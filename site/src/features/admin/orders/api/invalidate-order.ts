import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from './get-dashboard';
import { ordersQueryRoot } from './get-orders';

/**
 * After an order changes: the dashboard figures, every orders list and the order itself
 * (all under ['admin', 'orders']), and any loaded report, whose totals count orders.
 */
export function invalidateAfterOrderChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: ordersQueryRoot }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'report'] }),
  ]);
}
