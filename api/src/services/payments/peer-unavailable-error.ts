import { paymentMessages } from '@studio/shared/messages/payments';
import { ApiError } from '../../lib/api-error.ts';

/** The outside services a payment is checked with. */
export type PaymentPeer = 'paypal' | 'evm' | 'alephium';

/**
 * A payment peer could not be asked: refused, timed out or answered 5xx, after the retry. It is a
 * 503 with `Retry-After` wherever it reaches the error handler; the confirmation catches it first
 * to keep the payment pending and queue its re-check.
 */
export class PeerUnavailableError extends ApiError {
  readonly peer: PaymentPeer;
  /** What went wrong, for the logs and the payment's history (never shown to the payer). */
  readonly detail: string;

  constructor(peer: PaymentPeer, reason: string, options?: { cause?: unknown }) {
    super('UNAVAILABLE', paymentMessages.providerUnavailable);
    this.name = 'PeerUnavailableError';
    this.peer = peer;
    this.retryAfterSeconds = 5;
    this.detail = `${peer}: ${reason}`;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
