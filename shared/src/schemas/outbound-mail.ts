import { z } from 'zod';
import { count, instant, pageFields, rowId } from './admin-answers.ts';
import { paginationSchema } from './pagination.ts';

export const outboundMailStatuses = ['pending', 'sending', 'sent', 'failed', 'unknown'] as const;
export type OutboundMailStatus = (typeof outboundMailStatuses)[number];

/** GET /api/admin/mail: the transactional mail outbox, newest first; by default what needs a look. */
export const adminMailQuerySchema = paginationSchema.extend({
  status: z
    .enum([...outboundMailStatuses, 'attention'], { error: 'Choose a valid mail status' })
    .default('attention'),
});

/** What a row of the outbox shows an admin. */
export const outboundMailItemSchema = z.object({
  id: rowId,
  purpose: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboundMailStatuses),
  attempts: count,
  lastError: z.string().nullable(),
  createdAt: instant,
  attemptedAt: instant.nullable(),
  nextAttemptAt: instant,
  sentAt: instant.nullable(),
});
export type OutboundMailItem = z.output<typeof outboundMailItemSchema>;

/** GET /api/admin/mail: a page of the outbox, and how many mails wait, are sent, failed or unknown. */
export const outboundMailListSchema = z.object({
  mails: z.array(outboundMailItemSchema),
  ...pageFields,
  counts: z.object({ pending: count, sending: count, failed: count, unknown: count }),
});

/** What each purpose reads as in the admin. */
export const mailPurposeLabels: Record<string, string> = {
  'contact-notice': 'Contact message',
  'submission-confirmation': 'Submission confirmation',
  'submission-notice': 'New submission notice',
  'payment-receipt': 'Payment receipt',
  'payment-notice': 'Payment notice',
  'shipping-notice': 'Shipping notice',
  'refund-notice': 'Refund notice',
  'newsletter-confirm': 'Newsletter confirmation',
  'newsletter-welcome': 'Newsletter welcome',
};
