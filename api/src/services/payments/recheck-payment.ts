import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyVerdict, recheckDelay, recheckKey } from './apply-verdict.ts';
import { loadPayable, loadPayment, subjectOf } from './load-payment.ts';
import { paypalCaptureKey } from './paypal-capture-key.ts';
import { recordPaymentState } from './record-payment-state.ts';
import { settleDoubtfulPaypalPayments } from './settle-doubtful-paypal-payments.ts';
import type { Verdict } from './verdict.ts';
import { verifyPayment } from './verify-payment.ts';

/**
 * The re-check job: asks again about a pending payment's transaction, with a growing delay,
 * until it is confirmed, fails, or PAYMENT_WATCH_MINUTES after the quote it expires. A provider
 * or node that cannot be asked (PeerUnavailableError, or anything else) is asked again later.
 * A PayPal decline waits for the buyer to approve again (no re-check).
 */
export async function recheckPayment({
  db,
  env,
  secret,
  jobs,
  log,
  paymentId,
  attempt,
  reference: offered,
}: {
  db: Db;
  env: Env;
  /** Signs a project's room link in its receipt (decision 046). */
  secret: string;
  jobs: Jobs;
  log: Logger;
  paymentId: string;
  attempt: number;
  /** The transaction to ask about; else (PayPal, older jobs) the payment's own reference. */
  reference?: string;
}) {
  const payment = await loadPayment(db, paymentId);
  const reference = offered ?? payment?.providerReference;
  if (payment?.status !== 'pending' || !reference) return;
  if (Date.now() > payment.createdAt.getTime() + env.PAYMENT_WATCH_MINUTES * 60_000) {
    await recordPaymentState({
      db,
      paymentId,
      to: 'expired',
      source: 'job',
      reason: 'not confirmed in time',
    });
    log.warn({ paymentId }, 'pending payment expired');
    return;
  }
  const again = () =>
    jobs.send(
      'payment-recheck',
      { paymentId, attempt: attempt + 1, ...(offered ? { reference } : {}) },
      {
        startAfterSeconds: recheckDelay(env, attempt + 1),
        singletonKey: recheckKey(payment, reference, attempt + 1),
      },
    );
  let verdict: Verdict;
  try {
    // PayPal: the re-check captures an order the buyer approved (after a timeout or an outage),
    // unless what it pays for was paid meanwhile (by another order whose capture went through)
    // or can no longer be paid; then it only reads the order.
    let paypal: { capture: boolean; captureKey: string } | undefined;
    if (payment.method === 'paypal') {
      await settleDoubtfulPaypalPayments({ db, env, secret, jobs, log, payment, source: 'job' });
      const payable = await loadPayable(db, subjectOf(payment));
      paypal = {
        capture: !payable.paid && payable.payable,
        captureKey: await paypalCaptureKey(db, paymentId),
      };
    }
    verdict = await verifyPayment({ env, log, payment, reference, ...paypal });
  } catch (err) {
    // The provider or node is down: ask again later (the window still ends it).
    log.warn({ err, paymentId }, 'payment re-check could not reach the provider');
    await again();
    return;
  }
  const outcome = await applyVerdict({
    db,
    env,
    secret,
    jobs,
    payment,
    verdict,
    reference,
    source: 'job',
    attempt: attempt + 1,
  });
  // Not visible yet (or dropped): keep watching until the window ends.
  if (outcome.status === 'unknown') await again();
  if (outcome.status !== 'confirmed' && outcome.status !== 'pending') {
    log.info({ paymentId, verdict: verdict.state }, 'payment re-check');
  }
}
