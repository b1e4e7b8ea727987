import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { markOrderPaid, paidSubmission } from '../test/invoices.ts';
import { createProduct } from '../test/products.ts';
import { migrationsFolder } from './migrate.ts';
import { invoiceCounters, invoices } from './schema/invoices.ts';
import { orders } from './schema/orders.ts';
import { projectSubmissions } from './schema/project-submissions.ts';

/**
 * Migration 0017 gives every order and submission paid before invoices existed its invoice,
 * numbered per year in the order they were paid, and sets each year's counter after them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNPAID: '100' }, { jobs: true });
});

/** The migration's backfill statements (those after its table and index DDL). */
const backfill = readFileSync(path.join(migrationsFolder, '0017_invoices.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /^\s*(--.*\n\s*)*INSERT INTO/m.test(statement));

async function order(token: string, productId: string) {
  const res = await read(
    t.as(token).api.orders.$post({ json: { items: [{ productId, quantity: 1 }] } }),
  );
  expect(res.status).toBe(201);
  return res.body.order.id as string;
}

describe('the invoice backfill of migration 0017', () => {
  it('numbers paid sales per year by when they were paid; unpaid ones get none', async () => {
    expect(backfill).toHaveLength(2);
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { category: 'digital', stock: 50 });
    const [a, b, c, unpaid] = [
      await order(customer.token, product.id),
      await order(customer.token, product.id),
      await order(customer.token, product.id),
      await order(customer.token, product.id),
    ];
    for (const id of [a, b, c]) await markOrderPaid(t.db, String(id));
    const { submission } = await paidSubmission(t.db, null);
    // As a database from before invoices: paid at these times, and no invoice yet.
    const paidAt = async (id: string, at: string) =>
      t.db
        .update(orders)
        .set({ paidAt: new Date(at) })
        .where(eq(orders.id, id));
    await paidAt(String(a), '2025-06-01T10:00:00Z');
    await paidAt(String(b), '2024-12-31T23:00:00Z');
    await paidAt(String(c), '2025-01-02T08:00:00Z');
    await t.db
      .update(projectSubmissions)
      .set({ paidAt: new Date('2025-03-01T00:00:00Z') })
      .where(eq(projectSubmissions.id, submission.id));
    await t.db.delete(invoices);
    await t.db.delete(invoiceCounters);

    for (const statement of backfill) await t.db.execute(sql.raw(statement));

    const rows = await t.db
      .select()
      .from(invoices)
      .orderBy(asc(invoices.year), asc(invoices.number));
    expect(
      rows.map((r) => [r.year, r.number, r.orderId ?? r.submissionId, r.issuedAt.toISOString()]),
    ).toEqual([
      [2024, 1, b, '2024-12-31T23:00:00.000Z'],
      [2025, 1, c, '2025-01-02T08:00:00.000Z'],
      [2025, 2, submission.id, '2025-03-01T00:00:00.000Z'],
      [2025, 3, a, '2025-06-01T10:00:00.000Z'],
    ]);
    expect(rows.some((r) => r.orderId === unpaid)).toBe(false);
    const counters = await t.db.select().from(invoiceCounters).orderBy(asc(invoiceCounters.year));
    expect(counters).toEqual([
      { year: 2024, lastNumber: 1 },
      { year: 2025, lastNumber: 3 },
    ]);
  });
});
