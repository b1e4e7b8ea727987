import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { type PaymentEventSource, transitionPayment } from './transition-payment.ts';

/** Notes the transaction offered for a pending payment, to watch until it confirms. */
export async function recordPending({
  db,
  paymentId,
  reference,
  source,
  detail,
}: {
  db: Db;
  paymentId: string;
  reference: string;
  source: PaymentEventSource;
  detail: Record<string, unknown>;
}) {
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        status: payments.status,
        method: payments.method,
        providerReference: payments.providerReference,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    // Only an open payment takes the reference; the offer is noted either way. A crypto quote
    // keeps the first transaction it watches: one offered later, perhaps by a stranger and not
    // yet mined, must not replace it (its own re-check carries its reference, decision 026).
    const takes =
      payment?.status === 'pending' &&
      (payment.method === 'paypal' || payment.providerReference === null);
    const set = takes ? { providerReference: reference } : {};
    await transitionPayment(tx, { paymentId, source, set, detail });
  });
}
