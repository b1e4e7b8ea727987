import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invoiceMessages } from '@studio/shared/messages/invoices';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../db/schema/invoices.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { issueInvoice } from '../services/invoices/issue-invoice.ts';
import { transitionOrder } from '../services/orders/transition-order.ts';
import { markPaid } from '../services/payments/mark-paid.ts';
import { INVOICE_DOWNLOADS_PER_WINDOW } from '../services/rate-limit/limit-by-account.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { markOrderPaid, paidSubmission } from '../test/invoices.ts';
import { customerOrder } from '../test/orders.ts';
import { payOrder, paypalEnv } from '../test/payments.ts';
import { createProduct } from '../test/products.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';
import { createSubmission } from '../test/submissions.ts';

/**
 * Receipts and invoices (decision 036): the itemised receipt that reaches a real SMTP server,
 * invoice numbers that run without gaps per year under concurrency and rollbacks, and the PDF
 * as a customer and an admin download it, read back with pdftotext.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let paypal: PaypalStandin;
let admin: string;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'invoices-test-'));
const business = {
  BUSINESS_NAME: 'Studio Nord',
  BUSINESS_ADDRESS: '12 Harbour Street|Leeds LS1 4AB|United Kingdom',
  BUSINESS_EMAIL: 'billing@studio.example',
  BUSINESS_WEBSITE: 'https://studio.example',
  BUSINESS_TAX_ID: 'GB 123 4567 89',
  INVOICE_FOOTER: 'Paid in full.|Questions? billing@studio.example',
};

beforeAll(async () => {
  [smtp, paypal] = await Promise.all([startSmtpServer(), startPaypalStandin()]);
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shop.studio.example',
      ...paypalEnv(paypal),
      ORDER_MAX_UNPAID: '1000',
      ...business,
    },
    { jobs: true },
  );
  admin = (await signInAdmin(t.db)).token;
}, 60_000);
afterAll(async () => {
  await paypal?.close();
});

/** Where the orders ship: the PDF is read back for its accents and typographic apostrophe. */
const address = {
  firstName: 'José',
  lastName: 'Müller',
  street: '5 Rue de l’Église',
  city: 'Montréal',
  state: 'QC',
  zipCode: '12345',
  phone: '+15145550101',
};

/** A customer (named as given) with a pending order of two products, one of them twice. */
async function pendingOrder(name: { firstName?: string; lastName?: string } = {}) {
  const record = await createProduct(t.db, { name: 'Vinyl “Nocturnes”', priceCents: 2500 });
  const tote = await createProduct(t.db, {
    name: 'Tote <img src=x onerror=alert(1)> & co',
    priceCents: 1250,
  });
  return customerOrder(t, {
    name,
    items: [
      { productId: record.id, quantity: 1 },
      { productId: tote.id, quantity: 2 },
    ],
    address,
  });
}

/** The PDF's text as pdftotext reads it (the layout kept, so columns read across). */
function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function download(res: Response | Promise<Response>) {
  const answer = await res;
  return {
    status: answer.status,
    headers: answer.headers,
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

const numbersOf = async (year: number) =>
  (
    await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.year, year))
      .orderBy(invoices.number)
  ).map((r) => r.number);

/** Numbers 1..n: the year's invoices have no gap and no repeat. */
const oneToN = (numbers: number[]) => numbers.map((_, i) => i + 1);

