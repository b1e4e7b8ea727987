import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';

const countOf = (status: (typeof r.status.enumValues)[number]) =>
  sql<number>`(count(${r.id}) filter (where ${r.status} = ${status}))::int`;

/** Per-blast recipient counts, for a select grouped by the blast (recipients left-joined). */
export const recipientCounts = {
  total: sql<number>`count(${r.id})::int`,
  sentCount: countOf('sent'),
  failedCount: countOf('failed'),
  skippedCount: countOf('skipped'),
  pendingCount: countOf('pending'),
  /** Handed to the mail server, outcome not yet recorded. */
  sendingCount: countOf('sending'),
  /** Attempts whose outcome was lost (maybe delivered): not sent again unless an admin resends. */
  unknownCount: countOf('unknown'),
};

/** The columns a blast is shown with, in the history and in its progress. */
export const blastSummaryColumns = {
  id: emailBlasts.id,
  subject: emailBlasts.subject,
  status: emailBlasts.status,
  createdAt: emailBlasts.createdAt,
  finishedAt: emailBlasts.finishedAt,
  attachmentName: emailBlasts.attachmentName,
  /** Set while the mail server refuses for now: the blast resumes then. */
  pausedUntil:
    sql<Date | null>`case when ${emailBlasts.pausedUntil} > now() then ${emailBlasts.pausedUntil} end`.mapWith(
      emailBlasts.pausedUntil,
    ),
  /** The server's refusal that paused the blast. */
  pauseReason: sql<
    string | null
  >`case when ${emailBlasts.pausedUntil} > now() then ${emailBlasts.lastError} end`,
  ...recipientCounts,
};

/** Any string that is not a UUID names no blast: a 404, never a database error. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One blast with its counts, or undefined. */
export async function findBlastSummary(db: DbOrTx, blastId: string) {
  if (!uuidPattern.test(blastId)) return undefined;
  const [row] = await db
    .select(blastSummaryColumns)
    .from(emailBlasts)
    .leftJoin(r, eq(r.blastId, emailBlasts.id))
    .where(eq(emailBlasts.id, blastId))
    .groupBy(emailBlasts.id);
  return row;
}
