import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const subscriberStatus = pgEnum('subscriber_status', ['active', 'unsubscribed']);

export const subscribers = pgTable(
  'subscribers',
  {
    id: id(),
    /** Trimmed and lower-cased. */
    email: text().notNull(),
    status: subscriberStatus().notNull().default('active'),
    /** Where the address came from: newsletter form, admin import. */
    source: text().notNull().default('newsletter'),
    unsubscribedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscribers_email_key').on(t.email),
    index('subscribers_status_idx').on(t.status),
    index('subscribers_created_at_idx').on(t.createdAt),
  ],
);
