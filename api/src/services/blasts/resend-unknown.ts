import { blastMessages as m } from '@studio/shared/messages/blasts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { requeueRecipients } from './requeue-recipients.ts';

/**
 * POST /api/admin/email-blasts/:id/resend-unknown: the recipients whose attempt has no known
 * outcome (the sending process died, or the connection broke mid-message) become pending again
 * and the job is queued. The job never does this on its own: some of them may have received the
 * message already, so it is an admin's choice, and audited.
 */
export async function resendUnknown(input: {
  db: Db;
  jobs: Jobs;
  blastId: string;
  actorId: string | null;
}) {
  const { requeued, ...rest } = await requeueRecipients({
    ...input,
    from: 'unknown',
    action: 'blast.resend-unknown',
    nothing: m.nothingToResend,
  });
  return { ...rest, resent: requeued };
}
