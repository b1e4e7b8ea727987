import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MailMessage } from '../../services/mail/mailer.ts';
import { id } from './columns.ts';

/**
 * pending: waits for its next attempt; sending: handed to the mail server, outcome not yet
 * recorded; sent; failed: refused for good or out of retries; unknown: an attempt whose process
 * died (or shut down) before the server answered: it may have arrived, so it is not sent again
 * unless an admin says so.
 */
export const outboundMailStatus = pgEnum('outbound_mail_status', [
  'pending',
  'sending',
  'sent',
  'failed',
  'unknown',
]);

/** The stored message: what `Mailer.send` takes (no attachments), rendered when queued. */
export type StoredMail = Omit<MailMessage, 'attachments'>;

/**
 * The transactional mail outbox (services/mail): each row is written in the transaction of the
 * change that causes it and mailed by a worker after the commit. `key` (purpose and subject)
 * is unique, so a message is queued, and therefore sent, at most once.
 */
export const outboundMail = pgTable(
  'outbound_mail',
  {
    id: id(),
    key: text().notNull(),
    purpose: text().notNull(),
    subjectId: text().notNull(),
    toAddress: text().notNull(),
    message: jsonb().$type<StoredMail>().notNull(),
    status: outboundMailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbound_mail_key_key').on(t.key),
    index('outbound_mail_status_next_idx').on(t.status, t.nextAttemptAt),
    index('outbound_mail_created_at_idx').on(t.createdAt),
  ],
);
