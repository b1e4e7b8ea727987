import { orderMessages } from '@studio/shared/messages/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { releaseExpiredOrders } from '../services/orders/release-expired-orders.ts';
import { signUpCustomer } from '../test/accounts.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { placeOrder, shippingAddress } from '../test/orders.ts';
import { paypalEnv } from '../test/payments.ts';
import { createProduct, stockOf as productStock } from '../test/products.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';

let t: TestApp;
let paypal: PaypalStandin;
beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({ ...paypalEnv(paypal), ORDER_HOLD_MINUTES: '30' }, { jobs: true });
});
afterAll(() => paypal?.close());

const stockOf = (id: string) => productStock(t.db, id);

describe('POST /api/orders', () => {
  it('computes every amount on the server and reserves the stock', async () => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { category: 'apparel', priceCents: 2800, stock: 5 });
    const sale = await createProduct(t.db, {
      category: 'book',
      priceCents: 1800,
      salePriceCents: 1350,
      stock: 3,
    });
    const pack = await createProduct(t.db, { category: 'digital', priceCents: 3900, stock: 1000 });
    const res = await read(
      t.as(customer.token).api.orders.$post({
        // The client's own totals are ignored.
        json: invalid({
          items: [
            { productId: tee.id, quantity: 2 },
            { productId: sale.id, quantity: 1 },
            { productId: pack.id, quantity: 1 },
            { productId: tee.id, quantity: 1 },
          ],
          shippingAddress,
          total: 1,
          subtotal: 1,
        }),
      }),
    );
    expect(res.status).toBe(201);
    const order = res.body.order;
    // 3 x 28.00 + 13.50 (sale) + 39.00 = 136.50; shipping 5.99 + 1.25 x 4 physical items = 10.99;
    // tax 7% of 136.50 = 9.555 -> 9.56; total 157.05.
    expect(order).toMatchObject({
      status: 'pending',
      subtotalCents: 13_650,
      shippingCents: 1099,
      taxCents: 956,
      totalCents: 15_705,
      total: '$157.05',
      shippingAddress,
      user: { email: customer.user.email },
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(order.items.find((i: { productId: string }) => i.productId === tee.id)).toMatchObject({
      quantity: 3,
      priceCents: 2800,
      lineTotalCents: 8400,
      product: { sku: tee.sku },
    });
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['pending']);
    expect([await stockOf(tee.id), await stockOf(sale.id), await stockOf(pack.id)]).toEqual([
      2, 2, 999,
    ]);
  });

  it('ships digital-only orders free and needs no address', async () => {
    const customer = await signUpCustomer(t);
    const pack = await createProduct(t.db, { category: 'digital', priceCents: 1900 });
    const res = await read(
      t
        .as(customer.token)
        .api.orders.$post({ json: { items: [{ productId: pack.id, quantity: 1 }] } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      shippingCents: 0,
      taxCents: 133,
      totalCents: 2033,
      shippingAddress: null,
    });
  });

  it.each([
    [
      'no address for physical items',
      (p: string) => ({ items: [{ productId: p, quantity: 1 }] }),
      400,
      orderMessages.addressRequired,
    ],
    ['an empty cart', () => ({ items: [] }), 400, orderMessages.cartEmpty],
    [
      'zero quantity',
      (p: string) => ({ items: [{ productId: p, quantity: 0 }], shippingAddress }),
      400,
      'Quantity must be at least 1',
    ],
    [
      'more than in stock',
      (p: string) => ({ items: [{ productId: p, quantity: 9 }], shippingAddress }),
      409,
      null,
    ],
    [
      'a bad ZIP code',
      (p: string) => ({
        items: [{ productId: p, quantity: 1 }],
        shippingAddress: { ...shippingAddress, zipCode: '!' },
      }),
      400,
      orderMessages.address.zipInvalid,
    ],
    [
      'a missing street',
      (p: string) => ({
        items: [{ productId: p, quantity: 1 }],
        shippingAddress: { ...shippingAddress, street: ' ' },
      }),
      400,
      orderMessages.address.streetRequired,
    ],
  ])('refuses %s and reserves nothing', async (_case, body, status, message) => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { stock: 8 });
    const res = await read(t.as(customer.token).api.orders.$post({ json: body(tee.id) }));
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    if (status === 409) expect(res.body.message).toBe(orderMessages.notEnoughStock(tee.name, 8));
    expect(await stockOf(tee.id)).toBe(8);
  });

  it('refuses inactive products, products sold elsewhere, and anonymous buyers', async () => {
    const customer = await signUpCustomer(t);
    const retired = await createProduct(t.db, { isActive: false });
    const partner = await createProduct(t.db, {
      metadata: { externalUrl: 'https://shop.example.com/x' },
    });
    const gone = await read(
      t.as(customer.token).api.orders.$post({
        json: { items: [{ productId: retired.id, quantity: 1 }], shippingAddress },
      }),
    );
    expect(gone.status).toBe(404);
    const elsewhere = await read(
      t.as(customer.token).api.orders.$post({
        json: { items: [{ productId: partner.id, quantity: 1 }], shippingAddress },
      }),
    );
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(orderMessages.soldElsewhere(partner.name));
    const anonymous = await read(
      t.client.api.orders.$post({ json: { items: [{ productId: partner.id, quantity: 1 }] } }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('never oversells: two customers buying the last item at the same moment get one order and one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([signUpCustomer(t), signUpCustomer(t)]);
      const last = await createProduct(t.db, { stock: 1 });
      const body = { items: [{ productId: last.id, quantity: 1 }], shippingAddress };
      const results = await Promise.all([
        read(t.as(a.token).api.orders.$post({ json: body })),
        read(t.as(b.token).api.orders.$post({ json: body })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await stockOf(last.id)).toBe(0);
      const placed = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from order_items where product_id = ${last.id}`,
      );
      expect(placed[0]?.n).toBe(1);
    }
  });
});

describe('a customer reads only their own orders', () => {
  it('lists newest first and opens one; another customer gets 404', async () => {
    const mine = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const pack = await createProduct(t.db, { category: 'digital' });
    const first = await read(
      t.as(mine.token).api.orders.$post({ json: { items: [{ productId: pack.id, quantity: 1 }] } }),
    );
    const second = await read(
      t.as(mine.token).api.orders.$post({ json: { items: [{ productId: pack.id, quantity: 2 }] } }),
    );
    const list = await read(t.as(mine.token).api.orders.$get({ query: {} }));
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: string }) => o.id)).toEqual([
      second.body.order.id,
      first.body.order.id,
    ]);
    expect(list.body.total).toBe(2);
    const one = await read(
      t.as(mine.token).api.orders[':id'].$get({ param: { id: first.body.order.id } }),
    );
    expect(one.body.order.orderNumber).toBe(first.body.order.orderNumber);
    const stranger = await read(
      t.as(other.token).api.orders[':id'].$get({ param: { id: first.body.order.id } }),
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(orderMessages.notFound);
    expect(
      (await read(t.as(mine.token).api.orders[':id'].$get({ param: { id: 'not-a-uuid' } }))).status,
    ).toBe(404);
    expect((await read(t.client.api.orders.$get({ query: {} }))).status).toBe(401);
  });
});

describe('unpaid orders give their stock back', () => {
  it('cancels an order whose hold ran out and returns the stock, once', async () => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { stock: 4 });
    const placed = await placeOrder(t, customer.token, { productId: tee.id, quantity: 3 });
    expect(await stockOf(tee.id)).toBe(1);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'order-release' and data->>'orderId' = ${placed.id}`,
    );
    expect(jobs[0]?.n).toBe(1);
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.id));
    await releaseExpiredOrders({ db: t.db, orderId: placed.id });
    await releaseExpiredOrders({ db: t.db });
    expect(await stockOf(tee.id)).toBe(4);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order?.status).toBe('cancelled');
    const pay = await read(
      t
        .as(customer.token)
        .api.payments.quote.$post({ json: { orderId: order?.id, method: 'paypal' } }),
    );
    expect(pay.status).toBe(409);
  });
});

