import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionStatusHistory } from '../db/schema/project-submissions.ts';
import { type EvmChain, startEvmChain } from '../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { customerOrder, orderHistoryOf, paidBy } from '../test/orders.ts';
import {
  alephiumEnv,
  alephiumTransfer,
  payOrder,
  paypalEnv,
  quote,
  usdtEnv,
} from '../test/payments.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../test/standins/alephium.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';
import { createSubmission } from '../test/submissions.ts';

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
    { ...paypalEnv(paypal), ...usdtEnv(chain), ...alephiumEnv(node) },
    { jobs: true },
  );
}, 60_000);
afterAll(async () => {
  await Promise.all([paypal?.close(), chain?.close(), node?.close()]);
});

/** A customer's new order of one product, pending. */
const oneProduct = { product: { category: 'digital', priceCents: 2000 }, address: null } as const;

const historyOf = (token: string, orderId: string) => orderHistoryOf(t, token, orderId);

describe('an order paid online keeps its history: Pending, then Paid with what paid it', () => {
  it('PayPal: paid by the customer approving it', async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const res = await payOrder(t, orderId, { token: customer.token, paypal });
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('customer'));
  });

  it('USDT: paid by a transfer verified on chain', async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const res = await payOrder(t, orderId, { token: customer.token, usdt: chain });
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });

  it('Alephium: paid by a transfer verified on chain', async () => {
    const { customer, orderId } = await customerOrder(t, oneProduct);
    const res = await payOrder(t, orderId, { token: customer.token, alephium: node });
    expect(res.status).toBe(200);
    expect(await historyOf(customer.token, orderId)).toEqual(paidBy('chain'));
  });
});

describe('a submission paid online keeps its history too', () => {
  it('records paid with what paid it', async () => {
    const { submission } = await createSubmission(t.db, 'DCU-001');
    const { due } = await quote(t.client, { submissionId: submission.id }, 'alephium');
    const txId = alephiumTransfer(node, due);
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
