import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/payments.ts';

/**
 * The PayPal-Request-Id of a payment's capture. Every retry of one capture sends the same one,
 * so PayPal captures at most once; a capture PayPal declined (INSTRUMENT_DECLINED) is over, and
 * the capture after the buyer approved again with another funding source gets a new one (the old
 * one would be answered with the decline again).
 */
export async function paypalCaptureKey(db: DbOrTx, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ declines: count() })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, paymentId),
        sql`${paymentEvents.detail}->>'declined' = 'true'`,
      ),
    );
  const declines = row?.declines ?? 0;
  return declines === 0 ? `capture-${paymentId}` : `capture-${paymentId}-${declines}`;
}
