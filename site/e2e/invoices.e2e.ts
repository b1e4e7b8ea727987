import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createProduct,
  getOrder,
  type OrderFixture,
  placeOrder,
  type SessionUser,
  SHIPPING_ADDRESS,
  setOrderStatus,
  signInAdmin,
  signUpCustomer,
  submitProject,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files.ts';
import { peers } from './peers.ts';

/**
 * Invoices (decision 036): a customer downloads a paid order's PDF from /orders/:id, an admin
 * from the order's detail, at 1440 and 390 px; the PDF is read back with pdftotext.
 */
const b = setupBrowser();
let admin: SessionUser;
let productId: string;
const productName = `Tape Loop Sampler ${randomUUID().slice(0, 4)}`;

beforeAll(async () => {
  admin = await signInAdmin();
  ({ id: productId } = await createProduct({
    name: productName,
    category: 'apparel',
    priceCents: 3150,
    stock: 500,
  }));
});

/** A customer with an accented, non-Latin name and a paid order of two of the product. */
async function paidOrder() {
  const customer = await signUpCustomer({ firstName: 'Renée', lastName: 'Ковалёва' });
  const order = await placeOrder(customer, [{ productId, quantity: 2 }], SHIPPING_ADDRESS);
  await setOrderStatus(order.id, 'paid');
  const paid = (await getOrder(customer, order.id)) as OrderFixture & { invoiceNumber: string };
  expect(paid.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
  return { customer, order: paid };
}

async function pdfTextOf(download: Download): Promise<string> {
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function expectInvoice(text: string, order: OrderFixture & { invoiceNumber: string }) {
  expect(text).toContain(order.invoiceNumber);
  expect(text).toContain(order.orderNumber);
  expect(text).toContain('Renée Ковалёва');
  expect(text).toMatch(new RegExp(`${productName}\\s+2\\s+\\$31\\.50\\s+\\$63\\.00`));
  expect(text).toMatch(new RegExp(`Total\\s+\\${order.total}`));
}

async function noSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe.each([1440, 390])('at %i px', (width) => {
  it('the customer downloads a paid order’s invoice from /orders/:id', async () => {
    const { customer, order } = await paidOrder();
    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    const section = page.getByRole('region', { name: 'Invoice' });
    await expect.poll(() => section.textContent()).toContain(order.invoiceNumber);
    await section.scrollIntoViewIfNeeded();
    await b.screenshot(page, `invoice-customer-${width}`);
    await noSeriousAxe(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download invoice (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${order.invoiceNumber}.pdf`);
    expectInvoice(await pdfTextOf(download), order);
    await page.context().close();
  });

  it('an unpaid order offers no invoice yet', async () => {
    const customer = await signUpCustomer();
    const order = await placeOrder(customer, [{ productId, quantity: 1 }], SHIPPING_ADDRESS);
    const page = await b.page(width, 900);
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText('Awaiting payment').waitFor();
    expect(await page.getByRole('button', { name: 'Download invoice (PDF)' }).count()).toBe(0);
    await page.context().close();
  });

  it('the admin downloads it from the order’s detail', async () => {
    const { order } = await paidOrder();
    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, admin);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByLabel('Search orders').fill(order.orderNumber);
    await page.getByRole('button', { name: `Open order ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Order ${order.orderNumber}` });
    const button = dialog.getByRole('button', { name: 'Download invoice (PDF)' });
    await button.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(`Invoice ${order.invoiceNumber}`);
    await page.waitForTimeout(400);
    await b.screenshot(page, `invoice-admin-${width}`);
    await noSeriousAxe(page);

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${order.invoiceNumber}.pdf`);
    expectInvoice(await pdfTextOf(download), order);
    await page.context().close();
  });
});

/** A visitor's project for Song Mix, paid through PayPal (the stand-in approves it). */
async function paidProject() {
  const tag = randomUUID().slice(0, 8);
  const email = `noor-${tag}@example.com`;
  const { submissionId } = await submitProject(
    { name: `Noor Haddad ${tag}`, email, service: 'Song Mix', notes: 'Two songs to mix, stems.' },
    [{ name: 'stems.wav', type: 'audio/wav', bytes: makeWav(441) }],
  );
  const created = await apiCall<{ orderId: string }>('POST', '/payments/paypal/orders', {
    submissionId,
  });
  await peers.approvePaypal(created.orderId);
  await apiCall('POST', '/projects/payment-confirm', {
    submissionId,
    paymentMethod: 'paypal',
    transactionId: created.orderId,
  });
  return { submissionId, email, name: `Noor Haddad ${tag}` };
}

describe.each([1440, 390])('a paid project at %i px', (width) => {
  it('the admin downloads its invoice from the submission’s detail', async () => {
    const project = await paidProject();
    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, admin);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(project.email);
    await page.getByRole('button', { name: `View submission from ${project.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Submission from ${project.name}` });
    const button = dialog.getByRole('button', { name: 'Download invoice (PDF)' });
    await button.waitFor();
    await page.waitForTimeout(400);
    await b.screenshot(page, `invoice-admin-submission-${width}`);
    await noSeriousAxe(page);

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
    const text = await pdfTextOf(download);
    expect(text).toContain(project.name);
    expect(text).toContain(project.submissionId);
    expect(text).toMatch(/Song Mix\s+1\s+\$220\.00\s+\$220\.00/);
    expect(text).toMatch(/Total\s+\$235\.40/);
    expect(text).toContain('PayPal');
    await page.context().close();
  });
});
