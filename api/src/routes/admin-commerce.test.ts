import { Readable } from 'node:stream';
import { orderMessages } from '@studio/shared/messages/orders';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { products } from '../db/schema/products.ts';
import { submissionFiles } from '../db/schema/project-submissions.ts';
import { services } from '../db/schema/services.ts';
import { users } from '../db/schema/users.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { testJpeg } from '../test/images.ts';
import { exeHead, multipartBody, postMultipart } from '../test/multipart.ts';
import { placeOrder } from '../test/orders.ts';
import { payOrder } from '../test/payments.ts';
import { createProduct } from '../test/products.ts';
import { addressesOf, startSmtpServer } from '../test/smtp.ts';
import { createSubmission } from '../test/submissions.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, LOW_STOCK_THRESHOLD: '5' }, { jobs: true });
  admin = await signInAdmin(t.db);
});

/** An order of `quantity` of a new product at `priceCents`, placed by `customer`. */
const newOrder = (customer: { token: string }, quantity = 1, priceCents = 2000) =>
  placeOrder(t, customer.token, { product: { priceCents, stock: 50 }, quantity });

describe('dashboard', () => {
  it('answers the stats and low-stock products from the data, and the computed trends', async () => {
    const before = (await read(t.as(admin.token).api.admin.dashboard.$get())).body;
    const customer = await signUpCustomer(t);
    const pending = await newOrder(customer, 1, 1000);
    const paid = await newOrder(customer, 2, 1500);
    await payOrder(t, paid.id, { admin: admin.token });
    const low = await createProduct(t.db, { stock: 2, name: 'Almost gone' });
    const { submission } = await createSubmission(t.db);
    await t.db.insert(payments).values({
      method: 'usdt',
      status: 'confirmed',
      submissionId: submission.id,
      amountCents: 23_540,
      confirmedAt: new Date(),
      externalId: `evm:test:${submission.id}`,
    });

    const res = await read(t.as(admin.token).api.admin.dashboard.$get());
    expect(res.status).toBe(200);
    const s = res.body.stats;
    expect(s.totalOrders - before.stats.totalOrders).toBe(2);
    expect(s.pendingOrders - before.stats.pendingOrders).toBe(1);
    expect(s.totalRevenue - before.stats.totalRevenue).toBe(paid.totalCents + 23_540);
    expect(s.totalUsers - before.stats.totalUsers).toBe(1);
    expect(s.totalProducts - before.stats.totalProducts).toBe(3);
    expect(res.body.lowStockProducts.map((p: { id: string }) => p.id)).toContain(low.id);
    expect(s.lowStockCount).toBe(res.body.lowStockProducts.length);
    expect(res.body.trends.newCustomersThisWeek).toBeGreaterThanOrEqual(1);
    expect(res.body.trends.revenueThisMonth).toBeGreaterThanOrEqual(paid.totalCents + 23_540);
    expect(pending.id).toBeTruthy();
  });
});

