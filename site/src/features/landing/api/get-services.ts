import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/**
 * GET /api/services: the 18 audio services as the database has them now (an admin may edit
 * them), each with its card (list) price and the checkout figures.
 */
export async function getServices() {
  const { services } = await unwrap(api.services.$get(), 'Unable to load services right now.');
  return services;
}

export type LandingService = Awaited<ReturnType<typeof getServices>>[number];

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: getServices,
    // The API caches the list for 5 minutes too; prices change rarely.
    staleTime: 5 * 60_000,
  });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
