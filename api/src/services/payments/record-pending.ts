import type { Db } from '../../db/client.ts';
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
  await db.transaction((tx) =>
    transitionPayment(tx, {
      paymentId,
      source,
      // Only an open payment takes the reference; the offer is noted either way. A crypto quote
      // keeps the first transaction it watches: one offered later, perhaps by a stranger and not
      // yet mined, must not replace it (its own re-check carries its reference, decision 026).
      set: (payment) =>
        payment.status === 'pending' &&
        (payment.method === 'paypal' || payment.providerReference === null)
          ? { providerReference: reference }
          : {},
      detail,
    }),
  );
}
