import { blastMessages as m } from '@studio/shared/messages/blasts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findBlastSummary } from './find-blast-summary.ts';

/** GET /api/admin/email-blasts/:id: the blast, its counts and every recipient's outcome. */
export async function getBlastProgress({ db, blastId }: { db: Db; blastId: string }) {
  const blast = await findBlastSummary(db, blastId);
  if (!blast) throw new ApiError('NOT_FOUND', m.blastNotFound);
  const recipients = await db
    .select({ email: r.email, status: r.status, error: r.error, sentAt: r.sentAt })
    .from(r)
    .where(eq(r.blastId, blast.id))
    .orderBy(asc(r.email));
  return { blast, recipients };
}