describe('the receipt of a paid order', () => {
  it('arrives itemised, as HTML and text: lines, shipping, tax, total, method, the order link and the seller', async () => {
    const { customer, order } = await pendingOrder({ firstName: 'Zoë', lastName: 'Ørsted' });
    await payOrder(t, order.id, { token: customer.token, paypal });
    const [mail] = await smtp.waitFor(customer.user.email, 1, 20_000);
    const view = await read(
      t.as(customer.token).api.orders[':id'].$get({ param: { id: order.id } }),
    );
    const o = view.body.order;
    expect(mail?.subject).toBe(`Receipt for order ${order.orderNumber}`);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const number = `${invoice?.year}-${String(invoice?.number).padStart(6, '0')}`;

    const text = mail?.text ?? '';
    expect(text).toContain('Hi Zoë Ørsted,');
    expect(text).toContain(`Order: ${order.orderNumber}`);
    expect(text).toContain(`Invoice: ${number}`);
    expect(text).toContain('Vinyl “Nocturnes”');
    expect(text).toContain('1 × $25.00 = $25.00');
    expect(text).toContain('Tote <img src=x onerror=alert(1)> & co');
    expect(text).toContain('2 × $12.50 = $25.00');
    expect(text).toContain(`Subtotal: ${o.subtotal}`);
    expect(text).toContain(`Shipping: ${o.shippingCost}`);
    expect(text).toContain(`Tax: ${o.tax}`);
    expect(text).toContain(`Total: ${o.total}`);
    expect(text).toMatch(/Paid with PayPal\nPayPal capture: \S+/);
    expect(text).toContain(`https://shop.studio.example/orders/${order.id}`);
    expect(text).toContain('Studio Nord\n12 Harbour Street\nLeeds LS1 4AB\nUnited Kingdom');
    expect(text).toContain('Tax ID: GB 123 4567 89');

    const html = mail?.html || '';
    // The product's name is text in the HTML, never an element.
    expect(html).not.toContain('<img');
    expect(html).toContain('Tote &lt;img src=x onerror=alert(1)&gt; &amp; co');
    expect(html).toContain('2 × $12.50');
    expect(html).toContain(o.total);
    expect(html).toContain(`href="https://shop.studio.example/orders/${order.id}"`);
    expect(html).toContain(number);
    expect(html).toContain('Studio Nord');
    expect(html).toContain('billing@studio.example');
    // Once: the receipt of this payment is not sent again.
    expect(smtp.to(customer.user.email)).toHaveLength(1);
  }, 40_000);

  it('for a paid project: the service, its price and tax, the method and the project link', async () => {
    const { submission, service } = await createSubmission(t.db);
    const [payment] = await t.db
      .insert(payments)
      .values({
        method: 'alephium',
        submissionId: submission.id,
        amountCents: 23540,
        currency: 'ALPH',
        amountBaseUnits: '470800000000000000123',
      })
      .returning();
    if (!payment) throw new Error('no payment');
    await markPaid({
      db: t.db,
      env: t.env,
      secret: t.secret,
      paymentId: payment.id,
      externalId: `alph:${'ab'.repeat(32)}`,
      source: 'client',
    });
    const [mail] = await smtp.waitFor(submission.email, 1, 20_000);
    expect(mail?.subject).toBe(`Payment received: ${service.title}`);
    const text = mail?.text ?? '';
    expect(text).toContain(`${service.title} (${service.sku})\n  1 × $220.00 = $220.00`);
    expect(text).toContain('Subtotal: $220.00\nTax: $15.40\nTotal: $235.40');
    expect(text).toContain('Paid with Alephium (ALPH): 470.80 ALPH');
    expect(text).toContain(`Transaction: ${'ab'.repeat(32)}`);
    // The link opens the project's room, signed (decision 046).
    expect(text).toMatch(
      new RegExp(`https://shop\\.studio\\.example/projects/${submission.id}\\?expires=\\d+&token=`),
    );
    expect(text).not.toContain('Shipping');
    expect(mail?.html).toContain('View your project');
  }, 30_000);
});

