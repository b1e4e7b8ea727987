import { limits } from '@studio/shared/limits';
import { orderMessages } from '@studio/shared/messages/orders';
import { and, eq, sql } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockMovements } from '../db/schema/stock-movements.ts';
import { releaseExpiredOrders } from '../services/orders/release-expired-orders.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { markOrderPaid } from '../test/invoices.ts';
import { postOrder, shippingAddress } from '../test/orders.ts';
import { payOrder } from '../test/payments.ts';
import { createProduct, stockOf as productStock } from '../test/products.ts';

// Fair stock holds (issue 16 item 4, decision 026): at most ORDER_MAX_UNPAID unpaid orders per
// customer, at most limits.maxQuantityPerLine of one product per order, and order creation
// limited per account and per address.

let t: TestApp;
const cap = limits.maxQuantityPerLine;

beforeAll(async () => {
  t = await createTestApp({ ORDER_HOLD_MINUTES: '30', ORDER_MAX_UNPAID: '3' }, { jobs: true });
});

const stockOf = (id: string) => productStock(t.db, id);

const order = (token: string, productId: string, quantity: number) =>
  postOrder(t, token, [{ productId, quantity }]);

async function unpaidOf(userId: string) {
  const rows = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return rows[0]?.n;
}

describe('the hoarding scenario of issue 16', () => {
  it('one customer can no longer hold 297 of 300 units: the next one finds plenty', async () => {
    const hoarder = await signUpCustomer(t);
    const next = await signUpCustomer(t);
    const tee = await createProduct(t.db, { stock: 300 });

    // The measured attack: three orders of 99 in a row.
    const big = await order(hoarder.token, tee.id, 99);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(orderMessages.perLineCap(cap));
    expect(await stockOf(tee.id)).toBe(300);

    // What is left to it: three orders of the cap, then a refusal that says what to do.
    for (let i = 0; i < 3; i++) expect((await order(hoarder.token, tee.id, cap)).status).toBe(201);
    const fourth = await order(hoarder.token, tee.id, cap);
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(orderMessages.tooManyUnpaid(3, 30));
    expect(await stockOf(tee.id)).toBe(270);

    const theirs = await order(next.token, tee.id, cap);
    expect(theirs.status).toBe(201);
    expect(await stockOf(tee.id)).toBe(260);
  });
});

describe('at most ORDER_MAX_UNPAID unpaid orders per customer', () => {
  it('refuses the fourth; paying one frees a slot', async () => {
    const customer = await signUpCustomer(t);
    const admin = await signInAdmin(t.db);
    const book = await createProduct(t.db, { category: 'book', stock: 50 });
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await order(customer.token, book.id, 1));
    expect(placed.map((p) => p.status)).toEqual([201, 201, 201]);
    const refused = await order(customer.token, book.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(orderMessages.tooManyUnpaid(3, 30));
    expect(await stockOf(book.id)).toBe(47);

    // The admin's "Mark as Paid" (a real payment ends the same way, through transitionOrder).
    const paid = await payOrder(t, placed[0]?.body.order.id, { admin: admin.token });
    expect(paid.status).toBe(200);
    expect((await order(customer.token, book.id, 1)).status).toBe(201);
    expect((await order(customer.token, book.id, 1)).status).toBe(409);
    expect(await unpaidOf(customer.user.id)).toBe(3);
    expect(await stockOf(book.id)).toBe(46);
  });

  it('an order whose hold ran out frees its slot, released or not yet', async () => {
    const customer = await signUpCustomer(t);
    const book = await createProduct(t.db, { category: 'book', stock: 50 });
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await order(customer.token, book.id, 2));
    expect((await order(customer.token, book.id, 1)).status).toBe(409);

    // The hold of the first ran out; the release job has not run yet: it no longer counts.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed[0]?.body.order.id));
    expect((await order(customer.token, book.id, 1)).status).toBe(201);
    expect((await order(customer.token, book.id, 1)).status).toBe(409);

    // Released: cancelled, its 2 units back; the others still hold theirs.
    await releaseExpiredOrders({ db: t.db, orderId: placed[0]?.body.order.id });
    const [first] = await t.db.select().from(orders).where(eq(orders.id, placed[0]?.body.order.id));
    expect(first?.status).toBe('cancelled');
    expect(await stockOf(book.id)).toBe(50 - 2 - 2 - 1);

    // The next hold to end is named in minutes.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() + 7 * 60_000 - 5_000) })
      .where(eq(orders.id, placed[1]?.body.order.id));
    const refused = await order(customer.token, book.id, 1);
    expect(refused.body.message).toBe(orderMessages.tooManyUnpaid(3, 7));
  });

  it('parallel checkouts of one customer never pass the limit', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await signUpCustomer(t);
      const book = await createProduct(t.db, { category: 'book', stock: 100 });
      const results = await Promise.all(
        Array.from({ length: 8 }, () => order(customer.token, book.id, 1)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body.message).toBe(orderMessages.tooManyUnpaid(3, 30));
      expect(await unpaidOf(customer.user.id)).toBe(3);
      expect(await stockOf(book.id)).toBe(97);
    }
  });
});

