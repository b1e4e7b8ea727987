import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createProduct,
  placeOrder,
  type SessionUser,
  SHIPPING_ADDRESS,
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
 * Refunds from the admin (issue 18 item 3, decision 035), in the browser against the real API,
 * the PayPal stand-in and the real SMTP server: a partial PayPal refund made in the order's
 * Refund modal reaches PayPal with its amount and the request id's PayPal-Request-Id, returns a
 * line to stock, shows in the order's badges, refunds and history, and mails the customer.
 */
const b = setupBrowser();
let admin: SessionUser;
let productId: string;
const productName = `Tape Loop Kit ${randomUUID().slice(0, 4)}`;

beforeAll(async () => {
  admin = await signInAdmin();
  ({ id: productId } = await createProduct({
    name: productName,
    category: 'apparel',
    priceCents: 2000,
    stock: 50,
  }));
});

interface AdminOrderBody {
  order: {
    status: string;
    totalCents: number;
    total: string;
    refunds: {
      label: string | null;
      refundedCents: number;
      refunds: { id: string; requestId: string; amountCents: number; status: string }[];
    };
  };
}

/** A customer's order of two kits, paid through PayPal (the stand-in approves it). */
async function paidOrder() {
  const tag = randomUUID().slice(0, 6);
  const customer = await signUpCustomer({ firstName: 'Mira', lastName: `Okafor${tag}` });
  const order = await placeOrder(customer, [{ productId, quantity: 2 }], SHIPPING_ADDRESS);
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
    { paymentId: created.orderId, payerId: 'PAYER1', orderId: order.id },
    customer.token,
  );
  return { customer, order, name: `Mira Okafor${tag}` };
}

const adminOrder = (id: string) =>
  apiCall<AdminOrderBody>('GET', `/admin/orders/${id}`, undefined, admin.token);

