import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { customerOrder, orderHistoryOf, paidBy } from '../../test/orders.ts';
import { alephiumEnv, alephiumTransfer, paypalEnv, quote } from '../../test/payments.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../../test/standins/alephium.ts';
import { type PaypalStandin, startPaypalStandin } from '../../test/standins/paypal.ts';
import { until } from '../../test/until.ts';
import { markPaid } from './mark-paid.ts';

/**
 * markPaid writes the order's Paid history row whoever pays it (routes/paid-order-history.test.ts
 * has the customer's own confirmations): the re-check job after a PayPal outage, PayPal's
 * webhooks (an approved order captured there, a capture completed), the job confirming a chain
 * transfer, and an admin.
 */
let t: TestApp;
let paypal: PaypalStandin;
let node: AlephiumStandin;

beforeAll(async () => {
  [paypal, node] = await Promise.all([startPaypalStandin(), startAlephiumStandin()]);
  t = await createTestApp(
    {
      ...paypalEnv(paypal),
      ...alephiumEnv(node),
      PAYMENT_PROVIDER_TIMEOUT_MS: '500',
      PAYMENT_RECHECK_SECONDS: '1',
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await Promise.all([paypal?.close(), node?.close()]);
});

/** A customer's new order of one product, pending. */
const oneProduct = { product: { category: 'digital', priceCents: 2000 }, address: null } as const;

async function paypalOrderFor(token: string, orderId: string) {
  const created = await read(t.as(token).api.payments.paypal.orders.$post({ json: { orderId } }));
  expect(created.status).toBe(201);
  return { paypalOrderId: created.body.orderId as string, paymentId: created.body.paymentId };
}

const historyOf = (token: string, orderId: string) => orderHistoryOf(t, token, orderId);

/** Waits until the order reads paid (a job or a webhook pays it meanwhile). */
const untilPaid = (token: string, orderId: string) =>
  until(
    async () => (await historyOf(token, orderId)).status === 'paid',
    15_000,
    'the order to be paid',
    100,
  );

const webhook = (event: Record<string, unknown>) =>
  read(
    t.client.api.payments.paypal.webhook.$post(
      { json: event },
      { headers: paypal.signedHeaders(event) },
    ),
  );

describe('a paid order has its Paid history row whatever paid it', () => {
  it('the re-check job, after PayPal was down when the customer confirmed', async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
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
    await untilPaid(customer.token, orderId);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('job'));
  });

  it("PayPal's webhook capturing an approved order the browser never came back to", async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const { paypalOrderId } = await paypalOrderFor(customer.token, orderId);
    paypal.approve(paypalOrderId);
    const res = await webhook(
      paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', { id: paypalOrderId, status: 'APPROVED' }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('webhook'));
  });

  it("PayPal's webhook completing a pending capture", async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
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
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const { due } = await quote(t.as(customer.token), { orderId }, 'alephium');
    const txId = alephiumTransfer(node, due, 'mempool');
    const res = await read(
      t.as(customer.token).api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: 'alephium', transactionId: txId },
      }),
    );
    expect(res.status).toBe(202);
    node.confirm(txId, 1);
    await untilPaid(customer.token, orderId);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });

  it('an admin', async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const { paymentId } = await quote(t.as(customer.token), { orderId }, 'alephium');
    await markPaid({
      db: t.db,
      env: t.env,
      secret: t.secret,
      paymentId,
      externalId: `manual:${paymentId}`,
      source: 'admin',
    });
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('admin'));
  });
});
