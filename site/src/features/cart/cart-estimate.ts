import { taxCents } from '@studio/shared/money';
import { shippingEstimateCents } from '@studio/shared/shipping';
import type { CartItem } from './cart-store';

export interface CartEstimate {
  /** Total quantity across lines. */
  itemCount: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What the cart page shows before checkout, from the prices the cart remembers: the spec's
 * displayed shipping estimate (5.99 + 2.5 x (0.5 x items)) for its physical items (downloads ship
 * free; a line of unknown category counts as physical) and 7% tax on the goods. The same shared
 * helpers price the order on the server, which uses the current prices, so checkout may differ;
 * the page says so.
 */
export function estimateCart(items: readonly CartItem[]): CartEstimate {
  const itemCount = items.reduce((n, item) => n + item.quantity, 0);
  const subtotalCents = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const physicalCount = items.reduce(
    (n, item) => (item.category === 'digital' ? n : n + item.quantity),
    0,
  );
  const shippingCents = shippingEstimateCents(physicalCount);
  const tax = taxCents(subtotalCents);
  return {
    itemCount,
    subtotalCents,
    shippingCents,
    taxCents: tax,
    totalCents: subtotalCents + shippingCents + tax,
  };
}
