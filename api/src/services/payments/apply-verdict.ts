import { messages } from '@studio/shared/messages';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Payment } from './load-payment.ts';
import { markPaid } from './mark-paid.ts';
import { recordPaymentState, recordPending } from './record-payment-state.ts';
import type { Verdict } from './verdict.ts';

type Source = 'client' | 'job' | 'webhook';

export type Outcome = { status: 'confirmed' } | { status: 'pending' };

/** Seconds before the n-th re-check: doubling from PAYMENT_RECHECK_SECONDS, at most 10 minutes. */
export function recheckDelay(env: Pick<Env, 'PAYMENT_RECHECK_SECONDS'>, attempt: number): number {
  return Math.min(env.PAYMENT_RECHECK_SECONDS * 2 ** attempt, 600);
}

/**
 * Acts on what a provider or chain said about a payment: confirmed -> markPaid; pending ->
 * remember the transaction and queue a re-check; failed -> the payment fails, and the caller
 * gets a 422 with the reason; unknown -> 404, the payment stays open.
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
        jobs,
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
        status: 'failed',
        source,
        reason: verdict.reason,
        detail: verdict.detail,
      });
      throw new ApiError('UNPROCESSABLE', verdict.message);
    case 'unknown':
      throw new ApiError('NOT_FOUND', messages.payments.unknownTransaction);
  }
}
