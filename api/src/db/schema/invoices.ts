import { relations, sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { orders } from './orders.ts';
import { projectSubmissions } from './project-submissions.ts';

/**
 * The last invoice number given out in each year. A row, not a sequence: it is raised in the
 * transaction that pays, under its row lock, so a rollback takes the number back with it and the
 * numbers of a year have no gaps (decision 036).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer().primaryKey(),
    lastNumber: integer().notNull(),
  },
  (t) => [check('invoice_counters_last_number_positive', sql`${t.lastNumber} > 0`)],
);

/**
 * One invoice per paid order or submission, numbered `year-number` (`2026-000001`) when it was
 * paid. Only the number and the date are stored: the rest is read from the order or submission,
 * so the same invoice comes out each time. Never deleted, never renumbered.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    year: integer().notNull(),
    number: integer().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    submissionId: uuid().references(() => projectSubmissions.id, { onDelete: 'restrict' }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_year_number_key').on(t.year, t.number),
    uniqueIndex('invoices_order_id_key').on(t.orderId),
    uniqueIndex('invoices_submission_id_key').on(t.submissionId),
    check('invoices_one_subject', sql`(${t.orderId} IS NULL) <> (${t.submissionId} IS NULL)`),
    check('invoices_number_positive', sql`${t.number} > 0`),
  ],
);

export const invoicesRelations = relations(invoices, ({ one }) => ({
  order: one(orders, { fields: [invoices.orderId], references: [orders.id] }),
  submission: one(projectSubmissions, {
    fields: [invoices.submissionId],
    references: [projectSubmissions.id],
  }),
}));

export type Invoice = typeof invoices.$inferSelect;