describe('order_daily_stats (kept by a trigger for the dashboard)', () => {
  it('always equals the grouped orders, through inserts, status changes and deletes', async () => {
    const customer = await signUpCustomer(t);
    const a = await newOrder(customer, 2, 1234);
    const b = await newOrder(customer, 1, 999);
    await payOrder(t, a.id, { admin: admin.token });
    await read(
      t
        .as(admin.token)
        .api.admin.orders[':id'].status.$put({ param: { id: a.id }, json: { status: 'shipped' } }),
    );
    await read(
      t.as(admin.token).api.admin.orders[':id'].status.$put({
        param: { id: b.id },
        json: { status: 'cancelled' },
      }),
    );
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2025-12-31T23:59:00Z') })
      .where(eq(orders.id, b.id));
    const expected = await t.db.execute<{
      day: string;
      status: string;
      orders: number;
      total: number;
    }>(sql`
      select to_char((created_at at time zone 'utc')::date, 'YYYY-MM-DD') as day, status::text, count(*)::int as orders, sum(total_cents)::int as total
      from orders group by 1, 2 order by 1, 2`);
    const kept = await t.db.execute<{
      day: string;
      status: string;
      orders: number;
      total: number;
    }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, status::text, orders, total_cents::int as total
      from order_daily_stats where orders <> 0 order by 1, 2`);
    expect(kept).toEqual(expected);
    expect(kept.some((r) => r.day === '2025-12-31' && r.status === 'cancelled')).toBe(true);
  });
});

describe('orders', () => {
  it('filters by status, searches number, name and e-mail, sorts and pages with a total', async () => {
    const customer = await signUpCustomer(t);
    const first = await newOrder(customer, 1, 1000);
    const second = await newOrder(customer, 1, 9000);
    await read(
      t.as(admin.token).api.admin.orders[':id'].status.$put({
        param: { id: second.id },
        json: { status: 'processing' },
      }),
    );

    const byNumber = await read(
      t.as(admin.token).api.admin.orders.$get({ query: { q: first.orderNumber } }),
    );
    expect(byNumber.body.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byEmail = await read(
      t
        .as(admin.token)
        .api.admin.orders.$get({ query: { q: customer.user.email, sort: 'total', dir: 'desc' } }),
    );
    expect(byEmail.body.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(byEmail.body.total).toBe(2);
    const byStatus = await read(
      t
        .as(admin.token)
        .api.admin.orders.$get({ query: { status: 'processing', q: customer.user.email } }),
    );
    expect(byStatus.body.orders.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const byName = await read(
      t.as(admin.token).api.admin.orders.$get({ query: { q: 'ada lovelace', pageSize: '1' } }),
    );
    expect(byName.body.orders).toHaveLength(1);
    expect(byName.body.total).toBeGreaterThanOrEqual(2);
    expect(byName.body.orders[0].user.email).toBeTruthy();
    const bad = await read(
      t.as(admin.token).api.admin.orders.$get({ query: { status: invalid('lost') } }),
    );
    expect(bad.status).toBe(400);
  });

  it("search follows a customer's new name and e-mail, and never matches across two fields", async () => {
    const customer = await signUpCustomer(t);
    const order = await newOrder(customer);
    const tag = order.id.slice(0, 8);
    await t.db
      .update(users)
      .set({ firstName: 'Grace', lastName: `Hopper${tag}`, email: `renamed.${tag}@example.com` })
      .where(eq(users.id, customer.user.id));
    const ids = async (q: string) =>
      (await read(t.as(admin.token).api.admin.orders.$get({ query: { q } }))).body.orders.map(
        (o: { id: string }) => o.id,
      );
    expect(await ids(`GRACE HOPPER${tag}`)).toEqual([order.id]);
    expect(await ids(`renamed.${tag}@`)).toEqual([order.id]);
    expect(await ids(customer.user.email)).toEqual([]);
    // The end of the e-mail and the start of the name are two fields.
    expect(await ids(`example.com grace hopper${tag}`)).toEqual([]);
    expect(await ids(`${order.orderNumber}renamed`)).toEqual([]);
  });

  it('sets any status, refuses the current one with 409, keeps history and audit, and cancelling returns stock', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 10 });
    const { id } = await placeOrder(t, customer.token, { productId: product.id, quantity: 4 });
    const same = await read(
      t
        .as(admin.token)
        .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'pending' } }),
    );
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(orderMessages.sameStatus);
    for (const status of ['delivered', 'paid', 'refunded', 'cancelled'] as const) {
      const res = await read(
        t.as(admin.token).api.admin.orders[':id'].status.$put({ param: { id }, json: { status } }),
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(orderMessages.statusUpdated);
    }
    const detail = await read(t.as(admin.token).api.admin.orders[':id'].$get({ param: { id } }));
    expect(detail.body.order.history.map((h: { status: string }) => h.status)).toEqual([
      'pending',
      'delivered',
      'paid',
      'refunded',
      'cancelled',
    ]);
    const [stock] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.stock).toBe(10);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.status')));
    expect(audits).toHaveLength(4);
    expect(audits.every((a) => a.actorId === admin.user.id)).toBe(true);
    expect(
      (
        await read(
          t.as(admin.token).api.admin.orders[':id'].status.$put({
            param: { id },
            json: { status: invalid('lost') },
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await read(
          t.as(admin.token).api.admin.orders[':id'].status.$put({
            param: { id: '00000000-0000-4000-8000-000000000000' },
            json: {
              status: 'paid',
            },
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('adds shipping: all three fields required, the order ships, and the customer gets the tracking by e-mail', async () => {
    const customer = await signUpCustomer(t);
    const order = await newOrder(customer);
    await payOrder(t, order.id, { admin: admin.token });
    for (const [body, message] of [
      [{ trackingNumber: '1Z999', shippingMethod: 'express' }, orderMessages.carrierRequired],
      [
        { carrier: 'UPS', trackingNumber: ' ', shippingMethod: 'express' },
        orderMessages.trackingRequired,
      ],
      [{ carrier: 'UPS', trackingNumber: '1Z999' }, orderMessages.methodRequired],
      [
        { carrier: 'Pigeon', trackingNumber: '1Z999', shippingMethod: 'express' },
        orderMessages.carrierRequired,
      ],
    ] as const) {
      const res = await read(
        t
          .as(admin.token)
          .api.admin.orders[':id'].shipping.$put({ param: { id: order.id }, json: invalid(body) }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const res = await read(
      t.as(admin.token).api.admin.orders[':id'].shipping.$put({
        param: { id: order.id },
        json: {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          shippingMethod: 'express',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(orderMessages.shippingAdded);
    expect(res.body.order.status).toBe('shipped');
    expect(res.body.order.shipping).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippingMethod: 'express',
    });
    const [mail] = await smtp.waitFor(customer.user.email);
    expect(mail?.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(mail?.text).toContain('Carrier: UPS');
    expect(mail?.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(addressesOf(mail?.to)).toEqual([customer.user.email]);
    // The customer sees it too.
    const mine = await read(
      t.as(customer.token).api.orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(mine.body.order.shipping.trackingUrl).toContain('1Z999AA10123456784');
  });
});

describe('products', () => {
  it('creates, edits (sale by percentage), lists inactive ones too, and deactivates', async () => {
    const sku = `NEW-${Date.now()}`;
    const created = await read(
      t.as(admin.token).api.admin.products.$post({
        json: {
          sku,
          name: 'Limited Vinyl',
          description: 'Pressed in small numbers.',
          category: 'apparel',
          priceCents: 3000,
          stock: 12,
          tags: ['vinyl', 'limited'],
        },
      }),
    );
    expect(created.status).toBe(201);
    const id = created.body.product.id;
    const duplicate = await read(
      t.as(admin.token).api.admin.products.$post({
        json: {
          sku,
          name: 'Dup',
          category: 'book',
          priceCents: 10,
          stock: 1,
        },
      }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A product with this SKU already exists');

    const sale = await read(
      t
        .as(admin.token)
        .api.admin.products[':id'].$put({ param: { id }, json: { discountPercentage: 20 } }),
    );
    expect(sale.body.product).toMatchObject({
      currentPriceCents: 2400,
      isOnSale: true,
      discountPercentage: 20,
    });
    const tooHigh = await read(
      t
        .as(admin.token)
        .api.admin.products[':id'].$put({ param: { id }, json: { salePriceCents: 3000 } }),
    );
    expect(tooHigh.status).toBe(400);
    const off = await read(
      t.as(admin.token).api.admin.products[':id'].$put({
        param: { id },
        json: { salePriceCents: null, stock: 3 },
      }),
    );
    expect(off.body.product).toMatchObject({ isOnSale: false, stock: 3 });

    expect((await read(t.client.api.products[':id'].$get({ param: { id } }))).status).toBe(200);
    const gone = await read(t.as(admin.token).api.admin.products[':id'].$delete({ param: { id } }));
    expect(gone.body.product.isActive).toBe(false);
    expect((await read(t.client.api.products[':id'].$get({ param: { id } }))).status).toBe(404);
    const listed = await read(t.as(admin.token).api.admin.products.$get({ query: { q: sku } }));
    expect(listed.body.products.map((p: { id: string }) => p.id)).toEqual([id]);
    const bad = await read(
      t.as(admin.token).api.admin.products.$post({
        json: invalid({ sku: 'X', name: '', category: 'food', priceCents: -1, stock: 1 }),
      }),
    );
    expect(bad.status).toBe(400);
  });

  it('adds JPEG, PNG or WebP images by content (5 MB at most) and removes them', async () => {
    const product = await createProduct(t.db, { images: [] });
    const url = `${await t.listen()}${t.client.api.admin.products[':id'].images.$path({ param: { id: product.id } })}`;
    const auth = { Authorization: `Bearer ${admin.token}` };
    const jpeg = await testJpeg();
    const ok = await postMultipart(
      url,
      multipartBody({ alt: 'Front' }, [
        { field: 'image', filename: 'front.jpg', head: jpeg, size: jpeg.length },
      ]),
      auth,
    );
    expect(ok.status).toBe(201);
    const image = (ok.body.product as { images: { url: string; alt: string }[] }).images[0];
    expect(image).toMatchObject({
      alt: 'Front',
      url: expect.stringMatching(/^\/api\/media\/products\/[0-9a-f-]+\.jpg$/),
    });
    const served = await t.app.request(image?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const exe = await postMultipart(
      url,
      multipartBody({}, [{ field: 'image', filename: 'x.jpg', head: exeHead, size: 100 }]),
      auth,
    );
    expect(exe.status).toBe(415);
    const big = await postMultipart(
      url,
      multipartBody({}, [{ field: 'image', filename: 'big.jpg', head: jpeg, size: 5_242_881 }]),
      auth,
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 5MB');

    const removed = await read(
      t.as(admin.token).api.admin.products[':id'].images.$delete({
        param: { id: product.id },
        query: { url: image?.url ?? '' },
      }),
    );
    expect(removed.body.product.images).toEqual([]);
    expect((await t.app.request(image?.url ?? '')).status).toBe(404);
  });
});

describe('services', () => {
  it('shows both prices, flags the ones that differ until resolved, and edits feed the public catalogue', async () => {
    const res = await read(t.as(admin.token).api.admin.services.$get());
    expect(res.body.services).toHaveLength(18);
    const dcu = res.body.services.find((s: { sku: string }) => s.sku === 'DCU-001');
    expect(dcu).toMatchObject({
      listPriceCents: 16_700,
      checkoutPriceCents: 8900,
      pricesDiffer: true,
    });
    const songMix = res.body.services.find((s: { sku: string }) => s.sku === 'SM-001');
    expect(songMix.pricesDiffer).toBe(false);
    const mismatches = res.body.mismatchCount;
    expect(mismatches).toBe(10);

    const fixed = await read(
      t.as(admin.token).api.admin.services[':id'].$put({
        param: { id: dcu.id },
        json: {
          listPriceCents: 8900,
          features: ['Noise removal'],
        },
      }),
    );
    expect(fixed.body.service.pricesDiffer).toBe(false);
    expect((await read(t.as(admin.token).api.admin.services.$get())).body.mismatchCount).toBe(
      mismatches - 1,
    );
    const pub = await read(t.client.api.services.$get());
    expect(pub.body.services.find((s: { sku: string }) => s.sku === 'DCU-001')).toMatchObject({
      listPriceCents: 8900,
      features: ['Noise removal'],
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dcu.id), eq(auditLog.action, 'service.update')));
    expect(audit?.actorId).toBe(admin.user.id);
    expect(
      (
        await read(
          t.as(admin.token).api.admin.services[':id'].$put({
            param: { id: dcu.id },
            json: { listPriceCents: -5 },
          }),
        )
      ).status,
    ).toBe(400);
    await t.db.update(services).set({ listPriceCents: 16_700 }).where(eq(services.id, dcu.id));
  });
});

describe('submissions', () => {
  it('lists with payment state, shows details, and lets only admins download files', async () => {
    const { submission } = await createSubmission(t.db, 'AM-001');
    await t.storage.put('submissions/test-file-1', Readable.from([Buffer.from('RIFF-mix-bytes')]));
    const [file] = await t.db
      .insert(submissionFiles)
      .values({
        submissionId: submission.id,
        originalName: 'Mix “final” v2.wav',
        storageKey: 'submissions/test-file-1',
        contentType: 'audio/wav',
        sizeBytes: 14,
      })
      .returning();
    const list = await read(
      t.as(admin.token).api.admin.submissions.$get({ query: { q: submission.email } }),
    );
    expect(list.body.submissions).toMatchObject([
      { id: submission.id, paymentState: 'unpaid', service: 'Album Mix', fileCount: 1 },
    ]);
    expect(
      (
        await read(
          t.as(admin.token).api.admin.submissions.$get({ query: { paymentState: 'paid' } }),
        )
      ).body.submissions.some((s: { id: string }) => s.id === submission.id),
    ).toBe(false);
    const detail = await read(
      t.as(admin.token).api.admin.submissions[':id'].$get({ param: { id: submission.id } }),
    );
    expect(detail.body.files).toMatchObject([
      { originalName: 'Mix “final” v2.wav', sizeBytes: 14 },
    ]);
    const download = await t.app.request(detail.body.files[0].downloadUrl, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('RIFF-mix-bytes');
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Mix%20%E2%80%9Cfinal%E2%80%9D%20v2.wav",
    );
    const customer = await signUpCustomer(t);
    const denied = await t.app.request(detail.body.files[0].downloadUrl, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(denied.status).toBe(403);
    expect((await t.app.request(detail.body.files[0].downloadUrl)).status).toBe(401);
    expect(file?.id).toBeTruthy();
  });
});

describe('report', () => {
  it('answers revenue by day and method, orders by status, top products and submissions by service', async () => {
    const customer = await signUpCustomer(t);
    const order = await newOrder(customer, 3, 1100);
    await payOrder(t, order.id, { admin: admin.token });
    const today = new Date().toISOString().slice(0, 10);
    const res = await read(
      t.as(admin.token).api.admin.report.$get({ query: { from: today, to: today } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.revenueByDay).toHaveLength(1);
    expect(res.body.revenueByDay[0].day).toBe(today);
    expect(res.body.revenueByDay[0].orderCents).toBeGreaterThanOrEqual(order.totalCents);
    expect(
      res.body.ordersByStatus.find((s: { status: string }) => s.status === 'paid').count,
    ).toBeGreaterThanOrEqual(1);
    const [line] = await t.db.execute<{ product_id: string }>(
      sql`select product_id from order_items where order_id = ${order.id}`,
    );
    expect(
      res.body.topProducts.find((p: { productId: string }) => p.productId === line?.product_id),
    ).toMatchObject({ quantity: 3, revenueCents: 3300 });
    expect(Array.isArray(res.body.submissionsByService)).toBe(true);
    const report = t.as(admin.token).api.admin.report;
    const month = await read(report.$get({ query: {} }));
    expect(month.body.revenueByDay).toHaveLength(30);
    for (const query of [
      { from: '2026-02-01', to: '2026-01-01' },
      { from: '2020-01-01', to: '2026-01-01' },
    ]) {
      expect((await read(report.$get({ query }))).status).toBe(400);
    }
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
  });
});

describe('re-opening a cancelled order', () => {
  it('takes the stock again, and refuses with 409 when it is gone', async () => {
    const customer = await signUpCustomer(t);
    const product = await createProduct(t.db, { stock: 3 });
    const { id } = await placeOrder(t, customer.token, { productId: product.id, quantity: 2 });
    const stock = async () =>
      (
        await t.db.select({ s: products.stock }).from(products).where(eq(products.id, product.id))
      )[0]?.s;
    await read(
      t
        .as(admin.token)
        .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'cancelled' } }),
    );
    expect(await stock()).toBe(3);
    expect(
      (
        await read(
          t
            .as(admin.token)
            .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'processing' } }),
        )
      ).status,
    ).toBe(200);
    expect(await stock()).toBe(1);
    await read(
      t
        .as(admin.token)
        .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'cancelled' } }),
    );
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const short = await read(
      t
        .as(admin.token)
        .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'paid' } }),
    );
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(orderMessages.stockGone(product.name));
    expect(await stock()).toBe(1);
  });

  it('refuses an impossible report date with 400', async () => {
    for (const query of [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-13-01', to: '2026-12-31' },
    ]) {
      const res = await read(t.as(admin.token).api.admin.report.$get({ query }));
      expect(res.status).toBe(400);
    }
  });
});
