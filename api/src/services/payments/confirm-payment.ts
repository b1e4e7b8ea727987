import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { User } from '../../db/schema/users.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { applyVerdict, recheckDelay, recheckKey } from './apply-verdict.ts';
import { checkPayer } from './check-payer.ts';
import { findFailedOffer } from './find-failed-offer.ts';
import { limitFailedOffers } from './limit-failed-offers.ts';
import { loadPayable, type Subject } from './load-payment.ts';
import { isEnabled } from './payment-settings.ts';
import { paypalCaptureKey } from './paypal-capture-key.ts';
import { PeerUnavailableError } from './peer-unavailable-error.ts';
import { recordPending } from './record-pending.ts';
import { settleDoubtfulPaypalPayments } from './settle-doubtful-paypal-payments.ts';
import type { Verdict } from './verdict.ts';
import { verifyPayment } from './verify-payment.ts';

/** Alephium transactions carry no time we check, so the offer itself must come in time. */
const ALPH_GRACE_MS = 5 * 60 * 1000;

/**
 * Verifies a transaction offered for a submission or an order against its open payment (quote)
 * for that method; the client's amount is never used. Answers confirmed or pending, or throws
 * a 4xx when the payment cannot be offered (the verdict itself is an outcome, not an error), or
 * a 503 with Retry-After when the provider or chain cannot be asked now (the payment stays
 * pending and its re-check is queued).
 */
export async function confirmPayment({
  db,
  counters,
  env,
  secret,
  jobs,
  log,
  subject,
  caller,
  method,
  reference: offered,
  clientAddress,
}: {
  db: Db;
  counters: Counters;
  env: Env;
  /** Signs a project's room link in its receipt (decision 046). */
  secret: string;
  jobs: Jobs;
  log: Logger;
  subject: Subject;
  /** The signed-in person asking, if any: an order is paid only by its customer. */
  caller: User | null;
  method: PaymentMethod;
  reference: string;
  /** Who offers it, for the limit on offers that do not pay (limitFailedOffers). */
  clientAddress: string;
}) {
  // Hex hashes and ids in one case, so a transaction is one reference however it is written.
  const reference = method === 'paypal' ? offered : offered.toLowerCase();
  await checkPayer({ db, subject, caller });
  if (!isEnabled(env, method))
    throw new ApiError('UNPROCESSABLE', paymentMessages.methodUnavailable);
  const payable = await loadPayable(db, subject);

  const column = subject.kind === 'order' ? payments.orderId : payments.submissionId;
  const candidates = await db
    .select()
    .from(payments)
    .where(and(eq(column, subject.id), eq(payments.method, method)))
    .orderBy(desc(payments.createdAt))
    .limit(20);
  // The payment this transaction was already offered for, else (crypto) the newest open quote.
  const payment =
    candidates.find((p) => p.providerReference === reference) ??
    (method === 'paypal' ? undefined : candidates.find((p) => p.status === 'pending'));
  if (!payment) throw new ApiError('UNPROCESSABLE', paymentMessages.quoteNotFound);
  if (payment.status === 'confirmed')
    return { status: 'confirmed' as const, paymentId: payment.id };
  if (payment.status !== 'pending') {
    throw new ApiError('UNPROCESSABLE', paymentMessages.quoteExpired);
  }
  // PayPal money moves only when we capture: never capture for something already paid (a
  // second tab's order) or no longer payable (an order whose hold ran out). Crypto has already
  // moved, so it is still verified and recorded, for a refund.
  if (method === 'paypal' && (payable.paid || !payable.payable)) {
    throw new ApiError(
      'CONFLICT',
      payable.paid ? paymentMessages.alreadyPaid : orderMessages.notPayable,
    );
  }
  if (method !== 'paypal') {
    // A transaction that paid another payment never pays this one (its external id is UNIQUE
    // too, but the chain need not be asked): refused at once, and for good.
    const [used] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.providerReference, reference),
          inArray(payments.status, ['confirmed', 'refunded']),
          ne(payments.id, payment.id),
        ),
      )
      .limit(1);
    if (used) throw new ApiError('CONFLICT', paymentMessages.alreadyUsed);
    // One that could never pay this payment gets the same answer again, without the chain.
    const known = await findFailedOffer({ db, paymentId: payment.id, reference });
    if (known) throw new ApiError('UNPROCESSABLE', known);
  }
  if (
    method === 'alephium' &&
    payment.providerReference !== reference &&
    Date.now() > (payment.quoteExpiresAt?.getTime() ?? 0) + ALPH_GRACE_MS
  ) {
    throw new ApiError('UNPROCESSABLE', paymentMessages.quoteExpired);
  }

  let verdict: Verdict;
  try {
    // A capture of an earlier PayPal order for this that PayPal may have made after all (it timed
    // out) is looked up first: never capture a second one for something that is paid.
    if (
      method === 'paypal' &&
      (await settleDoubtfulPaypalPayments({
        db,
        env,
        secret,
        jobs,
        log,
        payment,
        source: 'client',
      }))
    ) {
      const now = await loadPayable(db, subject);
      if (now.paid || !now.payable) {
        throw new ApiError(
          'CONFLICT',
          now.paid ? paymentMessages.alreadyPaid : orderMessages.notPayable,
        );
      }
    }
    verdict = await verifyPayment({
      env,
      log,
      payment,
      reference,
      ...(method === 'paypal' ? { captureKey: await paypalCaptureKey(db, payment.id) } : {}),
    });
  } catch (error) {
    if (!(error instanceof PeerUnavailableError)) throw error;
    // PayPal, the RPC endpoint or the node is down or too slow: what was offered is kept, the
    // payment stays open and its re-check asks again (a capture PayPal did make is found then).
    log.warn({ err: error, paymentId: payment.id, peer: error.peer }, 'payment peer unavailable');
    await recordPending({
      db,
      paymentId: payment.id,
      reference,
      source: 'client',
      detail: { unavailable: error.detail },
    });
    const delay = recheckDelay(env, 0);
    await jobs.send(
      'payment-recheck',
      { paymentId: payment.id, attempt: 0, reference },
      { startAfterSeconds: delay, singletonKey: recheckKey(payment, reference, 0) },
    );
    throw ApiError.unavailable(paymentMessages.peerUnavailable, delay);
  }
  const outcome = await applyVerdict({
    db,
    env,
    secret,
    jobs,
    payment,
    verdict,
    reference,
    source: 'client',
    payable,
  });
  // Offers that do not pay are limited per payment and address; one that pays never is.
  if (outcome.status === 'failed' && outcome.firstOffer) {
    await limitFailedOffers({ counters, env, paymentId: payment.id, clientAddress });
  } else if (outcome.status === 'unknown' && method !== 'paypal') {
    // Not on chain (yet): costs a lookup, harms no quote; counted per address only.
    await limitFailedOffers({ counters, env, clientAddress });
  }
  return { ...outcome, paymentId: payment.id };
}
