import type { StatusSource } from '@studio/shared/statuses';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  projectSubmissions,
  submissionStatusHistory,
} from '../../db/schema/project-submissions.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';

type PaymentState = (typeof projectSubmissions.$inferSelect)['paymentState'];

export type SubmissionTransition =
  | { changed: true; from: PaymentState }
  | { changed: false; from: PaymentState | null; reason: 'same' | 'missing' };

/**
 * The only code that changes a submission's payment state: paid when its payment is confirmed,
 * refunded when all of that payment is given back (decision 035). Inside the caller's
 * transaction it locks the submission and writes the state, its history row (with its source)
 * and the audit row.
 * `opened` records a new submission's first state in the history without changing anything.
 */
export async function transitionSubmission(
  tx: Tx,
  {
    submissionId,
    to,
    source,
    actorId = null,
    opened = false,
    detail = {},
  }: {
    submissionId: string;
    to: PaymentState;
    source: StatusSource;
    actorId?: string | null;
    opened?: boolean;
    detail?: Record<string, unknown>;
  },
): Promise<SubmissionTransition> {
  const [submission] = await tx
    .select({ paymentState: projectSubmissions.paymentState })
    .from(projectSubmissions)
    .where(eq(projectSubmissions.id, submissionId))
    .for('update');
  if (!submission) return { changed: false, from: null, reason: 'missing' };
  const from = submission.paymentState;
  if (opened) {
    await tx
      .insert(submissionStatusHistory)
      .values({ submissionId, status: from, source, changedBy: actorId });
    return { changed: true, from };
  }
  if (from === to) return { changed: false, from, reason: 'same' };
  await tx
    .update(projectSubmissions)
    .set({
      paymentState: to,
      // A refunded submission keeps when it was paid.
      ...(to === 'paid' ? { paidAt: new Date() } : to === 'refunded' ? {} : { paidAt: null }),
    })
    .where(eq(projectSubmissions.id, submissionId));
  await tx
    .insert(submissionStatusHistory)
    .values({ submissionId, status: to, source, changedBy: actorId });
  // Paid: its invoice number, once (decision 036).
  if (to === 'paid') await issueInvoice(tx, { subject: { kind: 'submission', id: submissionId } });
  await recordAudit({
    db: tx,
    actorId,
    action: 'submission.payment_state',
    entityType: 'submission',
    entityId: submissionId,
    detail: { from, to, source, ...detail },
  });
  return { changed: true, from };
}
