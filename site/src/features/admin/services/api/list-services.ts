import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/**
 * GET /api/admin/services: all 18 services (inactive too) with both prices, the card's
 * `listPriceCents` and the payment's `checkoutPriceCents`, and `pricesDiffer` (decision 002).
 */
export async function listAdminServices(api: AdminApi) {
  return unwrap(api.admin.services.$get(), audioServiceMessages.listFailed);
}

export type AdminServicesList = Awaited<ReturnType<typeof listAdminServices>>;
export type AdminService = AdminServicesList['services'][number];

export const adminServicesQueryOptions = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'services'],
    queryFn: () => listAdminServices(api),
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useAdminServices() {
  return useQuery(adminServicesQueryOptions(useAdminApi()));
}
