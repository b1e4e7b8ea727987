import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Payable, Payment } from './load-payment.ts';
import { markPaid } from './mark-paid.ts';
import { recordFailedOffer } from './record-failed-offer.ts';
import { recordPaymentState } from './record-payment-state.ts';
import { recordPending } from './record-pending.ts';
import type { Verdict } from './verdict.ts';

type Source = 'client' | 'job' | 'webhook';

/**
 * What came of a verdict: paid, still pending (re-checked later), failed for good (`message` is
 * for the payer), declined by PayPal (the payment stays open for the buyer to approve again with
 * another funding source), or not known to the provider or chain yet (the payment stays open).
 */
export type Outcome =
  | { status: 'confirmed' }
  | { status: 'pending' }
  /** `firstOffer` (crypto): the first time this transaction failed for this payment. */
  | { status: 'failed'; message: string; firstOffer?: boolean }
  | { status: 'declined'; message: string }
  | { status: 'unknown' };

/** Seconds before the n-th re-check: doubling from PAYMENT_RECHECK_SECONDS, at most 10 minutes. */
export function recheckDelay(env: Pick<Env, 'PAYMENT_RECHECK_SECONDS'>, attempt: number): number {
  return Math.min(env.PAYMENT_RECHECK_SECONDS * 2 ** attempt, 600);
}

/**
 * The re-check's singleton key: per payment and attempt, and for crypto per transaction too,
 * since several may be offered for one quote and each is watched on its own.
 */
export function recheckKey(
  payment: { id: string; method: string },
  reference: string,
  attempt: number,
): string {
  return payment.method === 'paypal'
    ? `${payment.id}:${attempt}`
    : `${payment.id}:${reference}:${attempt}`;
}

/**
 * Acts on what a provider or chain said about a payment: confirmed -> markPaid; pending ->
 * remember the transaction and queue a re-check; failed -> the payment fails (PayPal) or the
 * transaction is noted as one that cannot pay it and the payment stays open (crypto); declined -> noted
 * (the next capture gets a new PayPal-Request-Id), the payment stays open; unknown -> the payment
 * stays open. Answers the outcome; the HTTP edge decides what the payer is told.
 */
export async function applyVerdict({
  db,
  env,
  secret,
  jobs,
  payment,
  verdict,
  reference,
  source,
  attempt = 0,
  payable,
}: {
  db: Db;
  env: Env;
  /** Signs the receipt's link to a project's room. */
  secret: string;
  jobs: Jobs;
  payment: Payment;
  verdict: Verdict;
  reference: string;
  source: Source;
  attempt?: number;
  /** What the payment pays for, when the caller has loaded it: passed on, not read again. */
  payable?: Payable;
}): Promise<Outcome> {
  switch (verdict.state) {
    case 'confirmed':
      await markPaid({
        db,
        env,
        secret,
        paymentId: payment.id,
        externalId: verdict.externalId,
        source,
        reference,
        detail: verdict.detail,
        ...(payable ? { payable } : {}),
      });
      return { status: 'confirmed' };
    case 'pending':
      await recordPending({ db, paymentId: payment.id, reference, source, detail: verdict.detail });
      await jobs.send(
        'payment-recheck',
        { paymentId: payment.id, attempt, reference },
        {
          startAfterSeconds: recheckDelay(env, attempt),
          singletonKey: recheckKey(payment, reference, attempt),
        },
      );
      return { status: 'pending' };
    case 'failed':
      if (payment.method !== 'paypal') {
        // A transaction that cannot pay this quote leaves it open: anyone can offer any
        // transaction, and the buyer's transfer carries this quote's tag (decision 026). A
        // PayPal order is the payment's own, so its failure ends the payment.
        const { first } = await recordFailedOffer({
          db,
          paymentId: payment.id,
          reference,
          source,
          reason: verdict.reason,
          message: verdict.message,
          detail: verdict.detail,
        });
        return { status: 'failed', message: verdict.message, firstOffer: first };
      }
      await recordPaymentState({
        db,
        paymentId: payment.id,
        to: 'failed',
        source,
        reason: verdict.reason,
        detail: verdict.detail,
      });
      return { status: 'failed', message: verdict.message };
    case 'declined':
      await recordPending({
        db,
        paymentId: payment.id,
        reference,
        source,
        detail: { ...verdict.detail, declined: true },
      });
      return { status: 'declined', message: verdict.message };
    case 'unknown':
      return { status: 'unknown' };
  }
}
