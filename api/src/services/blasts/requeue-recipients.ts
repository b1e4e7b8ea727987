import { blastMessages as m } from '@studio/shared/messages/blasts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { uuidPattern } from './find-blast-summary.ts';
import { transitionBlastRecipient } from './transition-blast-recipient.ts';

/**
 * An admin's retry or resend: the blast's recipients in status `from` become pending again, the
 * blast is reopened, the action is audited, and the job is queued. Everyone else stays as they
 * are. Answers how many were requeued (409 `nothing` when none).
 */
export async function requeueRecipients({
  db,
  jobs,
  blastId,
  actorId,
  from,
  action,
  nothing,
}: {
  db: Db;
  jobs: Jobs;
  blastId: string;
  actorId: string | null;
  from: 'failed' | 'unknown';
  action: 'blast.retry' | 'blast.resend-unknown';
  nothing: string;
}): Promise<{ blastId: string; status: string; requeued: number }> {
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
    const requeued = await transitionBlastRecipient(tx, { move: 'requeue', blastId, from });
    if (requeued.length === 0) throw new ApiError('CONFLICT', nothing);
    await recordAudit({
      db: tx,
      actorId,
      action,
      entityType: 'email_blast',
      entityId: blastId,
      detail: { recipients: requeued.length },
    });
    return { blastId, status: blast.status, requeued: requeued.length };
  });
  await jobs.send('email-blast', { blastId });
  return result;
}
