import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createProduct, signUpCustomer, withSession } from './api';
import { setupBrowser } from './browser';
import { chainAccounts, injectEvmWallet, stubPaypalSdk } from './wallets';

const b = setupBrowser();

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

interface OrderView {
  order: { id: string; orderNumber: string; status: string; total: string; items: unknown[] };
}

/**
 * A customer's whole purchase, as a person does it: the shop's Add to cart, the cart, checkout
 * with an address, the payment, then the order in /orders and /orders/:id.
 */
async function buyFromTheShop(page: Page, productName: string, { digital = false } = {}) {
  page.setDefaultTimeout(15_000);
  await page.goto(`${b.baseUrl()}/`);
  const card = page.locator('#shop').getByRole('article', { name: productName, exact: true });
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
  await page.getByRole('heading', { name: 'Cart', level: 1 }).waitFor();
  await page.getByRole('listitem', { name: productName }).waitFor();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  if (digital) {
    // Downloads only: no address to give (issue 25).
    await page.getByRole('heading', { name: 'Delivery' }).waitFor();
    expect(await field(page, 'Street address').count()).toBe(0);
  } else {
    await field(page, 'Street address').fill('12 Harbor Street');
    await field(page, 'City').fill('Portland');
    await field(page, 'State').fill('OR');
    await field(page, 'ZIP code').fill('97201');
    await field(page, 'Phone').fill('+15035550199');
  }
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const { order } = (await (await created).json()) as OrderView;
  await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
  return order;
}

async function seeTheOrder(page: Page, orderNumber: string, productName: string) {
  await page
    .getByRole('link', { name: /orders/i })
    .first()
    .click();
  await page.waitForURL(/\/orders$/);
  const row = page.getByRole('link', { name: new RegExp(orderNumber) }).first();
  await row.waitFor();
  await row.getByText('Paid').waitFor();
  await row.click();
  await page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();
  await page.getByText(productName).first().waitFor();
  await page.getByText('Paid').first().waitFor();
}

describe('buying from the shop', () => {
  it('cart, checkout, PayPal, the success page, then the order in /orders', async () => {
    const name = `Field Recorder ${randomUUID().slice(0, 6)}`;
    await createProduct({ name, category: 'apparel', priceCents: 4000, stock: 5 });
    const customer = await signUpCustomer({ firstName: 'Jordan', lastName: 'Shopper' });
    const page = await b.page();
    await withSession(page, customer);
    await stubPaypalSdk(page);

    const order = await buyFromTheShop(page, name);
    // $40.00 + shipping 5.99 + 1.25 + 7% tax on goods ($2.80) = $50.04, as the server says.
    await page.getByText('$50.04').first().waitFor();
    await page.getByTestId('paypal-stub-button').click();

    // PayPal returns to the success page, which captures on the server.
    await page.waitForURL(/\/checkout\/success\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('orderId')).toBe(order.id);
    expect(url.searchParams.get('PayerID')).toBe('PAYERSTUB01');
    expect(url.searchParams.get('paymentId')).toBeTruthy();
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page.getByText(order.orderNumber, { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toMatch(/^(\[\]|null)?$/);

    const stored = await apiCall<OrderView>(
      'GET',
      `/orders/${order.id}`,
      undefined,
      customer.token,
    );
    expect(stored.order).toMatchObject({ status: 'paid', total: '$50.04' });

    await seeTheOrder(page, order.orderNumber, name);
    await page.context().close();
  });

  it('the same order paid with USDT from the injected wallet', async () => {
    const name = `Tape Echo ${randomUUID().slice(0, 6)}`;
    await createProduct({ name, category: 'digital', priceCents: 1000, stock: 5 });
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await stubPaypalSdk(page);
    const accounts = await chainAccounts();
    await injectEvmWallet(page, { account: accounts[7] ?? '', preconnected: true });

    const order = await buyFromTheShop(page, name, { digital: true });
    await page.getByRole('tab', { name: 'USDT' }).click();
    // A digital item: no shipping; $10.00 + 7% = $10.70.
    await page.getByText('Balance: 1,000,000.00 USDT').waitFor();
    await page.getByRole('button', { name: 'Pay 10.70 USDT' }).click();
    await page.waitForURL(new RegExp(`/orders/${order.id}$`), { timeout: 20_000 });
    const stored = await apiCall<OrderView>(
      'GET',
      `/orders/${order.id}`,
      undefined,
      customer.token,
    );
    expect(stored.order.status).toBe('paid');
    await page.getByText('Paid').first().waitFor();
    await page.context().close();
  });
});
