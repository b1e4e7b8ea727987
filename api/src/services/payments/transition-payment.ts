import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type paymentEventSource, paymentEvents, payments } from '../../db/schema/payments.ts';
import { recordAudit } from '../audit/record-audit.ts';

type Payment = typeof payments.$inferSelect;
type PaymentStatus = Payment['status'];
export type PaymentEventSource = (typeof paymentEventSource.enumValues)[number];

/** The columns that go with a move, or what they are once the locked payment is read. */
type Changes = Partial<Pick<Payment, 'externalId' | 'confirmedAt' | 'providerReference'>>;

export type PaymentTransition =
  | { changed: true; payment: Payment }
  | { changed: false; payment: Payment | null; reason: 'not-allowed' | 'missing' };

/**
 * The moves a payment can make: an open one is confirmed, fails or expires; a confirmed one can
 * be refunded (or reversed). Nothing else, whoever asks.
 */
const allowedFrom: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: [],
  confirmed: ['pending'],
  failed: ['pending'],
  expired: ['pending'],
  refunded: ['confirmed'],
};

/**
 * The only code that changes a payment's status. Inside the caller's transaction it locks the
 * payment, checks the move is allowed, writes the status (with `set`, the columns that go with
 * it), the payment's history row (`payment_events`, with its source) and, for a real change, the
 * audit row. Without `to` it only notes something in the history (a transaction offered, a
 * partial refund); `opened` records a new payment's first status. `set` may be made from the
 * locked payment, so a caller that decides by the row does not read it a second time.
 */
export async function transitionPayment(
  tx: Tx,
  {
    paymentId,
    to,
    source,
    opened = false,
    reason,
    set: setFor = {},
    detail = {},
  }: {
    paymentId: string;
    to?: PaymentStatus;
    source: PaymentEventSource;
    opened?: boolean;
    /** Why it failed, expired or was refunded: kept on the payment for the admin. */
    reason?: string;
    set?: Changes | ((locked: Payment) => Changes);
    detail?: Record<string, unknown>;
  },
): Promise<PaymentTransition> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) return { changed: false, payment: null, reason: 'missing' };
  const set = typeof setFor === 'function' ? setFor(payment) : setFor;
  const history = reason ? { reason, ...detail } : detail;
  if (opened || to === undefined) {
    if (Object.keys(set).length > 0) {
      await tx.update(payments).set(set).where(eq(payments.id, paymentId));
    }
    await tx.insert(paymentEvents).values({
      paymentId,
      fromStatus: opened ? null : payment.status,
      toStatus: payment.status,
      source,
      detail: history,
    });
    return { changed: true, payment: { ...payment, ...set } };
  }
  if (!allowedFrom[to].includes(payment.status)) {
    return { changed: false, payment, reason: 'not-allowed' };
  }
  const changes = {
    status: to,
    failureReason: to === 'confirmed' ? null : (reason ?? null),
    ...set,
  };
  await tx.update(payments).set(changes).where(eq(payments.id, paymentId));
  await tx.insert(paymentEvents).values({
    paymentId,
    fromStatus: payment.status,
    toStatus: to,
    source,
    detail: history,
  });
  await recordAudit({
    db: tx,
    actorId: null,
    action: 'payment.status',
    entityType: 'payment',
    entityId: paymentId,
    detail: { from: payment.status, to, source, ...(reason ? { reason } : {}) },
  });
  return { changed: true, payment: { ...payment, ...changes } };
}
