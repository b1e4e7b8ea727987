import {
  ALPH_DECIMALS,
  alphAtto,
  formatUnits,
  USDT_DECIMALS,
  usdtBaseUnits,
} from '@studio/shared/crypto-units';
import { formatUsd, withTax } from '@studio/shared/money';
import type { PaymentMethod } from '@studio/shared/schemas/payments';

/**
 * What is due for a price, computed by the server only: the payment price, 7% tax (half-up to
 * the cent), the total, and for crypto the exact amount in base units with its display text.
 */
export function amountsDue(priceCents: number, method: PaymentMethod, usdPerAlph: string) {
  const { subtotalCents, taxCents, totalCents } = withTax(priceCents);
  const base = {
    subtotalCents,
    taxCents,
    totalCents,
    subtotalText: formatUsd(subtotalCents),
    taxText: formatUsd(taxCents),
    totalText: formatUsd(totalCents),
  };
  if (method === 'usdt') {
    const units = usdtBaseUnits(totalCents);
    return {
      ...base,
      currency: 'USDT',
      baseUnits: units,
      amountText: formatUnits(units, USDT_DECIMALS, 2),
    };
  }
  if (method === 'alephium') {
    const atto = alphAtto(totalCents, usdPerAlph);
    return {
      ...base,
      currency: 'ALPH',
      baseUnits: atto,
      amountText: formatUnits(atto, ALPH_DECIMALS, 2),
    };
  }
  return { ...base, currency: 'USD', baseUnits: null, amountText: formatUsd(totalCents).slice(1) };
}
