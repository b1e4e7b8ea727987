import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { downloadGrants } from '../db/schema/downloads.ts';
import { outboundMail } from '../db/schema/outbound-mail.ts';
import { payments } from '../db/schema/payments.ts';
import { signInAdmin } from '../test/accounts.ts';
import { digitalProduct, getOrderFile } from '../test/downloads.ts';
import { type EvmChain, startEvmChain } from '../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { customerOrder, placeOrder } from '../test/orders.ts';
import { alephiumEnv, type PayBy, payOrder, paypalEnv, usdtEnv } from '../test/payments.ts';
import { createProduct } from '../test/products.ts';
import { requestId } from '../test/refunds.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../test/standins/alephium.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';

/**
 * Issue 25: a paid order of a digital product gives its buyer its files, whatever paid it; a
 * full refund takes them away, a partial one does not; the admin can grant them again.
 */
let t: TestApp;
let paypal: PaypalStandin;
let chain: EvmChain;
let node: AlephiumStandin;
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  [paypal, chain, node] = await Promise.all([
    startPaypalStandin(),
    startEvmChain(),
    startAlephiumStandin(),
  ]);
  t = await createTestApp(
    { ...paypalEnv(paypal), ...usdtEnv(chain), ...alephiumEnv(node) },
    { jobs: true },
  );
  admin = await signInAdmin(t.db);
}, 60_000);
afterAll(async () => {
  await Promise.all([paypal?.close(), chain?.close(), node?.close()]);
});

/** A customer's order of a new digital product with one file, not yet paid. */
async function digitalPurchase(product: Parameters<typeof digitalProduct>[1] = {}) {
  const made = await digitalProduct(t, product);
  const { customer, orderId, order } = await customerOrder(t, {
    productId: made.product.id,
    address: null,
  });
  return { ...made, customer, orderId, order };
}

const myOrder = async (token: string, orderId: string) => {
  const res = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  expect(res.status).toBe(200);
  return res.body.order;
};

const adminOrder = async (orderId: string) => {
  const res = await read(
    t.as(admin.token).api.admin.orders[':id'].$get({ param: { id: orderId } }),
  );
  expect(res.status).toBe(200);
  return res.body.order;
};

describe('access is granted when the order is paid, by every way of paying', () => {
  const ways: [string, (token: string) => PayBy][] = [
    ['PayPal', (token) => ({ token, paypal })],
    ['USDT', (token) => ({ token, usdt: chain })],
    ['Alephium', (token) => ({ token, alephium: node })],
    ["the admin's Mark as Paid", () => ({ admin: admin.token })],
  ];
  it.each(ways)('%s', async (_name, by) => {
    const { customer, orderId, file, bytes } = await digitalPurchase();
    // Before payment: listed, nothing to download yet.
    const before = await myOrder(customer.token, orderId);
    expect(before.hasDownloads).toBe(true);
    expect(before.downloads).toMatchObject([
      { state: 'awaiting-payment', files: [{ id: file.id }] },
    ]);
    expect((await getOrderFile(t, customer.token, orderId, file.id)).status).toBe(409);

    await payOrder(t, orderId, by(customer.token));

    const after = await myOrder(customer.token, orderId);
    expect(after.downloads).toMatchObject([
      {
        state: 'ready',
        downloadLimit: 5,
        files: [{ id: file.id, name: file.name, sizeBytes: bytes.length, downloadsLeft: 5 }],
      },
    ]);
    const days = (Date.parse(after.downloads[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const res = await getOrderFile(t, customer.token, orderId, file.id);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await myOrder(customer.token, orderId)).downloads[0].files[0].downloadsLeft).toBe(4);
  });
});

describe('the receipt and PayPal', () => {
  it('the receipt mail lists the files and links to the order page', async () => {
    const { customer, orderId, file } = await digitalPurchase();
    await payOrder(t, orderId, { token: customer.token, paypal });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [mail] = await t.db
      .select()
      .from(outboundMail)
      .where(
        and(
          eq(outboundMail.purpose, 'payment-receipt'),
          eq(outboundMail.subjectId, payment?.id ?? ''),
        ),
      );
    expect(mail?.message.text).toContain('Your files, ready to download from your order page:');
    expect(mail?.message.text).toContain(file.name);
    expect(mail?.message.text).toContain(`/orders/${orderId}`);
    expect(mail?.message.html).toContain('Your files are ready to download');
  });

  it('tells PayPal a digital line is DIGITAL_GOODS and a physical one PHYSICAL_GOODS', async () => {
    const digital = await digitalProduct(t, { product: { name: 'Sample pack' } });
    const hoodie = await createProduct(t.db, { name: 'Hoodie', category: 'apparel' });
    const { customer, orderId } = await customerOrder(t, {
      items: [
        { productId: digital.product.id, quantity: 1 },
        { productId: hoodie.id, quantity: 1 },
      ],
    });
    const created = await read(
      t.as(customer.token).api.payments.paypal.orders.$post({ json: { orderId } }),
    );
    expect(created.status).toBe(201);
    const sent = paypal.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
    );
    const body = sent?.body as { purchase_units: { items: unknown[] }[] } | undefined;
    const items = body?.purchase_units[0]?.items;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Sample pack', category: 'DIGITAL_GOODS' }),
        expect.objectContaining({ name: 'Hoodie', category: 'PHYSICAL_GOODS' }),
      ]),
    );
  });

  it('an order of downloads only asks for no address and charges no shipping', async () => {
    const { product } = await digitalProduct(t);
    const { customer } = await customerOrder(t, { productId: product.id, address: null });
    const order = await placeOrder(t, customer.token, { productId: product.id, address: null });
    const view = await myOrder(customer.token, order.id);
    expect(view.shippingCents).toBe(0);
    expect(view.shippingAddress).toBeNull();
  });
});

