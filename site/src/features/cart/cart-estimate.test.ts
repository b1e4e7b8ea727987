import { describe, expect, it } from 'vitest';
import { estimateCart } from './cart-estimate';
import type { CartItem } from './cart-store';

const line = (priceCents: number, quantity: number): CartItem => ({
  productId: `p-${priceCents}-${quantity}`,
  name: 'Thing',
  priceCents,
  quantity,
  stock: 99,
});

describe('estimateCart', () => {
  it('an empty cart costs nothing, shipping included', () => {
    expect(estimateCart([])).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it.each([
    // 5.99 + 2.5 x (0.5 x n): 7.24 for one item, 9.74 for three, 18.49 for ten.
    [[line(2500, 1)], { itemCount: 1, subtotalCents: 2500, shippingCents: 724, taxCents: 175 }],
    [
      [line(2500, 2), line(1000, 1)],
      { itemCount: 3, subtotalCents: 6000, shippingCents: 974, taxCents: 420 },
    ],
    // Tax rounds half-up to the cent: 7% of 10.50 is 0.735.
    [[line(1050, 1)], { itemCount: 1, subtotalCents: 1050, shippingCents: 724, taxCents: 74 }],
    [[line(199, 10)], { itemCount: 10, subtotalCents: 1990, shippingCents: 1849, taxCents: 139 }],
  ])('%j', (items, expected) => {
    const estimate = estimateCart(items);
    expect(estimate).toMatchObject(expected);
    expect(estimate.totalCents).toBe(
      expected.subtotalCents + expected.shippingCents + expected.taxCents,
    );
  });

  it('charges shipping for the physical items only: downloads ship free', () => {
    const pack: CartItem = { ...line(900, 2), category: 'digital' };
    expect(estimateCart([pack])).toMatchObject({ itemCount: 2, shippingCents: 0, taxCents: 126 });
    // One tee (physical) beside the packs: 5.99 + 1.25 for the tee alone.
    const tee: CartItem = { ...line(2500, 1), category: 'apparel' };
    expect(estimateCart([pack, tee])).toMatchObject({ itemCount: 3, shippingCents: 724 });
  });
});