describe('invoice numbers', () => {
  it('20 orders paid at once get the next 20 numbers of the year, none skipped or repeated', async () => {
    const year = new Date().getUTCFullYear();
    const placed = await Promise.all(Array.from({ length: 20 }, () => pendingOrder()));
    const pending = await Promise.all(
      placed.map(async ({ order }) => {
        const [row] = await t.db
          .insert(payments)
          .values({ method: 'paypal', orderId: order.id, amountCents: 1 })
          .returning();
        return { orderId: order.id, paymentId: String(row?.id) };
      }),
    );
    await Promise.all(
      pending.map(({ paymentId }) =>
        markPaid({
          db: t.db,
          env: t.env,
          secret: t.secret,
          paymentId,
          externalId: `paypal:RACE-${paymentId}`,
          source: 'webhook',
        }),
      ),
    );
    const ours = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(sql`${invoices.orderId} in ${pending.map((p) => p.orderId)}`);
    expect(ours).toHaveLength(20);
    const numbers = ours.map((r) => r.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(19);
    const all = await numbersOf(year);
    expect(all).toEqual(oneToN(all));
    const [counter] = await t.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, year));
    expect(counter?.lastNumber).toBe(all.length);
  }, 60_000);

  it('a payment rolled back gives its number back: the next paid order takes it', async () => {
    const year = new Date().getUTCFullYear();
    const before = await numbersOf(year);
    const { order: lost } = await pendingOrder();
    await expect(
      t.db.transaction(async (tx) => {
        await transitionOrder(tx, { orderId: lost.id, to: 'paid', source: 'admin' });
        throw new Error('the payment fails after the number was taken');
      }),
    ).rejects.toThrow('the payment fails');
    const [unpaid] = await t.db.select().from(orders).where(eq(orders.id, lost.id));
    expect(unpaid?.status).toBe('pending');
    const { order } = await pendingOrder();
    await markOrderPaid(t.db, order.id);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.number).toBe(before.length + 1);
    expect(await numbersOf(year)).toEqual(oneToN([...before, 0]));
  }, 30_000);

  it('an order paid twice at once (customer and webhook) keeps one number', async () => {
    const { order } = await pendingOrder();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction((tx) => issueInvoice(tx, { subject: { kind: 'order', id: order.id } })),
      ),
    );
    expect(new Set(results.map((r) => r.number)).size).toBe(1);
    const rows = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows).toHaveLength(1);
    // Paid again later (the admin sets it back and forth): still the same number.
    await t.db.transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: 'processing', source: 'admin' }),
    );
    const again = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(again).toEqual(rows);
    const all = await numbersOf(new Date().getUTCFullYear());
    expect(all).toEqual(oneToN(all));
  }, 30_000);

  it('starts again at 1 in a new year', async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    const c = await pendingOrder();
    const issue = (orderId: string, at: string) =>
      t.db.transaction((tx) =>
        issueInvoice(tx, { subject: { kind: 'order', id: orderId }, issuedAt: new Date(at) }),
      );
    const last = await issue(a.order.id, '2098-12-31T23:59:59Z');
    const first = await issue(b.order.id, '2099-01-01T00:00:00Z');
    const second = await issue(c.order.id, '2099-03-01T12:00:00Z');
    expect([last.year, last.number]).toEqual([2098, 1]);
    expect([first.year, first.number]).toEqual([2099, 1]);
    expect([second.year, second.number]).toEqual([2099, 2]);
  });
});