describe('paying an order with PayPal', () => {
  it('executes the payment after PayPal returns and answers the summary the success page shows', async () => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { priceCents: 2500, stock: 5, name: 'Black Tee' });
    const placed = await placeOrder(t, customer.token, { productId: tee.id, quantity: 2 });
    const orderId = placed.id;
    const created = await read(
      t.as(customer.token).api.payments.paypal.orders.$post({ json: { orderId } }),
    );
    expect(created.status).toBe(201);
    const request = paypal.requests.find(
      (r) =>
        r.path === '/v2/checkout/orders' && JSON.stringify(r.body).includes(created.body.paymentId),
    );
    expect(request?.body).toMatchObject({
      purchase_units: [
        {
          reference_id: placed.orderNumber,
          amount: {
            value: '61.99',
            breakdown: {
              item_total: { value: '50.00' },
              tax_total: { value: '3.50' },
              shipping: { value: '8.49' },
            },
          },
          items: [{ sku: tee.sku, quantity: '2', unit_amount: { value: '25.00' } }],
        },
      ],
    });
    paypal.approve(created.body.orderId);
    const res = await read(
      t.as(customer.token).api.orders['execute-payment'].$post({
        json: { paymentId: created.body.orderId, payerId: 'PAYER123', orderId },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.order).toMatchObject({
      orderNumber: placed.orderNumber,
      status: 'paid',
      subtotal: '$50.00',
      tax: '$3.50',
      total: '$61.99',
      items: [{ name: 'Black Tee', quantity: 2, lineTotal: '$50.00' }],
    });
    const other = await signUpCustomer(t);
    const stranger = await read(
      t.as(other.token).api.orders['execute-payment'].$post({
        json: { paymentId: created.body.orderId, payerId: 'X', orderId },
      }),
    );
    expect(stranger.status).toBe(404);
  });

  it('answers "Missing payment information" when a parameter is absent', async () => {
    const customer = await signUpCustomer(t);
    const res = await read(
      t.as(customer.token).api.orders['execute-payment'].$post({ json: invalid({ payerId: 'X' }) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(orderMessages.missingPaymentInfo);
  });
});

describe('a payment in progress keeps the order', () => {
  it('a quote extends the hold, and an offered transfer still being confirmed stops the release', async () => {
    const customer = await signUpCustomer(t);
    const tee = await createProduct(t.db, { stock: 5 });
    const { id } = await placeOrder(t, customer.token, { productId: tee.id });
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, id));
    const quote = await read(
      t.as(customer.token).api.payments.paypal.orders.$post({ json: { orderId: id } }),
    );
    expect(quote.status).toBe(201);
    const [held] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect((held?.reservedUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(60 * 60_000);

    // The hold runs out while the PayPal order (a transfer in flight) is still pending.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
    await releaseExpiredOrders({ db: t.db, orderId: id });
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(kept?.status).toBe('pending');
  });
});
