import { z } from 'zod';
import { count, instant, pageFields, rowId } from './admin-answers.ts';
import { blastRecipientStatuses, blastStatuses } from './blasts.ts';

/** A blast with its recipients' counts, as the history and its progress show it. */
export const blastSummarySchema = z
  .object({
    id: rowId,
    subject: z.string(),
    status: z.enum(blastStatuses),
    createdAt: instant,
    finishedAt: instant.nullable(),
    attachmentName: z.string().nullable(),
    /** Set while the mail server refuses for now: the blast resumes then. */
    pausedUntil: instant.nullable(),
    /** The server's refusal that paused the blast. */
    pauseReason: z.string().nullable(),
    total: count,
    sentCount: count,
    failedCount: count,
    skippedCount: count,
    pendingCount: count,
    /** Handed to the mail server, outcome not yet recorded. */
    sendingCount: count,
    /** Attempts whose outcome was lost (maybe delivered). */
    unknownCount: count,
  })
  .meta({ id: 'BlastSummary' });

/** POST /api/events/admin/send-email-blast, finished within the wait: the spec's counts. */
export const blastSentSchema = z.object({
  sentCount: count,
  failedCount: count,
  skippedCount: count,
  blastId: rowId,
});

/** The same, still sending when the wait ended (202): followed in the history. */
export const blastSendingSchema = z.object({
  blastId: rowId,
  status: z.enum(blastStatuses),
  sentCount: count,
  failedCount: count,
  total: count,
});

/** GET /api/admin/email-blasts */
export const blastListSchema = z.object({ blasts: z.array(blastSummarySchema), ...pageFields });

/** GET /api/admin/email-blasts/:id: the blast and every recipient's outcome. */
export const blastProgressSchema = z.object({
  blast: blastSummarySchema,
  recipients: z.array(
    z.object({
      email: z.string(),
      status: z.enum(blastRecipientStatuses),
      error: z.string().nullable(),
      sentAt: instant.nullable(),
    }),
  ),
});

/** POST /api/admin/email-blasts/:id/retry (202): how many failed recipients go again. */
export const blastRetrySchema = z.object({ blastId: rowId, status: z.string(), retried: count });

/** POST /api/admin/email-blasts/:id/resend-unknown (202): how many go again. */
export const blastResendSchema = z.object({ blastId: rowId, status: z.string(), resent: count });
