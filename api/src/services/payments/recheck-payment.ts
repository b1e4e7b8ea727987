import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyVerdict, recheckDelay } from './apply-verdict.ts';
import { loadPayment } from './load-payment.ts';
import { recordPaymentState } from './record-payment-state.ts';
import type { Verdict } from './verdict.ts';
import { verifyPayment } from './verify-payment.ts';

/**
 * The re-check job: asks again about a pending payment's transaction, with a growing delay,
 * until it is confirmed, fails, or PAYMENT_WATCH_MINUTES after the quote it expires.
 */
export async function recheckPayment({
  db,
  env,
  jobs,
  log,
  paymentId,
  attempt,
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  log: Logger;
  paymentId: string;
  attempt: number;
}) {
  const payment = await loadPayment(db, paymentId);
  if (payment?.status !== 'pending' || !payment.providerReference) return;
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
  const reference = payment.providerReference;
  const again = () =>
    jobs.send(
      'payment-recheck',
      { paymentId, attempt: attempt + 1 },
      {
        startAfterSeconds: recheckDelay(env, attempt + 1),
        singletonKey: `${paymentId}:${attempt + 1}`,
      },
    );
  let verdict: Verdict;
  try {
    verdict = await verifyPayment({ env, log, payment, reference });
  } catch (err) {
    // The provider or node is down: ask again later (the window still ends it).
    log.warn({ err, paymentId }, 'payment re-check could not reach the provider');
    await again();
    return;
  }
  const outcome = await applyVerdict({
    db,
    env,
    jobs,
    payment,
    verdict,
    reference,
    source: 'job',
    attempt: attempt + 1,
  });
  // Not visible yet (or dropped): keep watching until the window ends.
  if (outcome.status === 'unknown') await again();
  if (outcome.status === 'unknown' || outcome.status === 'failed') {
    log.info({ paymentId, verdict: verdict.state }, 'payment re-check');
  }
}
