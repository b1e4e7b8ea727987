import { formatUsd, withTax } from '@studio/shared/money';
import type { Service } from '../../db/schema/services.ts';

/**
 * A service as the site shows it: the card's list price, and the checkout figures the server
 * will charge (payment price, 7% tax, total), in cents and as display text.
 */
export function presentService(service: Service) {
  const checkout =
    service.checkoutPriceCents === null
      ? null
      : (() => {
          const t = withTax(service.checkoutPriceCents);
          return {
            priceCents: t.subtotalCents,
            taxCents: t.taxCents,
            totalCents: t.totalCents,
            priceText: formatUsd(t.subtotalCents),
            taxText: formatUsd(t.taxCents),
            totalText: formatUsd(t.totalCents),
          };
        })();
  return {
    id: service.id,
    sku: service.sku,
    title: service.title,
    category: service.category,
    description: service.description,
    features: service.features,
    popular: service.popular,
    listPriceCents: service.listPriceCents,
    listPriceText: formatUsd(service.listPriceCents),
    checkout,
  };
}

export type PublicService = ReturnType<typeof presentService>;
