import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/**
 * `pending`: signed up on the form, not yet confirmed by the link in the confirmation mail
 * (decision 025); mailed nothing else, listed nowhere, removed after 30 days.
 */
export const subscriberStatus = pgEnum('subscriber_status', ['active', 'unsubscribed', 'pending']);

export const subscribers = pgTable(
  'subscribers',
  {
    id: id(),
    /** Trimmed and lower-cased. */
    email: text().notNull(),
    status: subscriberStatus().notNull().default('active'),
    /**
     * Where the consent came from: `newsletter` (the form, confirmed by mail), `import` (an
     * admin's list: the business vouches for it), `unsubscribe` (only the wish to get nothing).
     */
    source: text().notNull().default('newsletter'),
    /**
     * When the address was last signed up on the form (and a confirmation mail may have gone);
     * a pending row is removed 30 days after it.
     */
    requestedAt: timestamp({ withTimezone: true }),
    /** When the address's owner confirmed by the mailed link. */
    confirmedAt: timestamp({ withTimezone: true }),
    /**
     * When the consent the address is mailed on was given: the confirmation for the form, the
     * import for an import; the sign-up itself for addresses subscribed before double opt-in.
     */
    consentedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscribers_email_key').on(t.email),
    index('subscribers_status_idx').on(t.status),
    index('subscribers_created_at_idx').on(t.createdAt),
  ],
);
