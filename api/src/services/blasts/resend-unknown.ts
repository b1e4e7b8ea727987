import { blastMessages as m } from '@studio/shared/messages-blasts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { uuidPattern } from './find-blast-summary.ts';

/**
 * POST /api/admin/email-blasts/:id/resend-unknown: the recipients whose attempt has no known
 * outcome (the sending process died, or the connection broke mid-message) become pending again
 * and the job is queued. The job never does this on its own: some of them may have received the
 * message already, so it is an admin's choice, and audited.
 */
export async function resendUnknown({
  db,
  jobs,
  blastId,
  actorId,
}: {
  db: Db;
  jobs: Jobs;
  blastId: string;
  actorId: string | null;
}) {
  if (!uuidPattern.test(blastId)) throw new ApiError('NOT_FOUND', m.blastNotFound);
  const result = await db.transaction(async (tx) => {
    // The blast row first: a job finishing this blast waits for this transaction.
    const [blast] = await tx
      .update(emailBlasts)
      .set({
        status: sql`case when ${emailBlasts.status} = 'done' then 'queued' else ${emailBlasts.status} end`,
        finishedAt: null,
      })
      .where(eq(emailBlasts.id, blastId))
      .returning({ id: emailBlasts.id, status: emailBlasts.status });
    if (!blast) throw new ApiError('NOT_FOUND', m.blastNotFound);
    const resent = await tx
      .update(r)
      .set({ status: 'pending', error: null })
      .where(and(eq(r.blastId, blastId), eq(r.status, 'unknown')))
      .returning({ id: r.id });
    if (resent.length === 0) throw new ApiError('CONFLICT', m.nothingToResend);
    await recordAudit({
      db: tx,
      actorId,
      action: 'blast.resend-unknown',
      entityType: 'email_blast',
      entityId: blastId,
      detail: { recipients: resent.length },
    });
    return { blastId, status: blast.status, resent: resent.length };
  });
  await jobs.send('email-blast', { blastId });
  return result;
}