describe('GET /api/orders/:id/invoice.pdf', () => {
  it('gives the owner the PDF: seller, buyer in any script, numbers, lines and totals', async () => {
    const { customer, order } = await pendingOrder({ firstName: 'Иван', lastName: 'Đặng-Säther' });
    await payOrder(t, order.id, { token: customer.token, paypal });
    const res = await download(
      t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const number = `${invoice?.year}-${String(invoice?.number).padStart(6, '0')}`;
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${number}.pdf"; filename*=UTF-8''invoice-${number}.pdf`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes);
    const view = (
      await read(t.as(customer.token).api.orders[':id'].$get({ param: { id: order.id } }))
    ).body.order;
    for (const expected of [
      'Studio Nord',
      '12 Harbour Street',
      'Tax ID: GB 123 4567 89',
      'Invoice',
      number,
      order.orderNumber,
      'Иван Đặng-Säther',
      customer.user.email,
      '5 Rue de l’Église',
      'Montréal, QC 12345',
      'PayPal',
      'Paid in full.',
      'Questions? billing@studio.example',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Vinyl “Nocturnes”\s+1\s+\$25\.00\s+\$25\.00/);
    expect(text).toMatch(/Tote <img src=x onerror=alert\(1\)> & co\s+2\s+\$12\.50\s+\$25\.00/);
    expect(text).toMatch(new RegExp(`Subtotal\\s+\\${view.subtotal}`));
    expect(text).toMatch(new RegExp(`Shipping\\s+\\${view.shippingCost}`));
    expect(text).toMatch(new RegExp(`Tax \\(7%\\)\\s+\\${view.tax}`));
    expect(text).toMatch(new RegExp(`Total\\s+\\${view.total}`));
    expect(text).not.toContain('Refunded');

    // Made again from what is stored: the same invoice.
    const again = await download(
      t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
    );
    expect(pdfText(again.bytes)).toBe(text);
  }, 40_000);

  it.runIf(existsSync('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'))(
    'draws a name in Chinese or Japanese with the machine’s fallback font',
    async () => {
      const { customer, order } = await pendingOrder({ firstName: '山田', lastName: '太郎' });
      await markOrderPaid(t.db, order.id);
      const res = await download(
        t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
      );
      expect(pdfText(res.bytes)).toContain('山田 太郎');
    },
  );

  it('marks a refunded order Refunded', async () => {
    const { customer, order } = await pendingOrder();
    await markOrderPaid(t.db, order.id);
    await t.db.transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: 'refunded', source: 'admin' }),
    );
    const res = await download(
      t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
    );
    expect(res.status).toBe(200);
    expect(pdfText(res.bytes)).toMatch(/Refunded\s+-\$\d/);
  });

  it('lists a partial refund with its date and what was kept', async () => {
    const { customer, order } = await pendingOrder();
    const [payment] = await t.db
      .insert(payments)
      .values({ method: 'paypal', orderId: order.id, amountCents: 1 })
      .returning();
    if (!payment) throw new Error('no payment');
    await markPaid({
      db: t.db,
      env: t.env,
      secret: t.secret,
      paymentId: payment.id,
      externalId: `paypal:PART-${payment.id}`,
      source: 'client',
    });
    await t.db.insert(refunds).values({
      id: randomUUID(),
      paymentId: payment.id,
      orderId: order.id,
      amountCents: 1000,
      method: 'paypal',
      status: 'completed',
      source: 'admin',
      reason: 'One tote came torn',
      completedAt: new Date('2030-01-05T12:00:00Z'),
    });
    const res = await download(
      t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
    );
    const text = pdfText(res.bytes);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(text).toContain('Partially refunded');
    expect(text).toMatch(/Refunded January 5, 2030\s+-\$10\.00/);
    expect(text).toMatch(
      new RegExp(`Net paid\\s+\\$${((Number(row?.totalCents) - 1000) / 100).toFixed(2)}`),
    );
  });

  it('is a 404 for another customer, a 401 without a session, and a 409 before payment', async () => {
    const { customer, order } = await pendingOrder();
    const other = await signUpCustomer(t);
    const call = (token?: string) =>
      read(t.as(token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }));
    expect(await call(customer.token)).toMatchObject({
      status: 409,
      body: { message: invoiceMessages.orderNotPaid, code: 'CONFLICT' },
    });
    await markOrderPaid(t.db, order.id);
    expect((await call(customer.token)).status).toBe(200);
    expect(await call(other.token)).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect((await call(undefined)).status).toBe(401);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      expect(
        (await read(t.as(customer.token).api.orders[':id']['invoice.pdf'].$get({ param: { id } })))
          .status,
      ).toBe(404);
  });
});

