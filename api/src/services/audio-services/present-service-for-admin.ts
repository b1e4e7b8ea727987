import type { Service } from '../../db/schema/services.ts';
import { presentService } from './present-service.ts';

/** A service as the admin sees it: both prices side by side, flagged when they differ. */
export function presentServiceForAdmin(service: Service) {
  return {
    ...presentService(service),
    isActive: service.isActive,
    checkoutPriceCents: service.checkoutPriceCents,
    /** The spec's two price lists disagree for this service until an admin resolves it. */
    pricesDiffer:
      service.checkoutPriceCents !== null && service.checkoutPriceCents !== service.listPriceCents,
  };
}
