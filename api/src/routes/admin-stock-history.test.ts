import { shopMessages } from '@studio/shared/messages/shop';
import { stockCauseLabels } from '@studio/shared/stock';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../db/schema/orders.ts';
import { stockMovements } from '../db/schema/stock-movements.ts';
import { releaseExpiredOrders } from '../services/orders/release-expired-orders.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { placeOrder, postOrder } from '../test/orders.ts';
import { createProduct, stockOf as productStock } from '../test/products.ts';
import { confirmedCryptoPayment, refundHash, requestId } from '../test/refunds.ts';

// Stock history (issue 18 item 6, decision 037): every movement of a product's stock is recorded
// with its cause, the stock it left, and the order or admin behind it; the admin reads it newest
// first, a page at a time.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNPAID: '1000' }, { jobs: true });
  admin = await signInAdmin(t.db);
});

const adminName = () => `${admin.user.firstName} ${admin.user.lastName}`;

function history(productId: string, query: { page?: string; pageSize?: string } = {}) {
  return read(
    t.as(admin.token).api.admin.products[':id']['stock-history'].$get({
      param: { id: productId },
      query,
    }),
  );
}

function setStatus(orderId: string, status: 'cancelled' | 'pending' | 'paid') {
  return read(
    t.as(admin.token).api.admin.orders[':id'].status.$put({
      param: { id: orderId },
      json: { status },
    }),
  );
}

const stockOf = (id: string) => productStock(t.db, id);

/** The product's movements in the order they were made: [delta, stock after, cause]. */
async function movementsOf(productId: string) {
  const rows = await t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));
  return rows;
}

/** Each movement's stock after is the running sum of the deltas, which ends at the stock. */
async function expectConsistent(productId: string) {
  const rows = await movementsOf(productId);
  let running = 0;
  for (const row of rows) {
    running += row.delta;
    expect(row.stockAfter).toBe(running);
  }
  expect(running).toBe(await stockOf(productId));
}