describe('a customer cancels their own unpaid order', () => {
  const cancel = (token: string | undefined, id: string) =>
    read(t.as(token).api.orders[':id'].cancel.$post({ param: { id } }));

  it('gives its stock back at once (a release in the stock history), frees a hold and answers 409 the second time', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 10 });
    const held: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const placed = await order(customer.token, product.id, 3);
      expect(placed.status).toBe(201);
      held.push(placed.body.order.id);
    }
    expect(await stockOf(product.id)).toBe(1);
    expect((await order(customer.token, product.id, 1)).status).toBe(409);

    const first = held[0] ?? '';
    const res = await cancel(customer.token, first);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: orderMessages.cancelled,
      order: { id: first, status: 'cancelled' },
    });
    expect(await stockOf(product.id)).toBe(4);
    expect(await unpaidOf(customer.user.id)).toBe(2);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, first), eq(stockMovements.cause, 'release')));
    expect(moves.map((m) => [m.delta, m.stockAfter])).toEqual([[3, 4]]);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, first));
    expect(history.at(-1)).toMatchObject({
      status: 'cancelled',
      source: 'customer',
      changedBy: customer.user.id,
    });
    // The freed hold takes a new order; cancelling again changes nothing.
    expect((await order(customer.token, product.id, 1)).status).toBe(201);
    expect(await cancel(customer.token, first)).toMatchObject({
      status: 409,
      body: { message: orderMessages.notCancellable },
    });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('is refused once paid, while a transfer is being confirmed, for another’s order (404) and without a session (401)', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 10 });
    const paid = (await order(customer.token, product.id, 1)).body.order.id as string;
    await markOrderPaid(t.db, paid);
    expect(await cancel(customer.token, paid)).toMatchObject({
      status: 409,
      body: { message: orderMessages.notCancellable },
    });

    const watched = (await order(customer.token, product.id, 2)).body.order.id as string;
    const [quote] = await t.db
      .insert(payments)
      .values({
        orderId: watched,
        method: 'usdt',
        status: 'pending',
        amountCents: 100,
        currency: 'USDT',
        providerReference: `0x${'ab'.repeat(32)}`,
      })
      .returning();
    expect(await cancel(customer.token, watched)).toMatchObject({
      status: 409,
      body: { message: orderMessages.paymentInFlight },
    });
    expect(await stockOf(product.id)).toBe(7);
    // Once that transfer is found not to pay it, the order can be cancelled.
    await t.db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.id, quote?.id ?? ''));
    expect((await cancel(customer.token, watched)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(9);

    const open = (await order(customer.token, product.id, 1)).body.order.id as string;
    const stranger = await signUpCustomer(t);
    expect((await cancel(stranger.token, open)).status).toBe(404);
    expect((await cancel(undefined, open)).status).toBe(401);
    expect((await cancel(customer.token, 'not-an-id')).status).toBe(404);
    expect(await unpaidOf(customer.user.id)).toBe(1);
  });

  it('ten cancels of one order at once: one 200, nine 409, the stock given back once', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 10 });
    const id = (await order(customer.token, product.id, 4)).body.order.id as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(customer.token, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe('at most limits.maxQuantityPerLine of one product per order', () => {
  it('refuses one more than the cap, also split over two lines, and takes the cap', async () => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { stock: 100 });
    const over = await order(customer.token, tee.id, cap + 1);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(orderMessages.perLineCap(cap));
    const split = await postOrder(t, customer.token, [
      { productId: tee.id, quantity: 6 },
      { productId: tee.id, quantity: cap - 5 },
    ]);
    expect(split.status).toBe(400);
    expect(split.body.message).toBe(orderMessages.perLineCap(cap));
    expect(await stockOf(tee.id)).toBe(100);
    expect((await order(customer.token, tee.id, cap)).status).toBe(201);
    expect(await stockOf(tee.id)).toBe(100 - cap);
  });
});

describe('order creation is rate-limited', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      {
        TRUST_PROXY: 'true',
        ORDER_RATE_LIMIT_PER_HOUR: '2',
        ORDER_MAX_UNPAID: '10',
      },
      { jobs: true },
    );
  });
  /** The typed client signed in as `token`, calling from `ip`. */
  const from = (ip: string, token: string) =>
    testClient(limited.app, undefined, undefined, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
    });
  const place = (ip: string, token: string, productId: string) =>
    read(
      from(ip, token).api.orders.$post({
        json: { items: [{ productId, quantity: 1 }], shippingAddress },
      }),
    );

  it('per account: a third order within the hour is 429 with Retry-After, from any address', async () => {
    const customer = await signUpCustomer(limited);
    const tee = await createProduct(limited.db, { stock: 20 });
    expect((await place('10.16.4.1', customer.token, tee.id)).status).toBe(201);
    expect((await place('10.16.4.2', customer.token, tee.id)).status).toBe(201);
    const third = await place('10.16.4.3', customer.token, tee.id);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(orderMessages.tooManyOrders);
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await stockOf(tee.id)).toBe(18);
  });

  it('per address: three customers behind one address get two orders between them', async () => {
    const tee = await createProduct(limited.db, { stock: 20 });
    const people = [
      await signUpCustomer(limited),
      await signUpCustomer(limited),
      await signUpCustomer(limited),
    ];
    const statuses = [];
    for (const p of people) statuses.push((await place('10.16.5.1', p.token, tee.id)).status);
    expect(statuses).toEqual([201, 201, 429]);
    // Another address is not held back by that one.
    expect((await place('10.16.5.2', people[2]?.token ?? '', tee.id)).status).toBe(201);
  });
});