describe('invoice downloads per account', () => {
  it(`a customer gets ${INVOICE_DOWNLOADS_PER_WINDOW} in 10 minutes, then 429 with Retry-After; another customer and the admin still get theirs`, async () => {
    const { customer, order } = await pendingOrder();
    await markOrderPaid(t.db, order.id);
    const call = (token: string) =>
      t.as(token).api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } });
    const statuses: number[] = [];
    for (let i = 0; i < INVOICE_DOWNLOADS_PER_WINDOW; i += 1) {
      const res = await call(customer.token);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual(statuses.map(() => 200));
    const refused = await call(customer.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await refused.json()).toMatchObject({ message: invoiceMessages.tooManyDownloads });
    // Another customer's downloads are counted apart; the admin's route has no such limit.
    const other = await pendingOrder();
    await markOrderPaid(t.db, other.order.id);
    const theirs = await t
      .as(other.customer.token)
      .api.orders[':id']['invoice.pdf'].$get({ param: { id: other.order.id } });
    expect(theirs.status).toBe(200);
    await theirs.arrayBuffer();
    const byAdmin = await download(
      t.as(admin).api.admin.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
    );
    expect(byAdmin.status).toBe(200);
  });
});

describe('GET /api/admin/orders/:id/invoice.pdf', () => {
  it('gives an admin any paid order’s invoice, and says when it is not paid yet', async () => {
    const { order } = await pendingOrder();
    const call = () =>
      download(
        t.as(admin).api.admin.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } }),
      );
    const unpaid = await call();
    expect(unpaid.status).toBe(409);
    expect(JSON.parse(unpaid.bytes.toString()).message).toBe(invoiceMessages.orderNotPaid);
    // Marked paid by the admin (no payment online): invoiced all the same.
    await markOrderPaid(t.db, order.id);
    const paid = await call();
    expect(paid.status).toBe(200);
    const text = pdfText(paid.bytes);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Recorded by the seller');
  });
});

describe('project invoices', () => {
  it('the account that submitted a paid project downloads it; others 404; an admin always', async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const { submission, service } = await paidSubmission(t.db, owner.user.id);
    const mine = await download(
      t.as(owner.token).api.projects[':id']['invoice.pdf'].$get({ param: { id: submission.id } }),
    );
    expect(mine.status).toBe(200);
    const text = pdfText(mine.bytes);
    expect(text).toContain(service.title);
    expect(text).toContain(submission.id);
    expect(text).toContain('Pat Payer');
    expect(text).not.toContain('Shipping');
    const theirs = await read(
      t.as(other.token).api.projects[':id']['invoice.pdf'].$get({ param: { id: submission.id } }),
    );
    expect(theirs).toMatchObject({
      status: 404,
      body: { message: invoiceMessages.submissionNotFound },
    });
    const byAdmin = await download(
      t.as(admin).api.admin.submissions[':id']['invoice.pdf'].$get({
        param: { id: submission.id },
      }),
    );
    expect(byAdmin.status).toBe(200);
    expect(pdfText(byAdmin.bytes)).toBe(text);
  });

  it('prints a project’s id on one line, even in its widest characters (all digits)', async () => {
    const id = randomUUID().replace(/[a-f]/g, '8');
    const { submission } = await paidSubmission(t.db, null, id);
    const pdf = await download(
      t.as(admin).api.admin.submissions[':id']['invoice.pdf'].$get({
        param: { id: submission.id },
      }),
    );
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toMatch(new RegExp(`Project +${id}\\n`));
  });

  it('a visitor’s project (no account) is no customer’s; unpaid is a 409', async () => {
    const customer = await signUpCustomer(t);
    const { submission } = await paidSubmission(t.db, null);
    expect(
      (
        await read(
          t.as(customer.token).api.projects[':id']['invoice.pdf'].$get({
            param: { id: submission.id },
          }),
        )
      ).status,
    ).toBe(404);
    const { submission: unpaid } = await createSubmission(t.db);
    expect(
      await read(
        t.as(admin).api.admin.submissions[':id']['invoice.pdf'].$get({
          param: { id: unpaid.id },
        }),
      ),
    ).toMatchObject({ status: 409, body: { message: invoiceMessages.submissionNotPaid } });
    const rows = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, unpaid.id)));
    expect(rows).toEqual([]);
  });
});
