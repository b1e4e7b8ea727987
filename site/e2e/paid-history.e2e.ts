import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  createProduct,
  getOrder,
  placeOrder,
  type SessionUser,
  signUpCustomer,
  withSession,
} from './api.ts';
import { setupBrowser } from './browser.ts';
import { peers } from './peers.ts';
import { chainAccounts } from './wallets.ts';

const b = setupBrowser();

const squash = (text: string) => text.replace(/\s+/gu, ' ').trim();
const readText = async (locator: Locator) => squash((await locator.allInnerTexts()).join(' '));

interface Quote {
  paymentId: string;
  amountBaseUnits: string;
}

/** A new customer's new order of one digital product, named for the method that pays it. */
async function placedOrder(method: 'paypal' | 'usdt' | 'alephium') {
  const customer = await signUpCustomer();
  const product = await createProduct({
    name: `History ${method} ${randomBytes(3).toString('hex')}`,
    category: 'digital',
    priceCents: 1500,
    stock: 5,
  });
  const order = await placeOrder(customer, [{ productId: product.id, quantity: 1 }]);
  return { customer, order };
}

/** ERC-20 `transfer(to, amount)` from one of the chain's unlocked accounts holding USDT. */
async function sendUsdt(to: string, amount: bigint): Promise<string> {
  const { rpcUrl, usdtAddress } = await peers.config();
  const [, , payer] = await chainAccounts();
  const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [
        { from: payer, to: usdtAddress, data: `0xa9059cbb${word(to)}${word(amount.toString(16))}` },
      ],
    }),
  });
  const body = (await res.json()) as { result?: string; error?: unknown };
  if (!body.result) throw new Error(`transfer failed: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** The "Status history" the customer reads on /orders/:id. */
async function historyOnPage(customer: SessionUser, orderId: string) {
  const page = await b.page(390, 900);
  await withSession(page, customer);
  await page.goto(`${b.baseUrl()}/orders/${orderId}`);
  const history = page.getByRole('region', { name: 'Status history' });
  await history.getByText('Paid', { exact: true }).waitFor();
  const text = await readText(history);
  await b.screenshot(page, `paid-history-${orderId.slice(0, 8)}`);
  await page.context().close();
  return text;
}

/** What the page must say: Pending by the customer, then Paid by what paid it, in order. */
function expectPendingThenPaid(text: string, paidBy: string) {
  expect(text).toMatch(
    new RegExp(`^Status history Pending .+ · Customer Paid .+ · ${paidBy}$`, 'u'),
  );
}

describe('an order paid online shows Pending, then Paid with what paid it, on /orders/:id', () => {
  it('PayPal: the customer approved it', async () => {
    const { customer, order } = await placedOrder('paypal');
    const created = await apiCall<{ orderId: string }>(
      'POST',
      '/payments/paypal/orders',
      { orderId: order.id },
      customer.token,
    );
    await peers.approvePaypal(created.orderId);
    await apiCall(
      'POST',
      '/orders/execute-payment',
      { paymentId: created.orderId, payerId: 'PAYER123', orderId: order.id },
      customer.token,
    );
    const api = await getOrder(customer, order.id);
    expect(api.history.map((h) => [h.status, h.source])).toEqual([
      ['pending', 'customer'],
      ['paid', 'customer'],
    ]);
    expectPendingThenPaid(await historyOnPage(customer, order.id), 'Customer');
  });

  it('USDT: a transfer verified on chain', async () => {
    const { customer, order } = await placedOrder('usdt');
    const quote = await apiCall<Quote>(
      'POST',
      '/payments/quote',
      { orderId: order.id, method: 'usdt' },
      customer.token,
    );
    const { evmMerchant } = await peers.config();
    const hash = await sendUsdt(evmMerchant, BigInt(quote.amountBaseUnits));
    await apiCall(
      'POST',
      `/orders/${order.id}/payment-confirm`,
      { paymentMethod: 'usdt', transactionId: hash },
      customer.token,
    );
    expect((await getOrder(customer, order.id)).history.map((h) => h.source)).toEqual([
      'customer',
      'chain',
    ]);
    expectPendingThenPaid(await historyOnPage(customer, order.id), 'Blockchain');
  });

  it('Alephium: a transfer verified on chain', async () => {
    const { customer, order } = await placedOrder('alephium');
    const quote = await apiCall<Quote>(
      'POST',
      '/payments/quote',
      { orderId: order.id, method: 'alephium' },
      customer.token,
    );
    const { alphMerchant } = await peers.config();
    const txId = randomBytes(32).toString('hex');
    await peers.addAlephiumTx({
      txId,
      outputs: [{ address: alphMerchant, attoAlphAmount: quote.amountBaseUnits }],
      confirmations: 1,
    });
    await apiCall(
      'POST',
      `/orders/${order.id}/payment-confirm`,
      { paymentMethod: 'alephium', transactionId: txId },
      customer.token,
    );
    expect((await getOrder(customer, order.id)).history.map((h) => h.source)).toEqual([
      'customer',
      'chain',
    ]);
    expectPendingThenPaid(await historyOnPage(customer, order.id), 'Blockchain');
  });
});
