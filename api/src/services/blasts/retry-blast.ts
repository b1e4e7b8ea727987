import { blastMessages as m } from '@studio/shared/messages/blasts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { requeueRecipients } from './requeue-recipients.ts';

/**
 * POST /api/admin/email-blasts/:id/retry: the failed recipients become pending again and the
 * job is queued; everyone already mailed stays as they are.
 */
export async function retryBlast(input: {
  db: Db;
  jobs: Jobs;
  blastId: string;
  actorId: string | null;
}) {
  const { requeued, ...rest } = await requeueRecipients({
    ...input,
    from: 'failed',
    action: 'blast.retry',
    nothing: m.nothingToRetry,
  });
  return { ...rest, retried: requeued };
}
