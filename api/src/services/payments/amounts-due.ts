import { randomInt } from 'node:crypto';
import {
  ALPH_DECIMALS,
  alphAtto,
  formatUnits,
  USDT_DECIMALS,
  usdtBaseUnits,
} from '@studio/shared/crypto-units';
import { formatUsd } from '@studio/shared/money';
import type { PaymentMethod } from '@studio/shared/schemas/payments';

/**
 * Each crypto quote's amount carries a random tag below the smallest shown unit (USDT: under a
 * cent; ALPH: under 10^-12 ALPH). A transfer pays a quote only when its low digits carry that
 * quote's tag, so someone else's transfer to the public merchant address, seen on chain, cannot
 * be claimed for another quote. See docs/decisions/008-payments.md.
 */
export const USDT_TAG_MODULUS = 10_000n;
export const ALPH_TAG_MODULUS = 1_000_000n;

function tag(modulus: bigint): bigint {
  return BigInt(randomInt(1, Number(modulus)));
}

/** The transfer carries the quote's tag: the same low digits as the amount due. */
export function carriesTag(value: bigint, due: bigint, modulus: bigint): boolean {
  return value % modulus === due % modulus;
}

/**
 * What is due, computed by the server only, from totals it computed itself: the USD figures,
 * and for crypto the exact amount in base units (USDT 6 decimals; ALPH atto, rounded up) with
 * its display text.
 */
export function amountsDue(
  totals: { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number },
  method: PaymentMethod,
  usdPerAlph: string,
) {
  const base = {
    ...totals,
    subtotalText: formatUsd(totals.subtotalCents),
    shippingText: formatUsd(totals.shippingCents),
    taxText: formatUsd(totals.taxCents),
    totalText: formatUsd(totals.totalCents),
  };
  if (method === 'usdt') {
    // The text shows the price; the wallet sends the exact tagged base units.
    const units = usdtBaseUnits(totals.totalCents);
    return {
      ...base,
      currency: 'USDT',
      baseUnits: units + tag(USDT_TAG_MODULUS),
      amountText: formatUnits(units, USDT_DECIMALS, 2),
    };
  }
  if (method === 'alephium') {
    const atto = alphAtto(totals.totalCents, usdPerAlph);
    return {
      ...base,
      currency: 'ALPH',
      baseUnits: atto + tag(ALPH_TAG_MODULUS),
      amountText: formatUnits(atto, ALPH_DECIMALS, 2),
    };
  }
  return {
    ...base,
    currency: 'USD',
    baseUnits: null,
    amountText: formatUsd(totals.totalCents).slice(1),
  };
}
