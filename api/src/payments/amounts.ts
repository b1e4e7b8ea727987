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
    const units = usdtBaseUnits(totals.totalCents);
    return {
      ...base,
      currency: 'USDT',
      baseUnits: units,
      amountText: formatUnits(units, USDT_DECIMALS, 2),
    };
  }
  if (method === 'alephium') {
    const atto = alphAtto(totals.totalCents, usdPerAlph);
    return {
      ...base,
      currency: 'ALPH',
      baseUnits: atto,
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
