import { paymentMessages } from '@studio/shared/messages/payments';
import type { Env } from '../../env.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';

/**
 * Counts one offer that did not pay, per payment (PAYMENT_FAILED_OFFERS_PER_QUOTE; without
 * `paymentId`, as for a transaction the chain does not know, only per address) and per client
 * address (PAYMENT_FAILED_OFFERS_PER_IP), an hour each; past either, 429 with Retry-After. Called
 * only after an offer failed, so a transfer that pays is never held back by a stranger's
 * failures (decision 026).
 */
export async function limitFailedOffers({
  counters,
  env,
  paymentId,
  clientAddress,
}: {
  counters: Counters;
  env: Pick<Env, 'PAYMENT_FAILED_OFFERS_PER_QUOTE' | 'PAYMENT_FAILED_OFFERS_PER_IP'>;
  paymentId?: string;
  clientAddress: string;
}) {
  const common = { counters, windowSeconds: 3600, message: paymentMessages.tooManyFailedOffers };
  const hits = [
    rateLimit({
      ...common,
      key: `payment-offer-failed:ip:${clientAddress}`,
      limit: env.PAYMENT_FAILED_OFFERS_PER_IP,
    }),
  ];
  if (paymentId) {
    hits.push(
      rateLimit({
        ...common,
        key: `payment-offer-failed:quote:${paymentId}`,
        limit: env.PAYMENT_FAILED_OFFERS_PER_QUOTE,
      }),
    );
  }
  // Both are counted whichever is past its limit; the first refusal is the answer.
  const refused = (await Promise.allSettled(hits)).find((r) => r.status === 'rejected');
  if (refused) throw refused.reason;
}