describe('GET /api/admin/products/:id/stock-history', () => {
  it('records each cause with its delta, stock after, order and admin, and the deltas add up to the stock', async () => {
    const customer = await signUpCustomer(t);
    // Created in the admin with 10.
    const created = await read(
      t.as(admin.token).api.admin.products.$post({
        json: {
          sku: `SH-${Date.now()}`,
          name: 'History mug',
          category: 'apparel',
          priceCents: 1500,
          stock: 10,
        },
      }),
    );
    expect(created.status).toBe(201);
    const productId: string = created.body.product.id;

    // A sale of 3, held for the order.
    const sold = await placeOrder(t, customer.token, { productId, quantity: 3 });
    // Another of 2 whose hold runs out: released by the job.
    const expiring = await placeOrder(t, customer.token, { productId, quantity: 2 });
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expiring.id));
    expect(await releaseExpiredOrders({ db: t.db, orderId: expiring.id })).toEqual({
      released: 1,
    });
    // The admin sets the stock to 20 in the product form (it held 7).
    const edited = await read(
      t.as(admin.token).api.admin.products[':id'].$put({
        param: { id: productId },
        json: { stock: 20 },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.product.stock).toBe(20);
    // The admin cancels the first order, then re-opens it (and later refunds part of it).
    expect((await setStatus(sold.id, 'cancelled')).status).toBe(200);
    expect((await setStatus(sold.id, 'pending')).status).toBe(200);
    // Paying records nothing: the stock left with the order.
    expect((await setStatus(sold.id, 'paid')).status).toBe(200);
    // A refund (a recorded crypto one) returns 1 of the 3 to stock, by the admin.
    await confirmedCryptoPayment(t.db, { orderId: sold.id }, { amountCents: 500 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, sold.id));
    const refunded = await read(
      t.as(admin.token).api.admin.orders[':id'].refunds.$post({
        param: { id: sold.id },
        json: {
          amountCents: 100,
          reason: 'One arrived broken',
          txHash: refundHash(),
          requestId: requestId(),
          restock: [{ itemId: item?.id ?? '', quantity: 1 }],
        },
      }),
    );
    expect(refunded.status).toBe(201);

    expect(await stockOf(productId)).toBe(21);
    await expectConsistent(productId);

    const res = await history(productId, { pageSize: '7' });
    expect(res.status).toBe(200);
    expect(res.body.product).toEqual({
      id: productId,
      name: 'History mug',
      sku: created.body.product.sku,
      stock: 21,
    });
    expect(res.body.total).toBe(8);
    const rows = res.body.movements.map(
      (m: {
        delta: number;
        stockAfter: number;
        cause: string;
        causeLabel: string;
        order: { id: string; orderNumber: string } | null;
        actor: { id: string; name: string } | null;
      }) => [m.delta, m.stockAfter, m.cause, m.causeLabel, m.order, m.actor],
    );
    const byAdmin = { id: admin.user.id, name: adminName() };
    const first = { id: sold.id, orderNumber: sold.orderNumber };
    const second = { id: expiring.id, orderNumber: expiring.orderNumber };
    // Newest first.
    expect(rows).toEqual([
      [1, 21, 'refund_restock', stockCauseLabels.refund_restock, first, byAdmin],
      [-3, 20, 'reserve_again', stockCauseLabels.reserve_again, first, byAdmin],
      [3, 23, 'release', stockCauseLabels.release, first, byAdmin],
      [13, 20, 'admin_edit', stockCauseLabels.admin_edit, null, byAdmin],
      [2, 7, 'release', stockCauseLabels.release, second, null],
      [-2, 5, 'sale', stockCauseLabels.sale, second, null],
      [-3, 7, 'sale', stockCauseLabels.sale, first, null],
    ]);
    // Oldest of all (page 2 of 7 a page): the creation's initial stock, by the admin.
    const last = await history(productId, { page: '2', pageSize: '7' });
    expect(last.status).toBe(200);
    expect(last.body.movements).toHaveLength(1);
    expect(last.body.movements[0]).toMatchObject({
      delta: 10,
      stockAfter: 10,
      cause: 'initial',
      order: null,
      actor: byAdmin,
    });
    expect(last.body).toMatchObject({ total: 8, page: 2, pageSize: 7 });
    expect(typeof last.body.movements[0].createdAt).toBe('string');
  });

  it('an admin edit that leaves the stock as it was records nothing', async () => {
    const product = await createProduct(t.db, { stock: 4 });
    const res = await read(
      t.as(admin.token).api.admin.products[':id'].$put({
        param: { id: product.id },
        json: { stock: 4, name: 'Renamed' },
      }),
    );
    expect(res.status).toBe(200);
    expect((await movementsOf(product.id)).map((m) => m.cause)).toEqual(['initial']);
  });

  it('a re-open refused for want of stock changes and records nothing', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 2 });
    const order = await placeOrder(t, customer.token, { productId: product.id, quantity: 2 });
    expect((await setStatus(order.id, 'cancelled')).status).toBe(200);
    await placeOrder(t, customer.token, { productId: product.id });
    const before = await movementsOf(product.id);
    const res = await setStatus(order.id, 'pending');
    expect(res.status).toBe(409);
    expect(await movementsOf(product.id)).toEqual(before);
    expect(await stockOf(product.id)).toBe(1);
    await expectConsistent(product.id);
  });

  it('concurrent checkouts each record their own stock after, and none is oversold', async () => {
    const product = await createProduct(t.db, { stock: 8 });
    const customers = await Promise.all(Array.from({ length: 12 }, () => signUpCustomer(t)));
    const results = await Promise.all(
      customers.map((c) => postOrder(t, c.token, [{ productId: product.id, quantity: 1 }])),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(8);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const sales = (await movementsOf(product.id)).filter((m) => m.cause === 'sale');
    expect(sales.map((m) => m.stockAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(sales.map((m) => m.orderId)).size).toBe(8);
    await expectConsistent(product.id);
  });

  it('shows only the product asked for, and an empty page past the end', async () => {
    const mine = await createProduct(t.db, { stock: 3 });
    const other = await createProduct(t.db, { stock: 5 });
    const res = await history(mine.id);
    expect(res.body.movements.map((m: { delta: number }) => m.delta)).toEqual([3]);
    expect((await history(other.id)).body.movements.map((m: { delta: number }) => m.delta)).toEqual(
      [5],
    );
    const past = await history(mine.id, { page: '9' });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ movements: [], total: 1, page: 9 });
  });

  it('answers 404 for a missing product or an id that is none', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or 1=1--"]) {
      const res = await history(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: shopMessages.productNotFound });
    }
  });

  it('refuses bad pagination with a 400', async () => {
    const product = await createProduct(t.db, { stock: 1 });
    for (const query of [
      { page: '0' },
      { page: '-1' },
      { page: 'abc' },
      { page: '1.5' },
      { pageSize: '0' },
      { pageSize: '101' },
      { pageSize: '1e9' },
      { page: '\u0000' },
    ]) {
      const res = await history(product.id, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for admins only', async () => {
    const product = await createProduct(t.db, { stock: 1 });
    const customer = await signUpCustomer(t);
    const asCustomer = await read(
      t.as(customer.token).api.admin.products[':id']['stock-history'].$get({
        param: { id: product.id },
        query: {},
      }),
    );
    expect(asCustomer.status).toBe(403);
    const anonymous = await read(
      t.client.api.admin.products[':id']['stock-history'].$get({
        param: { id: product.id },
        query: {},
      }),
    );
    expect(anonymous.status).toBe(401);
  });
});