async function noSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe.each([1440, 390])('at %i px', (width) => {
  it('a partial PayPal refund from the order’s detail reaches PayPal, the order and the customer', async () => {
    const { customer, order, name } = await paidOrder();
    const before = await adminOrder(order.id);
    expect(before.order.status).toBe('paid');

    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, admin);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByLabel('Search orders').fill(order.orderNumber);
    await page.getByRole('button', { name: `Open order ${order.orderNumber}` }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `Order ${order.orderNumber}` });
    const refunds = detail.getByRole('region', { name: 'Refunds' });
    await refunds.getByText(`Nothing refunded of ${order.total}.`).waitFor();
    await refunds.getByRole('button', { name: 'Refund' }).click();

    const modal = page.getByRole('dialog', { name: `Refund · Order ${order.orderNumber}` });
    const amount = modal.getByRole('textbox', { name: 'Amount' });
    // What is left to refund, by default: all of it.
    await expect.poll(() => amount.inputValue()).toBe(order.total);
    await page.waitForTimeout(400);
    await noSeriousAxe(page);
    // Mistakes are shown in the modal, and nothing is sent.
    await amount.fill('9999');
    await modal.getByRole('button', { name: 'Refund $9,999.00' }).click();
    await modal.getByText(`At most ${order.total} can be refunded`).waitFor();
    await modal.getByText('Give a reason for the refund').waitFor();
    await amount.fill('12.50');
    await modal
      .getByRole('textbox', { name: 'Reason' })
      .fill('One kit arrived with a cracked reel');
    await modal.getByRole('textbox', { name: productName }).fill('1');
    await expect
      .poll(() => modal.getByTestId('refund-confirmation').textContent())
      .toBe(`Refund $12.50 to ${name} via PayPal`);
    await b.screenshot(page, `admin-refund-modal-${width}`);
    const box = await modal.getByRole('button', { name: 'Refund $12.50' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await modal.getByRole('button', { name: 'Refund $12.50' }).click();
    await page.getByText('Refund completed').first().waitFor();
    await modal.waitFor({ state: 'hidden' });

    // The order: its badge, its refunds and its history.
    await detail.getByText(`Partially refunded: $12.50 of ${order.total}`).first().waitFor();
    await refunds.getByText(`Returned to stock: 1 × ${productName}`).waitFor();
    await refunds.getByText('Completed').waitFor();
    await detail.getByRole('region', { name: 'History' }).getByText('Refund $12.50').waitFor();
    await page.waitForTimeout(400);
    await b.screenshot(page, `admin-refund-done-${width}`);
    await noSeriousAxe(page);

    // The API and PayPal agree: one refund of 12.50 with the request id's PayPal-Request-Id.
    const after = await adminOrder(order.id);
    expect(after.order.status).toBe('paid');
    expect(after.order.refunds.label).toBe(`Partially refunded: $12.50 of ${order.total}`);
    const [made] = after.order.refunds.refunds;
    expect(made).toMatchObject({ amountCents: 1250, status: 'completed' });
    const sent = (await peers.paypalRefunds()).filter(
      (r) => r.requestId === `refund-${made?.requestId}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      amount: { currency_code: 'USD', value: '12.50' },
      custom_id: made?.id,
      note_to_payer: 'One kit arrived with a cracked reel',
    });

    // The customer's mail, through the real SMTP server (after the order's receipt).
    const mails = await peers.mail(customer.user.email, 2, 15_000);
    const mail = mails.find((m) => m.subject.startsWith('Refund of '));
    expect(mail?.subject).toBe(`Refund of $12.50 for order ${order.orderNumber}`);
    expect(mail?.text).toContain('We have refunded $12.50');
    expect(mail?.text).toContain(`$12.50 of ${order.total} paid`);
    expect(mail?.text).toContain(`Items returned: 1 × ${productName}`);
    expect(mail?.text).toContain(`/orders/${order.id}`);
    await page.context().close();
  });
});

/** A visitor's project for Song Mix, paid through PayPal (the stand-in approves it). */
async function paidProject() {
  const tag = randomUUID().slice(0, 8);
  const name = `Noor Haddad ${tag}`;
  const email = `noor-${tag}@example.com`;
  const { submissionId } = await submitProject(
    { name, email, service: 'Song Mix', notes: 'Two songs to mix, stems attached.' },
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
  return { submissionId, email, name };
}

describe.each([1440, 390])('a paid project at %i px', (width) => {
  it('is refunded in full from its detail: Refunded, and the sender mailed', async () => {
    const project = await paidProject();
    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, admin);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(project.email);
    await page.getByRole('button', { name: `View submission from ${project.name}` }).click();
    const detail = page.getByRole('dialog', { name: `Submission from ${project.name}` });
    const refunds = detail.getByRole('region', { name: 'Refunds' });
    await refunds.getByRole('button', { name: 'Refund' }).click();
    const modal = page.getByRole('dialog', { name: 'Refund · Song Mix' });
    await modal.getByRole('textbox', { name: 'Reason' }).fill('Project called off');
    await expect
      .poll(() => modal.getByTestId('refund-confirmation').textContent())
      .toBe(`Refund $235.40 to ${project.name} via PayPal`);
    await page.waitForTimeout(400);
    await noSeriousAxe(page);
    await modal.getByRole('button', { name: 'Refund $235.40' }).click();
    await modal.waitFor({ state: 'hidden' });
    await detail.getByText('Refunded', { exact: true }).first().waitFor();
    await refunds.getByText('$235.40 of $235.40 refunded; $0.00 left to refund.').waitFor();
    expect(await refunds.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.waitForTimeout(400);
    await b.screenshot(page, `admin-refund-submission-${width}`);
    await noSeriousAxe(page);

    const mails = await peers.mail(project.email, 3, 15_000);
    const mail = mails.find((m) => m.subject.startsWith('Refund of '));
    expect(mail?.subject).toBe('Refund of $235.40 for Song Mix');
    expect(mail?.text).toContain('Reason: Project called off');
    await page.context().close();
  });
});
