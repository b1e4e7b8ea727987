import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyVerdict } from './apply-verdict.ts';
import type { Payment } from './load-payment.ts';
import { verifyPaypalOrder } from './verify-paypal-order.ts';

/**
 * Before `payment`'s PayPal order is captured: the other open PayPal payments for the same
 * submission or order whose capture timed out or could not be checked (PayPal may have captured
 * them all the same) are read again at PayPal, without capturing, and a capture found there
 * marks them paid. A buyer who approved a second order after a 503 is then not charged twice.
 * Answers whether one was paid; throws PeerUnavailableError while PayPal cannot be asked.
 */
export async function settleDoubtfulPaypalPayments({
  db,
  env,
  secret,
  jobs,
  log,
  payment,
  source,
}: {
  db: Db;
  env: Env;
  /** Signs a project's room link in its receipt (decision 046). */
  secret: string;
  jobs: Jobs;
  log: Logger;
  payment: Payment;
  source: 'client' | 'job' | 'webhook';
}): Promise<boolean> {
  const sameSubject = payment.orderId
    ? eq(payments.orderId, payment.orderId)
    : eq(payments.submissionId, payment.submissionId ?? '');
  const doubtful = await db
    .select()
    .from(payments)
    .where(
      and(
        sameSubject,
        eq(payments.method, 'paypal'),
        eq(payments.status, 'pending'),
        ne(payments.id, payment.id),
        sql`exists (select 1 from ${paymentEvents} where ${paymentEvents.paymentId} = ${payments.id} and ${paymentEvents.detail} ? 'unavailable')`,
      ),
    );
  let paid = false;
  for (const other of doubtful) {
    if (!other.providerReference) continue;
    const verdict = await verifyPaypalOrder({ env, log, payment: other, capture: false });
    if (verdict.state !== 'confirmed') continue;
    const outcome = await applyVerdict({
      db,
      env,
      secret,
      jobs,
      payment: other,
      verdict,
      reference: other.providerReference,
      source,
    });
    if (outcome.status === 'confirmed') paid = true;
  }
  return paid;
}
