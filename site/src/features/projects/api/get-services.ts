import { serviceCatalog } from '@studio/shared/catalog/services';
import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import { formatUsd, withTax } from '@studio/shared/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/**
 * GET /api/services: the 18 audio services as the database has them now (an admin may edit
 * them), each with its card (list) price and the checkout figures.
 */
export async function getServices() {
  const { services } = await unwrap(api.services.$get(), audioServiceMessages.unavailable);
  return services;
}

export type LandingService = Awaited<ReturnType<typeof getServices>>[number];

/**
 * The shared catalog in the API's shape (api/src/services/audio-services/present-service.ts). The
 * spec's 18 cards are fixed, so they show before the list arrives and when it cannot; the
 * server prices a submission from its own table either way.
 */
export const catalogServices: LandingService[] = serviceCatalog.map((s) => {
  const checkout = withTax(s.checkoutPriceCents);
  return {
    // No database id here; nothing on the page sends it (cards are keyed by SKU).
    id: s.sku,
    sku: s.sku,
    title: s.title,
    category: s.category,
    description: s.description,
    features: [...s.features],
    popular: s.popular,
    listPriceCents: s.listPriceCents,
    listPriceText: formatUsd(s.listPriceCents),
    checkout: {
      priceCents: checkout.subtotalCents,
      taxCents: checkout.taxCents,
      totalCents: checkout.totalCents,
      priceText: formatUsd(checkout.subtotalCents),
      taxText: formatUsd(checkout.taxCents),
      totalText: formatUsd(checkout.totalCents),
    },
  };
});

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: getServices,
    placeholderData: catalogServices,
    // The API caches the list for 5 minutes too; prices change rarely.
    staleTime: 5 * 60_000,
  });

/** The services, never empty: the catalog until the list arrives, and if it fails. */
export function useServices(): LandingService[] {
  const { data } = useQuery(servicesQueryOptions());
  return data ?? catalogServices;
}
