import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/payments.ts';
import type { EvmChain } from './evm/chain.ts';
import { type Answer, read, type TestApp, type TestClient } from './harness.ts';
import type { AlephiumStandin } from './standins/alephium.ts';
import type { PaypalStandin } from './standins/paypal.ts';
import { createSubmission } from './submissions.ts';

/** The shop's Alephium address in the tests (any valid address: the node stand-in checks none). */
export const alephiumMerchant = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';

/** The settings that point the API at the PayPal stand-in. */
export function paypalEnv(paypal: PaypalStandin) {
  return {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  };
}

/** The settings that point the API at the local chain (`rpcUrl`: another way to reach it). */
export function usdtEnv(chain: EvmChain, rpcUrl = chain.rpcUrl) {
  return {
    EVM_RPC_URL: rpcUrl,
    EVM_CHAIN_ID: String(chain.chainId),
    USDT_CONTRACT: chain.usdtAddress,
    MERCHANT_EVM_ADDRESS: chain.merchant,
    EVM_CONFIRMATIONS: '1',
  };
}

/** The settings that point the API at the Alephium node stand-in, paying `alephiumMerchant`. */
export function alephiumEnv(node: AlephiumStandin) {
  return {
    ALPH_NODE_URL: node.baseUrl,
    ALPH_MERCHANT_ADDRESS: alephiumMerchant,
    ALPH_CONFIRMATIONS: '1',
  };
}

/** A quote for paying an order or a submission with a crypto method; fails unless one is made. */
export async function quote(
  client: TestClient,
  subject: { orderId: string } | { submissionId: string },
  method: 'usdt' | 'alephium',
) {
  const res = await read(client.api.payments.quote.$post({ json: { ...subject, method } }));
  if (res.status !== 201) throw new Error(`no quote: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    paymentId: res.body.paymentId as string,
    /** What is due, in the method's base units. */
    due: BigInt(res.body.amountBaseUnits),
    body: res.body,
  };
}

/** A new submission for the service `sku` with an open quote for `method`. */
export async function quotedSubmission(t: TestApp, method: 'usdt' | 'alephium', sku = 'DCU-001') {
  const { submission } = await createSubmission(t.db, sku);
  return { submission, ...(await quote(t.client, { submissionId: submission.id }, method)) };
}

/** A new submission for the service `sku` with a PayPal order made for it (`orderId`). */
export async function paypalSubmission(t: TestApp, sku = 'DCU-001') {
  const { submission } = await createSubmission(t.db, sku);
  const res = await read(
    t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
  );
  if (res.status !== 201)
    throw new Error(`no PayPal order: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    submission,
    orderId: res.body.orderId as string,
    paymentId: res.body.paymentId as string,
  };
}

/** The payment's row. */
export async function paymentRowOf(db: Db, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/**
 * A transaction of `due` atto to the shop on the node stand-in, with `confirmations` (or still in
 * the mempool); answers its id.
 */
export function alephiumTransfer(
  node: AlephiumStandin,
  due: bigint | string,
  confirmations: number | 'mempool' = 1,
) {
  const txId = randomBytes(32).toString('hex');
  node.addTransaction({
    txId,
    outputs: [{ address: alephiumMerchant, attoAlphAmount: String(due) }],
    ...(confirmations === 'mempool' ? {} : { confirmations }),
  });
  return txId;
}

/**
 * Who pays an order and how: its customer (`token`) with PayPal, USDT or ALPH, each through its
 * stand-in, or an admin (`admin`: the admin's token) with Mark as Paid.
 */
export type PayBy =
  | { token: string; paypal: PaypalStandin }
  | { token: string; usdt: EvmChain }
  | { token: string; alephium: AlephiumStandin }
  | { admin: string };

/**
 * Pays the order as each way pays one: PayPal approved on the stand-in and captured by
 * execute-payment; a USDT transfer on the local chain or an ALPH transfer on the node stand-in,
 * confirmed by the customer; or the admin's Mark as Paid. Fails unless each step answers as it
 * does when it pays; answers the last answer.
 */
export async function payOrder(t: TestApp, orderId: string, by: PayBy): Promise<Answer> {
  let res: Answer;
  if ('paypal' in by) {
    const customer = t.as(by.token);
    const created = await read(customer.api.payments.paypal.orders.$post({ json: { orderId } }));
    if (created.status !== 201)
      throw new Error(`no PayPal order: ${created.status} ${JSON.stringify(created.body)}`);
    by.paypal.approve(created.body.orderId);
    res = await read(
      customer.api.orders['execute-payment'].$post({
        json: { paymentId: created.body.orderId, payerId: 'PAYER123', orderId },
      }),
    );
  } else if ('admin' in by) {
    res = await read(
      t.as(by.admin).api.admin.orders[':id'].status.$put({
        param: { id: orderId },
        json: { status: 'paid' },
      }),
    );
  } else {
    const customer = t.as(by.token);
    const method = 'usdt' in by ? 'usdt' : 'alephium';
    const { due } = await quote(customer, { orderId }, method);
    const transactionId =
      'usdt' in by
        ? await by.usdt.transfer({ to: by.usdt.merchant, amount: due })
        : alephiumTransfer(by.alephium, due);
    res = await read(
      customer.api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: method, transactionId },
      }),
    );
  }
  if (res.status !== 200) throw new Error(`not paid: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
