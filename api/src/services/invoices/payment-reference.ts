import { formatUnits } from '@studio/shared/crypto-units';
import type { SalePayment } from './load-sale.ts';

/** How receipts and invoices name a payment method. */
export const paymentMethodNames: Record<SalePayment['method'], string> = {
  paypal: 'PayPal',
  usdt: 'USDT',
  alephium: 'Alephium (ALPH)',
};

/**
 * The provider's reference of a payment as a customer or an accountant looks it up: PayPal's
 * capture id, or the transaction hash on its chain (from `paypal:<id>`, `evm:<chain>:<hash>:<log>`,
 * `alph:<id>`).
 */
export function paymentReference(
  externalId: string | null,
): { label: string; value: string } | null {
  if (!externalId) return null;
  const [kind, ...rest] = externalId.split(':');
  if (kind === 'paypal') return { label: 'PayPal capture', value: rest.join(':') };
  if (kind === 'evm') return { label: 'Transaction', value: rest[1] ?? externalId };
  if (kind === 'alph') return { label: 'Transaction', value: rest.join(':') };
  return { label: 'Reference', value: externalId };
}

/**
 * A crypto payment's amount as sent (`95.23 USDT`), with the quote's sub-cent tag (which only
 * told its transfer apart from others) cut off; null for a payment in USD.
 */
export function cryptoAmount(payment: SalePayment): string | null {
  if (!payment.amountBaseUnits || payment.currency === 'USD') return null;
  const decimals = payment.currency === 'USDT' ? 6 : 18;
  const base = BigInt(payment.amountBaseUnits);
  const cut = base - (base % 10n ** BigInt(decimals - 2));
  return `${formatUnits(cut, decimals, 2)} ${payment.currency}`;
}
