import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, signInAdmin, signUpCustomer, withSession } from './api';
import { seriousAxeViolations } from './axe';
import { setupBrowser } from './browser';
import { baseUrl } from './stack';
import { stubPaypalSdk } from './wallets';

/**
 * Digital products reach their buyers (issue 25): a customer buys a product carrying a file,
 * checks out without an address, pays through PayPal, and downloads the file from the order's
 * page as the browser's own download, byte for byte, until the downloads run out.
 */
const b = setupBrowser();

const FILE_NAME = 'Cinematic Impacts Vol 1.zip';
/** A ZIP's local-file signature, then random bytes: what the API's content check takes as a ZIP. */
const zipBytes = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A digital product with one file, as the admin makes it: a tus upload to a draft, then added. */
async function digitalProductWithFile(name: string, bytes: Buffer) {
  const { token } = await signInAdmin();
  const { product } = await apiCall<{ product: { id: string } }>(
    'POST',
    '/admin/products',
    {
      name,
      sku: `E2E-${randomUUID().slice(0, 8)}`,
      category: 'digital',
      priceCents: 1500,
      stock: 100,
      description: 'Forty hits and booms for trailers.',
      downloadLimit: 2,
      downloadDays: 30,
    },
    token,
  );
  const { draftToken } = await apiCall<{ draftToken: string }>(
    'POST',
    '/admin/products/file-drafts',
    undefined,
    token,
  );
  const tus = { 'Tus-Resumable': '1.0.0', 'Upload-Draft': draftToken };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': tusMetadata({ filename: FILE_NAME, filetype: 'application/zip' }),
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location') ?? '', baseUrl());
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...tus,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
  const uploadId = location.pathname.split('/').pop() ?? '';
  await apiCall('POST', `/admin/products/${product.id}/files`, { draftToken, uploadId }, token);
  return product;
}

async function downloadFrom(page: Page, files: Locator): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: `Download ${FILE_NAME}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  return readFileSync(await download.path());
}

async function noSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('a digital product, bought and downloaded', () => {
  it('checkout without an address, PayPal, then the file from the order page', async () => {
    const name = `Cinematic Impacts ${randomUUID().slice(0, 6)}`;
    const bytes = zipBytes(256 * 1024);
    await digitalProductWithFile(name, bytes);
    const customer = await signUpCustomer({ firstName: 'Mika', lastName: 'Byrne' });
    const page = await b.page(1440, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, customer);
    await stubPaypalSdk(page);

    // The shop's Add to cart, the cart, then checkout: a download asks for no address.
    await page.goto(`${b.baseUrl()}/`);
    const card = page.locator('#shop').getByRole('article', { name, exact: true });
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('heading', { name: 'Cart', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    const steps = page.getByRole('list', { name: 'Checkout steps' });
    await expect.poll(() => steps.textContent()).toMatch(/Review[\s\S]*Payment/);
    await page.getByText(m.noAddressNeeded).waitFor();
    expect(await page.getByLabel(/^Street address/).count()).toBe(0);
    await b.screenshot(page, 'downloads-checkout-1440');
    await noSeriousAxe(page);

    const posted = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.method() === 'POST',
    );
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    expect((await posted).postDataJSON()).not.toHaveProperty('shippingAddress');
    const { order } = (await (await answered).json()) as {
      order: { id: string; orderNumber: string };
    };
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    // $15.00 and 7% tax, no shipping.
    await page.getByText('$16.05').first().waitFor();
    expect(await page.getByText('Shipping', { exact: true }).count()).toBe(0);
    await page.getByText(m.filesAfterPayment).waitFor();
    await page.getByTestId('paypal-stub-button').click();

    // The success page says the files are ready and leads to them.
    await page.waitForURL(/\/checkout\/success\?/);
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page.getByText(m.filesReady).waitFor();
    await b.screenshot(page, 'downloads-success-1440');
    await page.getByRole('link', { name: 'Get your files' }).click();
    await page.waitForURL(new RegExp(`/orders/${order.id}$`));

    const files = page.getByRole('region', { name: 'Your files' });
    await files.getByText('262 KB · 2 of 2 downloads left').waitFor();
    await files.getByText(FILE_NAME, { exact: true }).waitFor();
    await b.screenshot(page, 'downloads-order-1440');
    await noSeriousAxe(page);

    // The browser's own download: the bytes uploaded, and one download fewer left.
    expect((await downloadFrom(page, files)).equals(bytes)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/orders/${order.id}`);
    await files.getByText(/· 1 of 2 downloads left/).waitFor();
    expect((await downloadFrom(page, files)).equals(bytes)).toBe(true);
    await files.getByText(/· 0 of 2 downloads left/).waitFor();

    // None left: the server's refusal, in an alert on the page.
    await files.getByRole('button', { name: `Download ${FILE_NAME}` }).click();
    const alert = page.getByRole('alert').filter({ hasText: m.downloadRefusedTitle });
    await alert
      .getByText(/You have used all 2 downloads of Cinematic Impacts Vol 1\.zip/)
      .waitFor();

    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(300);
    await b.screenshot(page, 'downloads-order-390');
    await noSeriousAxe(page);

    // The order list marks the order as one with files.
    await page.goto(`${b.baseUrl()}/orders`);
    await page
      .getByRole('link', { name: new RegExp(`${order.orderNumber}.*With files to download`) })
      .waitFor();
    await b.screenshot(page, 'downloads-orders-390');
    await noSeriousAxe(page);
    await page.context().close();
  });
});
