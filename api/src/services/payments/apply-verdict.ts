import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Payment } from './load-payment.ts';
import { markPaid } from './mark-paid.ts';
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
  | { status: 'failed'; message: string }
  | { status: 'declined'; message: string }
  | { status: 'unknown' };

/** Seconds before the n-th re-check: doubling from PAYMENT_RECHECK_SECONDS, at most 10 minutes. */
export function recheckDelay(env: Pick<Env, 'PAYMENT_RECHECK_SECONDS'>, attempt: number): number {
  return Math.min(env.PAYMENT_RECHECK_SECONDS * 2 ** attempt, 600);
}

/**
 * Acts on what a provider or chain said about a payment: confirmed -> markPaid; pending ->
 * remember the transaction and queue a re-check; failed -> the payment fails; declined -> noted
 * (the next capture gets a new PayPal-Request-Id), the payment stays open; unknown -> the payment
 * stays open. Answers the outcome; the HTTP edge decides what the payer is told.
 */
export async function applyVerdict({
  db,
  env,
  jobs,
  payment,
  verdict,
  reference,
  source,
  attempt = 0,
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  payment: Payment;
  verdict: Verdict;
  reference: string;
  source: Source;
  attempt?: number;
}): Promise<Outcome> {
  switch (verdict.state) {
    case 'confirmed':
      await markPaid({
        db,
        env,
        paymentId: payment.id,
        externalId: verdict.externalId,
        source,
        reference,
        detail: verdict.detail,
      });
      return { status: 'confirmed' };
    case 'pending':
      await recordPending({ db, paymentId: payment.id, reference, source, detail: verdict.detail });
      await jobs.send(
        'payment-recheck',
        { paymentId: payment.id, attempt },
        { startAfterSeconds: recheckDelay(env, attempt), singletonKey: `${payment.id}:${attempt}` },
      );
      return { status: 'pending' };
    case 'failed':
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
