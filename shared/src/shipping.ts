/**
 * The spec's displayed shipping estimate: 5.99 + 2.5 x (0.5 x number of items), in cents:
 * 599 + 125 per item. Charged once per order for its physical items; digital goods ship free.
 */
export function shippingEstimateCents(physicalItemCount: number): number {
  if (!Number.isInteger(physicalItemCount) || physicalItemCount < 0) {
    throw new RangeError(`Not an item count: ${physicalItemCount}`);
  }
  return physicalItemCount === 0 ? 0 : 599 + 125 * physicalItemCount;
}

/**
 * Books and apparel are shipped; digital products are downloaded from the buyer's order page
 * once paid (decision 045).
 */
export const physicalCategories = new Set(['book', 'apparel']);

export const carriers = ['USPS', 'FedEx', 'UPS', 'DHL'] as const;
export const shippingMethods = ['standard', 'express', 'overnight'] as const;
/** Spec section 9: how the methods read. */
export const shippingMethodLabels: Record<(typeof shippingMethods)[number], string> = {
  standard: 'Standard (5-7 days)',
  express: 'Express (2-3 days)',
  overnight: 'Overnight (1 day)',
};

/** Where a customer follows a parcel. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'DHL':
      return `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`;
    default:
      return null;
  }
}
