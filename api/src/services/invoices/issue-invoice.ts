import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Invoice, invoiceCounters, invoices } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/orders.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';

export type InvoiceSubject = { kind: 'order'; id: string } | { kind: 'submission'; id: string };

/**
 * Gives a paid order or submission its invoice number, in the transaction that pays it
 * (decision 036). Once only: an order paid again (a second status change, a race between the
 * customer and a webhook) keeps its first number. The number is the year's counter raised under
 * its row lock until this transaction ends: concurrent payments take their turns, and a payment
 * rolled back takes its number back with it, so a year's numbers run 1, 2, 3 with no gap.
 */
export async function issueInvoice(
  tx: Tx,
  { subject, issuedAt = new Date() }: { subject: InvoiceSubject; issuedAt?: Date },
): Promise<Invoice> {
  // The subject's row lock (transitionOrder / transitionSubmission already hold it) makes the
  // check below and the insert one step for this subject.
  if (subject.kind === 'order') {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, subject.id)).for('update');
  } else {
    await tx
      .select({ id: projectSubmissions.id })
      .from(projectSubmissions)
      .where(eq(projectSubmissions.id, subject.id))
      .for('update');
  }
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(
      subject.kind === 'order'
        ? eq(invoices.orderId, subject.id)
        : eq(invoices.submissionId, subject.id),
    )
    .limit(1);
  if (existing) return existing;

  // Years by UTC, as stored dates are.
  const year = issuedAt.getUTCFullYear();
  // One statement takes the year's row lock (as SELECT ... FOR UPDATE would) and raises it, or
  // makes the row for the year's first invoice; a concurrent first waits on it, then raises it.
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  if (!counter) throw new Error('invoice counter not raised');
  const [invoice] = await tx
    .insert(invoices)
    .values({
      year,
      number: counter.number,
      issuedAt,
      orderId: subject.kind === 'order' ? subject.id : null,
      submissionId: subject.kind === 'submission' ? subject.id : null,
    })
    .returning();
  if (!invoice) throw new Error('invoice not stored');
  return invoice;
}
