import { paymentMessages } from '@studio/shared/messages/payments';
import { ApiError } from '../../lib/api-error.ts';
import type { Outcome } from './apply-verdict.ts';

/**
 * The HTTP edge of a payment confirmation: a transfer that can never pay is a 422 with its
 * reason, as is a PayPal decline (the buyer may approve the same order again with another
 * funding source: PayPal's restart); one the provider or chain does not know (yet) a 404;
 * confirmed and pending pass.
 */
export function refuseUnsettledPayment<T extends Outcome>(
  outcome: T,
): Extract<T, { status: 'confirmed' } | { status: 'pending' }> {
  if (outcome.status === 'failed' || outcome.status === 'declined') {
    throw new ApiError('UNPROCESSABLE', outcome.message);
  }
  if (outcome.status === 'unknown') {
    throw new ApiError('NOT_FOUND', paymentMessages.unknownTransaction);
  }
  return outcome as Extract<T, { status: 'confirmed' } | { status: 'pending' }>;
}
