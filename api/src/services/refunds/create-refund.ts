import { randomUUID } from 'node:crypto';
import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import { refundMessages as m } from '@studio/shared/messages/refunds';
import { formatUsd } from '@studio/shared/money';
import type { CreateRefundInput } from '@studio/shared/schemas/refunds';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { type RestockLine, refunds } from '../../db/schema/refunds.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Subject } from '../payments/load-payment.ts';
import { completeRefund } from './complete-refund.ts';
import { refundSummary } from './refund-summary.ts';
import { sendPaypalRefund } from './send-paypal-refund.ts';

type Input = Omit<CreateRefundInput, 'restock'> & {
  restock?: { itemId: string; quantity: number }[] | undefined;
};

const hashPatterns = { usdt: /^0x[0-9a-f]{64}$/, alephium: /^[0-9a-f]{64}$/ } as const;

/** The subject's confirmed (or already refunded) payment, locked: every refund of it waits here. */
async function lockPayment(tx: Tx, subject: Subject) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        subject.kind === 'order'
          ? eq(payments.orderId, subject.id)
          : eq(payments.submissionId, subject.id),
        or(eq(payments.status, 'confirmed'), eq(payments.status, 'refunded')),
        isNotNull(payments.confirmedAt),
      ),
    )
    .orderBy(desc(payments.confirmedAt))
    .limit(1)
    .for('update');
  return payment;
}

