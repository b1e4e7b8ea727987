import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { transitionOrder } from '../services/orders/transition-order.ts';
import { transitionSubmission } from '../services/submissions/transition-submission.ts';
import { createSubmission } from './submissions.ts';

/** Marks an order paid as the admin's "Mark as Paid" does: it gets its invoice number. */
export async function markOrderPaid(db: Db, orderId: string) {
  await db.transaction((tx) => transitionOrder(tx, { orderId, to: 'paid', source: 'admin' }));
  return orderId;
}

/** A submission of `userId`'s account (none: a visitor's), paid: it has its invoice number. */
export async function paidSubmission(db: Db, userId: string | null, id?: string) {
  const { submission, service } = await createSubmission(db, 'SM-001', id);
  await db
    .update(projectSubmissions)
    .set({ userId })
    .where(eq(projectSubmissions.id, submission.id));
  await db.transaction((tx) =>
    transitionSubmission(tx, { submissionId: submission.id, to: 'paid', source: 'admin' }),
  );
  return { submission, service };
}
