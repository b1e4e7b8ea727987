import { refundStatuses } from '@studio/shared/schemas/refunds';
import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';
import { paymentMethod, payments } from './payments.ts';
import { projectSubmissions } from './project-submissions.ts';
import { statusSource } from './status-sources.ts';
import { users } from './users.ts';

export const refundStatus = pgEnum('refund_status', refundStatuses);

/** A line of the order put back in stock when the refund completed (orders only). */
export interface RestockLine {
  itemId: string;
  productId: string;
  name: string;
  quantity: number;
}

/**
 * Money given back for a payment (decision 035): made by an admin (PayPal through its refund
 * API, crypto sent from the admin's wallet and recorded by its hash) or made in PayPal's own
 * dashboard and learnt from its webhook. A pending PayPal refund is written before PayPal is
 * asked, so a crash mid-call leaves a row that a retry or the `refund-settle` job settles with
 * the same PayPal-Request-Id. Pending and completed refunds together never exceed the payment.
 */
export const refunds = pgTable(
  'refunds',
  {
    /** Made by the API before the insert: it is PayPal's `custom_id`, so the webhook finds it. */
    id: uuid().primaryKey(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    submissionId: uuid().references(() => projectSubmissions.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    method: paymentMethod().notNull(),
    status: refundStatus().notNull().default('pending'),
    /** Who started it: an admin, or PayPal's webhook for a refund made in PayPal's dashboard. */
    source: statusSource().notNull(),
    /** The client's idempotency key (a UUID per refund it means to make). */
    requestId: text(),
    /** The PayPal-Request-Id sent with every attempt, derived from `requestId`. */
    paypalRequestId: text(),
    /** PayPal's refund id, once PayPal answered. */
    providerRefundId: text(),
    /** Crypto: the transfer the admin sent, lower-cased. */
    txHash: text(),
    reason: text().notNull(),
    restock: jsonb().$type<RestockLine[]>().notNull().default([]),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** When the running attempt to ask PayPal began; another waits until it is over. */
    attemptStartedAt: timestamp({ withTimezone: true }),
    /** Why it failed (PayPal's issue), or what the last attempt met (PayPal down). */
    failureReason: text(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_request_id_key').on(t.requestId),
    uniqueIndex('refunds_paypal_request_id_key').on(t.paypalRequestId),
    uniqueIndex('refunds_provider_refund_id_key').on(t.providerRefundId),
    uniqueIndex('refunds_tx_hash_key').on(t.txHash),
    index('refunds_payment_id_idx').on(t.paymentId),
    index('refunds_order_id_idx').on(t.orderId),
    index('refunds_submission_id_idx').on(t.submissionId),
    index('refunds_status_idx').on(t.status),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_one_subject', sql`(${t.submissionId} IS NULL) <> (${t.orderId} IS NULL)`),
  ],
);

export const refundsRelations = relations(refunds, ({ one }) => ({
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
  submission: one(projectSubmissions, {
    fields: [refunds.submissionId],
    references: [projectSubmissions.id],
  }),
}));

export type Refund = typeof refunds.$inferSelect;
