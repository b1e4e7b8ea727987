import { z } from 'zod';
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
export interface OutboundMailItem {
  id: string;
  purpose: string;
  to: string;
  subject: string;
  status: OutboundMailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  attemptedAt: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
}

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
