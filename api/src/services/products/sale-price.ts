import { shopMessages } from '@studio/shared/messages/shop';
import { ApiError } from '../../lib/api-error.ts';

/** The sale price from an explicit price or a discount percentage; it must be below the price. */
export function salePrice(
  priceCents: number,
  input: {
    salePriceCents?: number | null | undefined;
    discountPercentage?: number | null | undefined;
  },
  current: number | null,
): number | null {
  let sale = current;
  if (input.discountPercentage !== undefined) {
    sale =
      input.discountPercentage === null
        ? null
        : Math.round((priceCents * (100 - input.discountPercentage)) / 100);
  }
  if (input.salePriceCents !== undefined) sale = input.salePriceCents;
  if (sale !== null && sale >= priceCents) {
    throw new ApiError('VALIDATION_FAILED', shopMessages.salePriceNotBelowPrice, [
      { path: 'salePriceCents', message: shopMessages.salePriceNotBelowPrice },
    ]);
  }
  return sale;
}