const refund = (orderId: string, amountCents: number) =>
  read(
    t.as(admin.token).api.admin.orders[':id'].refunds.$post({
      param: { id: orderId },
      json: { amountCents, reason: 'Changed their mind', requestId: requestId() },
    }),
  );

describe('refunds', () => {
  it('a full refund revokes the access in its transaction: 410 saying how to get help', async () => {
    const { customer, orderId, file } = await digitalPurchase();
    await payOrder(t, orderId, { token: customer.token, paypal });
    const total = (await myOrder(customer.token, orderId)).totalCents;
    expect((await refund(orderId, total)).status).toBe(201);

    const order = await myOrder(customer.token, orderId);
    expect(order.status).toBe('refunded');
    expect(order.downloads[0].state).toBe('revoked');
    const res = await getOrderFile(t, customer.token, orderId, file.id);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This order was refunded, so its files can no longer be downloaded. Write to hello@studio.local if you think this is a mistake.',
    );
    const [grant] = await t.db
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, orderId));
    expect(grant?.status).toBe('revoked');
    // The revocation is audited with the admin who refunded.
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download.grant'), eq(auditLog.entityId, orderId)))
      .orderBy(asc(auditLog.createdAt));
    expect(rows.map((r) => [(r.detail as { to?: string }).to, r.actorId])).toEqual([
      ['active', null],
      ['revoked', admin.user.id],
    ]);
  });

  it('a partial refund leaves the access as it was', async () => {
    const { customer, orderId, file } = await digitalPurchase();
    await payOrder(t, orderId, { token: customer.token, paypal });
    expect((await refund(orderId, 100)).status).toBe(201);
    expect((await myOrder(customer.token, orderId)).downloads[0].state).toBe('ready');
    expect((await getOrderFile(t, customer.token, orderId, file.id)).status).toBe(200);
  });
});

describe('the admin sees the grants and grants again', () => {
  it('shows use and the last download; grant again resets the count and extends the date', async () => {
    const { customer, orderId, file } = await digitalPurchase({
      product: { downloadLimit: 1, downloadDays: 2 },
    });
    await payOrder(t, orderId, { admin: admin.token });
    const first = await getOrderFile(t, customer.token, orderId, file.id, {
      'X-Forwarded-For': '203.0.113.9',
    });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const used = await getOrderFile(t, customer.token, orderId, file.id);
    expect(used.status).toBe(403);
    expect(((await used.json()) as { message: string }).message).toBe(
      `You have used all 1 downloads of ${file.name}. Write to hello@studio.local if you need another.`,
    );

    const seen = await adminOrder(orderId);
    expect(seen.grants).toMatchObject([
      {
        status: 'active',
        usable: true,
        downloadLimit: 1,
        files: [{ id: file.id, downloadsUsed: 1, lastDownloadAt: expect.any(String) }],
      },
    ]);
    // A week later (the date moved back): expired.
    await t.db
      .update(downloadGrants)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(downloadGrants.orderId, orderId));
    const expired = await getOrderFile(t, customer.token, orderId, file.id);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toMatch(
      /^Your access to these files ended on .+\. Write to hello@studio\.local and we will renew it\.$/,
    );

    const again = await read(
      t.as(admin.token).api.admin.orders[':id'].grants[':grantId'].renew.$post({
        param: { id: orderId, grantId: seen.grants[0].id },
      }),
    );
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(
      /^Downloads of .+ granted again: the count starts over, access until .+\.$/,
    );
    expect(again.body.order.grants[0]).toMatchObject({
      usable: true,
      files: [{ downloadsUsed: 0 }],
    });
    expect((await getOrderFile(t, customer.token, orderId, file.id)).status).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download.grant'), eq(auditLog.entityId, orderId)))
      .orderBy(asc(auditLog.createdAt));
    // Opened by the admin's Mark as Paid, then granted again: both with the admin as actor.
    expect(audits.map((a) => [a.actorId, a.detail])).toEqual([
      [admin.user.id, expect.objectContaining({ from: null, to: 'active', source: 'admin' })],
      [admin.user.id, expect.objectContaining({ renewed: true, to: 'active', source: 'admin' })],
    ]);

    // The customer's page lists the downloads, counted or not.
    const page = await read(
      t.as(admin.token).api.admin.customers[':id'].$get({ param: { id: customer.user.id } }),
    );
    expect(page.body.downloads).toHaveLength(2);
    expect(page.body.downloads[1]).toMatchObject({ fileName: file.name, counted: true });
  });

  it('refuses to grant again on a refunded order (409) and a made-up grant (404)', async () => {
    const { customer, orderId } = await digitalPurchase();
    await payOrder(t, orderId, { token: customer.token, paypal });
    const total = (await myOrder(customer.token, orderId)).totalCents;
    await refund(orderId, total);
    const [grant] = await t.db
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, orderId));
    const renew = (grantId: string) =>
      read(
        t.as(admin.token).api.admin.orders[':id'].grants[':grantId'].renew.$post({
          param: { id: orderId, grantId },
        }),
      );
    const refused = await renew(grant?.id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This order was refunded or cancelled: set it back to paid before granting its downloads again.',
    );
    expect((await renew('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
