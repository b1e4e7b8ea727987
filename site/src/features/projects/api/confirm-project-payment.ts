import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/**
 * POST /api/projects/payment-confirm with the spec's payload. The server verifies the
 * transaction with PayPal or on chain and ignores the amount sent: it answers confirmed, or
 * pending while the transfer waits for confirmations.
 */
export async function confirmProjectPayment(input: {
  submissionId: string;
  paymentMethod: PaymentMethod;
  transactionId: string;
  amount?: number;
  service?: string;
  customerInfo?: { name: string; email: string };
  paymentDetails?: unknown;
}) {
  return unwrap(
    api.projects['payment-confirm'].$post({ json: input }),
    input.paymentMethod === 'paypal'
      ? paymentMessages.paypalVerificationFailed
      : paymentMessages.cryptoVerificationFailed,
  );
}
