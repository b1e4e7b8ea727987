import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/payments.ts';

/**
 * A confirmed crypto payment of an order or a submission, written straight to the database (as
 * if the chain had confirmed it), for tests that refund it.
 */
export async function confirmedCryptoPayment(
  db: Db,
  subject: { orderId: string } | { submissionId: string },
  { method = 'usdt', amountCents }: { method?: 'usdt' | 'alephium'; amountCents: number },
) {
  const hash = randomBytes(32).toString('hex');
  const [row] = await db
    .insert(payments)
    .values({
      ...subject,
      method,
      status: 'confirmed',
      amountCents,
      currency: method === 'usdt' ? 'USDT' : 'ALPH',
      externalId: method === 'usdt' ? `31337:0x${hash}:0` : hash,
      confirmedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** A transaction hash of the method's shape, for a crypto refund the admin says they sent. */
export function refundHash(method: 'usdt' | 'alephium' = 'usdt'): string {
  const hex = randomBytes(32).toString('hex');
  return method === 'usdt' ? `0x${hex}` : hex;
}

export const requestId = () => randomUUID();
