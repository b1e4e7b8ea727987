import type { PaymentMethod } from '@studio/shared/schemas/payments';
import type { StatusSource } from '@studio/shared/statuses';
import type { PaymentEventSource } from './transition-payment.ts';

/**
 * What an order's or a submission's history says caused a payment's change: a crypto transfer
 * is verified on chain whoever offered it; a PayPal payment by the customer's approval, a
 * re-check job, PayPal's webhook or an admin.
 */
export function statusSourceOf(source: PaymentEventSource, method: PaymentMethod): StatusSource {
  if (method !== 'paypal' && (source === 'client' || source === 'job')) return 'chain';
  if (source === 'client' || source === 'quote') return 'customer';
  return source;
}
