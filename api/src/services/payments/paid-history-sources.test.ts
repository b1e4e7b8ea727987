import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { signUpCustomer } from '../../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../../test/standins/alephium.ts';
import { type PaypalStandin, startPaypalStandin } from '../../test/standins/paypal.ts';
import { markPaid } from './mark-paid.ts';

/**
 * markPaid writes the order's Paid history row whoever pays it (routes/paid-order-history.test.ts
 * has the customer's own confirmations): the re-check job after a PayPal outage, PayPal's
 * webhooks (an approved order captured there, a capture completed), the job confirming a chain
 * transfer, and an admin.
 */
const alphMerchant = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';
let t: TestApp;
let paypal: PaypalStandin;
let node: AlephiumStandin;

beforeAll(async () => {
  [paypal, node] = await Promise.all([startPaypalStandin(), startAlephiumStandin()]);
  t = await createTestApp(
    {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      ALPH_NODE_URL: node.baseUrl,
      ALPH_MERCHANT_ADDRESS: alphMerchant,
      ALPH_CONFIRMATIONS: '1',
      PAYMENT_PROVIDER_TIMEOUT_MS: '500',
      PAYMENT_RECHECK_SECONDS: '1',
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await Promise.all([paypal?.close(), node?.close()]);
});

async function placeOrder() {
  const customer = await signUpCustomer(t);
  const product = await createProduct(t.db, { category: 'digital', priceCents: 2000 });
  const placed = await read(
    t.as(customer.token).api.orders.$post({
      json: { items: [{ productId: product.id, quantity: 1 }] },
    }),
  );
  expect(placed.status).toBe(201);
  return { customer, orderId: placed.body.order.id as string };
}

async function paypalOrderFor(token: string, orderId: string) {
  const created = await read(t.as(token).api.payments.paypal.orders.$post({ json: { orderId } }));
  expect(created.status).toBe(201);
  return { paypalOrderId: created.body.orderId as string, paymentId: created.body.paymentId };
}

async function historyOf(token: string, orderId: string) {
  const mine = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  const audits = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')));
  return {
    status: mine.body.order.status,
    history: (mine.body.order.history as { status: string; source: string }[]).map(
      ({ status, source }) => ({ status, source }),
    ),
    audits: audits.map((a) => a.detail),
  };
}

const paidBy = (source: string) => ({
  status: 'paid',
  history: [
    { status: 'pending', source: 'customer' },
    { status: 'paid', source },
  ],
  audits: [expect.objectContaining({ from: 'pending', to: 'paid', source })],
});

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const webhook = (event: Record<string, unknown>) =>
  read(
    t.client.api.payments.paypal.webhook.$post(
      { json: event },
      { headers: paypal.signedHeaders(event) },
    ),
  );

describe('a paid order has its Paid history row whatever paid it', () => {
  it('the re-check job, after PayPal was down when the customer confirmed', async () => {
    const { customer, orderId } = await placeOrder();
    const { paypalOrderId } = await paypalOrderFor(customer.token, orderId);
    paypal.approve(paypalOrderId);
    await paypal.stop();
    const res = await read(
      t.as(customer.token).api.orders['execute-payment'].$post({
        json: { paymentId: paypalOrderId, payerId: 'PAYER123', orderId },
      }),
    );
    expect(res.status).toBe(503);
    await paypal.start();
    await until(async () => (await historyOf(customer.token, orderId)).status === 'paid');
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('job'));
  });

  it("PayPal's webhook capturing an approved order the browser never came back to", async () => {
    const { customer, orderId } = await placeOrder();
    const { paypalOrderId } = await paypalOrderFor(customer.token, orderId);
    paypal.approve(paypalOrderId);
    const res = await webhook(
      paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', { id: paypalOrderId, status: 'APPROVED' }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('webhook'));
  });

  it("PayPal's webhook completing a pending capture", async () => {
    const { customer, orderId } = await placeOrder();
    const { paypalOrderId, paymentId } = await paypalOrderFor(customer.token, orderId);
    paypal.approve(paypalOrderId);
    paypal.setCaptureOutcome(paypalOrderId, 'PENDING');
    const pending = await read(
      t.as(customer.token).api.orders['execute-payment'].$post({
        json: { paymentId: paypalOrderId, payerId: 'PAYER123', orderId },
      }),
    );
    expect(pending.status).toBe(202);
    const res = await webhook(
      paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
        id: 'CAPTURE-HISTORY',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '21.40' },
        custom_id: paymentId,
      }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('webhook'));
  });

  it('the re-check job confirming a chain transfer seen in the mempool first', async () => {
    const { customer, orderId } = await placeOrder();
    const quote = await read(
      t.as(customer.token).api.payments.quote.$post({ json: { orderId, method: 'alephium' } }),
    );
    const txId = randomBytes(32).toString('hex');
    node.addTransaction({
      txId,
      outputs: [{ address: alphMerchant, attoAlphAmount: String(quote.body.amountBaseUnits) }],
    });
    const res = await read(
      t.as(customer.token).api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: 'alephium', transactionId: txId },
      }),
    );
    expect(res.status).toBe(202);
    node.confirm(txId, 1);
    await until(async () => (await historyOf(customer.token, orderId)).status === 'paid');
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });

  it('an admin', async () => {
    const { customer, orderId } = await placeOrder();
    const quote = await read(
      t.as(customer.token).api.payments.quote.$post({ json: { orderId, method: 'alephium' } }),
    );
    await markPaid({
      db: t.db,
      env: t.env,
      paymentId: quote.body.paymentId,
      externalId: `manual:${quote.body.paymentId}`,
      source: 'admin',
    });
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('admin'));
  });
});
