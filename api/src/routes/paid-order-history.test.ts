import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { submissionStatusHistory } from '../db/schema/project-submissions.ts';
import { signUpCustomer } from '../test/accounts.ts';
import { type EvmChain, startEvmChain } from '../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { createProduct } from '../test/products.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../test/standins/alephium.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';
import { createSubmission } from '../test/submissions.ts';

const alphMerchant = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';
let t: TestApp;
let paypal: PaypalStandin;
let chain: EvmChain;
let node: AlephiumStandin;

beforeAll(async () => {
  [paypal, chain, node] = await Promise.all([
    startPaypalStandin(),
    startEvmChain(),
    startAlephiumStandin(),
  ]);
  t = await createTestApp(
    {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.baseUrl,
      EVM_RPC_URL: chain.rpcUrl,
      EVM_CHAIN_ID: String(chain.chainId),
      USDT_CONTRACT: chain.usdtAddress,
      MERCHANT_EVM_ADDRESS: chain.merchant,
      EVM_CONFIRMATIONS: '1',
      ALPH_NODE_URL: node.baseUrl,
      ALPH_MERCHANT_ADDRESS: alphMerchant,
      ALPH_CONFIRMATIONS: '1',
    },
    { jobs: true },
  );
}, 60_000);
afterAll(async () => {
  await Promise.all([paypal?.close(), chain?.close(), node?.close()]);
});

/** A customer's new order of one product, pending. */
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

async function quote(token: string, orderId: string, method: 'paypal' | 'usdt' | 'alephium') {
  const res = await read(t.as(token).api.payments.quote.$post({ json: { orderId, method } }));
  expect(res.status).toBe(201);
  return res.body;
}

/** The order as its customer reads it, and its audit rows of status changes. */
async function historyOf(token: string, orderId: string) {
  const mine = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  expect(mine.status).toBe(200);
  const audits = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')));
  return {
    status: mine.body.order.status,
    history: (mine.body.order.history as { status: string; source: string; at: string }[]).map(
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

describe('an order paid online keeps its history: Pending, then Paid with what paid it', () => {
  it('PayPal: paid by the customer approving it', async () => {
    const { customer, orderId } = await placeOrder();
    const created = await read(
      t.as(customer.token).api.payments.paypal.orders.$post({ json: { orderId } }),
    );
    expect(created.status).toBe(201);
    paypal.approve(created.body.orderId);
    const res = await read(
      t.as(customer.token).api.orders['execute-payment'].$post({
        json: { paymentId: created.body.orderId, payerId: 'PAYER123', orderId },
      }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('customer'));
  });

  it('USDT: paid by a transfer verified on chain', async () => {
    const { customer, orderId } = await placeOrder();
    const due = BigInt((await quote(customer.token, orderId, 'usdt')).amountBaseUnits);
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const res = await read(
      t.as(customer.token).api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: 'usdt', transactionId: hash },
      }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });

  it('Alephium: paid by a transfer verified on chain', async () => {
    const { customer, orderId } = await placeOrder();
    const due = BigInt((await quote(customer.token, orderId, 'alephium')).amountBaseUnits);
    const txId = randomBytes(32).toString('hex');
    node.addTransaction({
      txId,
      outputs: [{ address: alphMerchant, attoAlphAmount: due.toString() }],
      confirmations: 1,
    });
    const res = await read(
      t.as(customer.token).api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: 'alephium', transactionId: txId },
      }),
    );
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });
});

describe('a submission paid online keeps its history too', () => {
  it('records paid with what paid it', async () => {
    const { submission } = await createSubmission(t.db, 'DCU-001');
    const opened = await read(
      t.client.api.payments.quote.$post({
        json: { submissionId: submission.id, method: 'alephium' },
      }),
    );
    const txId = randomBytes(32).toString('hex');
    node.addTransaction({
      txId,
      outputs: [{ address: alphMerchant, attoAlphAmount: String(opened.body.amountBaseUnits) }],
      confirmations: 1,
    });
    const res = await read(
      t.client.api.projects['payment-confirm'].$post({
        json: {
          submissionId: submission.id,
          paymentMethod: 'alephium',
          transactionId: txId,
          amount: 1,
        },
      }),
    );
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, submission.id))
      .orderBy(submissionStatusHistory.createdAt);
    expect(rows.map(({ status, source }) => ({ status, source }))).toEqual([
      { status: 'paid', source: 'chain' },
    ]);
  });
});
