import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/payments.ts';

/**
 * The answer already given for `reference` offered for this payment, if it could never pay it
 * (recordFailedOffer): the same offer gets the same answer again, without asking the chain.
 */
export async function findFailedOffer({
  db,
  paymentId,
  reference,
}: {
  db: Db;
  paymentId: string;
  reference: string;
}): Promise<string | null> {
  const [row] = await db
    .select({ message: sql<string | null>`${paymentEvents.detail}->>'message'` })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, paymentId),
        sql`${paymentEvents.detail}->>'failedOffer' = ${reference}`,
      ),
    )
    .orderBy(desc(paymentEvents.createdAt))
    .limit(1);
  return row?.message ?? null;
}
