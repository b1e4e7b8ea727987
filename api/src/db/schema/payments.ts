import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { orders } from './orders.ts';
import { projectSubmissions } from './project-submissions.ts';

export const paymentMethod = pgEnum('payment_method', ['paypal', 'usdt', 'alephium']);
/** `refunded` covers PayPal refunds and reversals (chargebacks) after a confirmation. */
export const paymentStatus = pgEnum('payment_status', [
  'pending',
  'confirmed',
  'failed',
  'expired',
  'refunded',
]);
export const paymentEventSource = pgEnum('payment_event_source', [
  'quote',
  'client',
  'job',
  'webhook',
  'admin',
]);

/**
 * One row per attempt to pay a submission or an order. `externalId` is UNIQUE: a PayPal
 * capture id, `chainId:txHash:logIndex` for USDT, or an Alephium tx id, so one transfer can
 * never pay twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    method: paymentMethod().notNull(),
    status: paymentStatus().notNull().default('pending'),
    submissionId: uuid().references(() => projectSubmissions.id, { onDelete: 'restrict' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    /** Crypto amount due in base units (USDT 6 decimals, ALPH atto), as an exact integer. */
    amountBaseUnits: numeric({ precision: 78, scale: 0 }),
    currency: text().notNull().default('USD'),
    /** The PayPal order id, or the crypto transaction offered for this payment. */
    providerReference: text(),
    /** Why a payment failed, for the admin (e.g. "underpaid"). */
    failureReason: text(),
    externalId: text(),
    quoteExpiresAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Set once the receipt and the business notice went out, so a retried job sends none twice. */
    receiptSentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_external_id_key').on(t.externalId),
    index('payments_status_idx').on(t.status),
    index('payments_submission_id_idx').on(t.submissionId),
    index('payments_order_id_idx').on(t.orderId),
    index('payments_created_at_idx').on(t.createdAt),
    index('payments_provider_reference_idx').on(t.providerReference),
    check('payments_one_subject', sql`(${t.submissionId} IS NULL) <> (${t.orderId} IS NULL)`),
  ],
);

/** Every state change of a payment, with where it came from. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: paymentStatus(),
    toStatus: paymentStatus().notNull(),
    source: paymentEventSource().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_id_idx').on(t.paymentId, t.createdAt)],
);

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  submission: one(projectSubmissions, {
    fields: [payments.submissionId],
    references: [projectSubmissions.id],
  }),
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  events: many(paymentEvents),
}));

export const paymentEventsRelations = relations(paymentEvents, ({ one }) => ({
  payment: one(payments, { fields: [paymentEvents.paymentId], references: [payments.id] }),
}));
