import { relations } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

export const blastStatus = pgEnum('blast_status', ['queued', 'sending', 'done']);
export const blastRecipientStatus = pgEnum('blast_recipient_status', [
  'pending',
  'sent',
  'failed',
  'skipped',
  // Handed to the mail server, outcome not yet recorded (the attempt is committed first).
  'sending',
  // An attempt whose worker died before the server answered: maybe delivered, never re-sent
  // unless an admin chooses to.
  'unknown',
]);

export const emailBlasts = pgTable(
  'email_blasts',
  {
    id: id(),
    subject: text().notNull(),
    message: text(),
    attachmentKey: text(),
    attachmentName: text(),
    attachmentType: text(),
    status: blastStatus().notNull().default('queued'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** A temporary refusal (4xx) pauses the whole blast until then; the job retries. */
    pausedUntil: timestamp({ withTimezone: true }),
    /** The mail server's last temporary refusal, shown while paused. */
    lastError: text(),
  },
  (t) => [
    index('email_blasts_created_at_idx').on(t.createdAt),
    index('email_blasts_status_idx').on(t.status),
  ],
);

/** One row per recipient, so a crash resumes without mailing anyone twice. */
export const emailBlastRecipients = pgTable(
  'email_blast_recipients',
  {
    id: id(),
    blastId: uuid()
      .notNull()
      .references(() => emailBlasts.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    status: blastRecipientStatus().notNull().default('pending'),
    error: text(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    /** When the last attempt was recorded, before the message went to the mail server. */
    attemptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_blast_recipients_blast_email_key').on(t.blastId, t.email),
    index('email_blast_recipients_blast_status_idx').on(t.blastId, t.status),
  ],
);

export const emailBlastsRelations = relations(emailBlasts, ({ many }) => ({
  recipients: many(emailBlastRecipients),
}));

export const emailBlastRecipientsRelations = relations(emailBlastRecipients, ({ one }) => ({
  blast: one(emailBlasts, { fields: [emailBlastRecipients.blastId], references: [emailBlasts.id] }),
}));
