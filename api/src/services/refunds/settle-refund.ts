import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { type Refund, refunds } from '../../db/schema/refunds.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type PaypalRefund, paypalClient } from '../payments/paypal-client.ts';
import { PeerUnavailableError } from '../payments/peer-unavailable-error.ts';
import { completeRefund } from './complete-refund.ts';
import { paypalCents } from './paypal-cents.ts';
import { sendPaypalRefund } from './send-paypal-refund.ts';
import { transitionRefund } from './transition-refund.ts';

/** Looks at a refund PayPal answered PENDING at most this long after it was asked for. */
const PENDING_FOR_AT_MOST_MS = 30 * 86_400_000;
/** The longest wait between two looks. */
const LONGEST_WAIT_SECONDS = 6 * 3600;

/**
 * The `refund-settle` job.
 *
 * - A PayPal refund still pending whose request crashed, timed out or met PayPal down is asked of
 *   PayPal again with its one PayPal-Request-Id, so PayPal makes it or answers the refund it
 *   already made. PayPal still down, or another attempt under way, fails the job, which pg-boss
 *   runs again with backoff; a refusal or a completed refund ends it.
 * - A refund PayPal answered PENDING (an eCheck, a review) is looked at with "Show refund
 *   details" until it ends: COMPLETED completes it (if the webhook has not already), FAILED or
 *   CANCELLED fails it and frees its amount. Each look queues the next, waiting twice as long as
 *   the last (from PAYMENT_RECHECK_SECONDS up to 6 hours), for 30 days.
 */
export async function settleRefund({
  db,
  env,
  log,
  jobs,
  refundId,
  check = 0,
}: Pick<Deps, 'db' | 'env' | 'log' | 'jobs'> & { refundId: string; check?: number }) {
  const refund = await findRefund(db, refundId);
  if (refund?.status !== 'pending' || refund.method !== 'paypal') return;
  if (refund.providerRefundId) {
    await lookAtPendingRefund({
      db,
      env,
      log,
      refundId,
      providerRefundId: refund.providerRefundId,
    });
  } else {
    try {
      const sent = await sendPaypalRefund({ db, env, log, refundId, source: 'job' });
      if (!sent.attempted && !sent.refund.providerRefundId) {
        throw new Error(`refund ${refundId}: another attempt is under way`);
      }
    } catch (error) {
      // Refused by PayPal: recorded as failed, nothing left to do.
      if (error instanceof ApiError && error.code === 'UNPROCESSABLE') return;
      throw error;
    }
  }
  const after = await findRefund(db, refundId);
  if (after?.status !== 'pending' || !after.providerRefundId) return;
  if (Date.now() - after.createdAt.getTime() > PENDING_FOR_AT_MOST_MS) {
    log.error({ refundId }, 'a PayPal refund is still pending after 30 days; no longer checked');
    return;
  }
  const next = check + 1;
  await jobs.send(
    'refund-settle',
    { refundId, check: next },
    {
      startAfterSeconds: Math.min(env.PAYMENT_RECHECK_SECONDS * 2 ** check, LONGEST_WAIT_SECONDS),
      singletonKey: `refund-${refundId}-look-${next}`,
    },
  );
}

async function findRefund(db: Deps['db'], refundId: string): Promise<Refund | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return refund;
}

/** One look at a refund PayPal answered PENDING. */
async function lookAtPendingRefund({
  db,
  env,
  log,
  refundId,
  providerRefundId,
}: Pick<Deps, 'db' | 'env' | 'log'> & { refundId: string; providerRefundId: string }) {
  let now: PaypalRefund;
  try {
    now = await paypalClient(env).getRefund(providerRefundId);
  } catch (error) {
    // PayPal down or slow: the next look asks again.
    if (error instanceof PeerUnavailableError) {
      log.warn({ err: error, refundId }, 'PayPal unavailable to look at a pending refund');
      return;
    }
    throw error;
  }
  if (now.status === 'COMPLETED') {
    const total = paypalCents(now.seller_payable_breakdown?.total_refunded_amount);
    await db.transaction((tx) =>
      completeRefund(tx, {
        env,
        refundId,
        source: 'job',
        providerRefundId,
        paypal: total === undefined ? {} : { totalRefundedCents: total },
      }),
    );
  } else if (now.status === 'FAILED' || now.status === 'CANCELLED') {
    const why = now.status_details?.reason;
    await db.transaction((tx) =>
      transitionRefund(tx, {
        refundId,
        to: 'failed',
        reason: `PayPal: ${now.status}${why ? ` (${why})` : ''}`,
      }),
    );
  }
}
