import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendPaypalRefund } from './send-paypal-refund.ts';

/**
 * The `refund-settle` job: a PayPal refund still pending (its request crashed, timed out or met
 * PayPal down) is asked of PayPal again with its one PayPal-Request-Id, so PayPal makes it or
 * answers the refund it already made. PayPal still down, or another attempt under way, fails the
 * job, which pg-boss runs again with backoff; a refusal or a completed refund ends it.
 */
export async function settleRefund({
  db,
  env,
  log,
  refundId,
}: Pick<Deps, 'db' | 'env' | 'log'> & { refundId: string }): Promise<void> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (refund?.status !== 'pending' || refund.method !== 'paypal') return;
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