/** The restock lines asked for, checked against the order's lines and what is left of each. */
function restockLines(
  subject: Subject,
  asked: Input['restock'],
  restockable: Awaited<ReturnType<typeof refundSummary>>['restockable'],
): RestockLine[] {
  const wanted = new Map<string, number>();
  for (const line of asked ?? []) {
    if (line.quantity > 0) wanted.set(line.itemId, (wanted.get(line.itemId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return [];
  if (subject.kind !== 'order') throw new ApiError('UNPROCESSABLE', m.restockOnlyOrders);
  return [...wanted].map(([itemId, quantity]) => {
    const item = restockable.find((i) => i.itemId === itemId);
    if (!item) throw new ApiError('UNPROCESSABLE', m.restockNotInOrder);
    if (quantity > item.left)
      throw new ApiError('UNPROCESSABLE', m.restockTooMany(item.name, item.left));
    return { itemId, productId: item.productId, name: item.name, quantity };
  });
}

/** The crypto refund's transfer, checked and lower-cased; none for PayPal. */
function checkedHash(
  method: 'paypal' | 'usdt' | 'alephium',
  txHash: string | undefined,
  paidWith: string | null,
) {
  const hash = txHash?.trim().toLowerCase() || undefined;
  if (method === 'paypal') {
    if (hash) throw new ApiError('UNPROCESSABLE', m.txHashNotForPaypal);
    return null;
  }
  if (!hash) throw new ApiError('UNPROCESSABLE', m.txHashRequired);
  if (!hashPatterns[method].test(hash)) {
    throw new ApiError('UNPROCESSABLE', method === 'usdt' ? m.txHashUsdt : m.txHashAlephium);
  }
  // The payment's own transfer (`chainId:hash:logIndex` for USDT, the tx id for ALPH).
  if (paidWith?.toLowerCase().split(':').includes(hash)) {
    throw new ApiError('UNPROCESSABLE', m.txHashIsPayment);
  }
  return hash;
}

/**
 * An admin refunds an order or a submission (decision 035), all of what is left or a part:
 * - Under the payment's lock, never more than was paid less the refunds completed and pending,
 *   so two admins refunding at once cannot exceed it; `requestId` seen before is that refund
 *   again (the same amount and subject, else 409), never a second one.
 * - PayPal: the refund is written pending, with its PayPal-Request-Id, and committed before PayPal
 *   is asked; the `refund-settle` job is queued before that commit, so a crash at any point leaves
 *   a row the job (or the same request again) settles with the same id. PayPal's COMPLETED
 *   completes it (201); PENDING keeps it pending for the webhook (202); down is a 503.
 * - USDT and Alephium: the admin sent the money from their wallet; the refund is recorded
 *   completed with its transaction hash (unique), not verified on chain.
 * Completion puts the lines asked for back in stock, moves a full refund's order or submission
 * to refunded and mails the customer (complete-refund.ts). Audited.
 */
export async function createRefund({
  db,
  env,
  jobs,
  log,
  actorId,
  subject,
  input,
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  log: Logger;
  actorId: string;
  subject: Subject;
  input: Input;
}) {
  const notFound =
    subject.kind === 'order' ? orderMessages.notFound : paymentMessages.submissionNotFound;
  if (!isUuid(subject.id)) throw new ApiError('NOT_FOUND', notFound);

  let made: { id: string; method: 'paypal' | 'usdt' | 'alephium' };
  try {
    made = await db.transaction(async (tx) => {
      const [exists] =
        subject.kind === 'order'
          ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, subject.id))
          : await tx
              .select({ id: projectSubmissions.id })
              .from(projectSubmissions)
              .where(eq(projectSubmissions.id, subject.id));
      if (!exists) throw new ApiError('NOT_FOUND', notFound);
      const payment = await lockPayment(tx, subject);
      if (!payment) {
        throw new ApiError(
          'CONFLICT',
          subject.kind === 'order' ? m.orderNotPaid : m.submissionNotPaid,
        );
      }

      const [again] = await tx.select().from(refunds).where(eq(refunds.requestId, input.requestId));
      if (again) {
        const same =
          again.paymentId === payment.id &&
          again.amountCents === input.amountCents &&
          (subject.kind === 'order' ? again.orderId : again.submissionId) === subject.id;
        if (!same) throw new ApiError('CONFLICT', m.requestIdReused);
        return { id: again.id, method: again.method };
      }

      const summary = await refundSummary(tx, subject);
      if (summary.refundableCents <= 0) throw new ApiError('CONFLICT', m.nothingLeft);
      if (input.amountCents > summary.refundableCents) {
        throw new ApiError('UNPROCESSABLE', m.amountTooHigh(formatUsd(summary.refundableCents)));
      }
      const method = payment.method;
      const txHash = checkedHash(method, input.txHash, payment.externalId);
      const restock = restockLines(subject, input.restock, summary.restockable);
      if (method === 'paypal' && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
        throw new ApiError('CONFLICT', m.paypalOff);
      }
      if (txHash) {
        const [used] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(eq(refunds.txHash, txHash));
        if (used) throw new ApiError('CONFLICT', m.txHashUsed);
      }

      const id = randomUUID();
      await tx.insert(refunds).values({
        id,
        paymentId: payment.id,
        orderId: payment.orderId,
        submissionId: payment.submissionId,
        amountCents: input.amountCents,
        method,
        // Pending, the column's default: only transitionRefund moves it on.
        source: 'admin',
        requestId: input.requestId,
        paypalRequestId: method === 'paypal' ? `refund-${input.requestId}` : null,
        txHash,
        reason: input.reason,
        restock,
        actorId,
      });
      await recordAudit({
        db: tx,
        actorId,
        action: 'refund.create',
        entityType: subject.kind,
        entityId: subject.id,
        detail: {
          refundId: id,
          amountCents: input.amountCents,
          method,
          requestId: input.requestId,
          ...(txHash ? { txHash } : {}),
          ...(restock.length
            ? { restock: restock.map(({ name, quantity }) => ({ name, quantity })) }
            : {}),
        },
      });
      if (method === 'paypal') {
        // Queued before the commit: if the commit fails the job finds no refund and does nothing;
        // if the process dies after it, the job asks PayPal with the same PayPal-Request-Id.
        await jobs.send(
          'refund-settle',
          { refundId: id },
          { startAfterSeconds: env.PAYMENT_RECHECK_SECONDS, singletonKey: `refund-${id}` },
        );
      } else {
        await completeRefund(tx, { env, refundId: id, source: 'admin' });
      }
      return { id, method };
    });
  } catch (error) {
    // The same request at the same moment (a double click): the first one's refund is this one.
    if (isUniqueViolation(error, 'refunds_request_id_key')) {
      throw new ApiError('CONFLICT', m.inFlight);
    }
    if (isUniqueViolation(error, 'refunds_tx_hash_key'))
      throw new ApiError('CONFLICT', m.txHashUsed);
    throw error;
  }

  let status = (
    await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, made.id))
  )[0]?.status;
  if (made.method === 'paypal' && status === 'pending') {
    const sent = await sendPaypalRefund({ db, env, log, refundId: made.id, source: 'admin' });
    status = sent.refund.status;
    if (status === 'pending' && !sent.attempted && !sent.refund.providerRefundId) {
      throw new ApiError('CONFLICT', m.inFlight);
    }
  }
  if (status === 'failed') throw new ApiError('UNPROCESSABLE', m.paypalFailed);
  const summary = await refundSummary(db, subject);
  const refund = summary.refunds.find((r) => r.id === made.id);
  if (!refund) throw new Error(`refund ${made.id} vanished`);
  return {
    refund,
    refunds: summary,
    message:
      refund.status === 'pending' ? m.pending : made.method === 'paypal' ? m.completed : m.recorded,
  };
}
