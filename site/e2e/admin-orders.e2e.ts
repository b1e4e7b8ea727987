import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createProduct,
  type OrderFixture,
  placeOrder,
  type SessionUser,
  SHIPPING_ADDRESS,
  setOrderStatus,
  signInAdmin,
  signUpCustomer,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { peers } from './peers.ts';

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';

interface DashboardBody {
  stats: {
    totalRevenue: number;
    totalOrders: number;
    pendingOrders: number;
    totalProducts: number;
    lowStockCount: number;
    totalUsers: number;
  };
  trends: { revenueChangePercent: number | null; newCustomersThisWeek: number };
}

let admin: SessionUser;
let bookId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
  ({ id: bookId } = await createProduct({
    name: `Field Recording Handbook ${randomUUID().slice(0, 4)}`,
    category: 'book',
    priceCents: 2450,
    stock: 500,
  }));
});

const dashboard = () => apiCall<DashboardBody>('GET', '/admin/dashboard', undefined, admin.token);

const adminOrder = (id: string) =>
  apiCall<{ order: { status: string } }>('GET', `/admin/orders/${id}`, undefined, admin.token);

/** A customer with a searchable, unique surname and `count` orders of one book each. */
async function customerWithOrders(count: number, surname = `Quill${randomUUID().slice(0, 6)}`) {
  const customer = await signUpCustomer({ firstName: 'Orla', lastName: surname });
  const orders: OrderFixture[] = [];
  for (let i = 0; i < count; i++) {
    orders.push(
      await placeOrder(customer, [{ productId: bookId, quantity: i + 1 }], SHIPPING_ADDRESS),
    );
  }
  return { customer, surname, orders };
}

const usd = (c: number) =>
  `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

async function openAdmin(width = 1440): Promise<Page> {
  const page = await b.page(width, 900);
  // A step that cannot happen fails with its own message, well inside the test's timeout.
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });
const orderRows = (page: Page) => ordersTable(page).locator('tbody tr[data-order-number]');

async function search(page: Page, text: string, expectRows: number) {
  await page.getByLabel('Search orders').fill(text);
  await expect.poll(() => orderRows(page).count(), { timeout: 10_000 }).toBe(expectRows);
}

async function openOrder(page: Page, orderNumber: string) {
  await page.getByRole('button', { name: `Open order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Order ${orderNumber}` });
  await dialog.getByRole('region', { name: 'Items' }).waitFor();
  return dialog;
}

/** A screenshot once the modals' transitions have finished. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

const statValue = (page: Page, card: string) =>
  page.getByRole('region', { name: card }).locator('[data-stat-value]');
const statNote = (page: Page, card: string) =>
  page.getByRole('region', { name: card }).locator('[data-stat-note]');

describe('/admin Orders tab', () => {
  it('stat cards show the figures the database holds', async () => {
    const before = await dashboard();
    const { orders } = await customerWithOrders(3);
    const [o1, o2] = orders;
    if (!o1 || !o2) throw new Error('orders missing');
    await setOrderStatus(o1.id, 'paid');
    await setOrderStatus(o2.id, 'paid');
    const after = await dashboard();
    // What this test created: 3 orders (1 still pending), 2 paid, 1 customer.
    expect(after.stats.totalOrders - before.stats.totalOrders).toBe(3);
    expect(after.stats.pendingOrders - before.stats.pendingOrders).toBe(1);
    expect(after.stats.totalRevenue - before.stats.totalRevenue).toBe(
      cents(o1.total) + cents(o2.total),
    );
    expect(after.stats.totalUsers - before.stats.totalUsers).toBe(1);

    const page = await openAdmin();
    await expect
      .poll(() => statValue(page, 'Total Revenue').textContent())
      .toBe(usd(after.stats.totalRevenue));
    expect(await statValue(page, 'Total Orders').textContent()).toBe(
      after.stats.totalOrders.toLocaleString('en-US'),
    );
    expect(await statNote(page, 'Total Orders').textContent()).toBe(
      `${after.stats.pendingOrders} pending`,
    );
    expect(await statValue(page, 'Total Products').textContent()).toBe(
      String(after.stats.totalProducts),
    );
    expect(await statNote(page, 'Total Products').textContent()).toContain(
      `${after.stats.lowStockCount} low stock`,
    );
    expect(await statValue(page, 'Total Customers').textContent()).toBe(
      String(after.stats.totalUsers),
    );
    // The API's computed figures where the spec hard-codes '+5 new this week'.
    expect(await statNote(page, 'Total Customers').textContent()).toBe(
      `+${after.trends.newCustomersThisWeek} new this week`,
    );
    const revenueNote = await statNote(page, 'Total Revenue').textContent();
    expect(revenueNote).toMatch(
      after.trends.revenueChangePercent === null ? /this month$/ : /% from last month$/,
    );
    expect(revenueNote).not.toBe('+12.5% from last month');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/orders-tab.png`, fullPage: true });
    await page.context().close();
  });

  it('search and the status filter narrow the table', async () => {
    const { surname, orders } = await customerWithOrders(3);
    const [paid, pending, cancelled] = orders;
    if (!paid || !pending || !cancelled) throw new Error('orders missing');
    await setOrderStatus(paid.id, 'paid');
    await setOrderStatus(cancelled.id, 'cancelled');
    const page = await openAdmin();
    await search(page, surname, 3);
    // Badge colours of spec 4 (delivered is emerald #10b981).
    const badge = orderRows(page)
      .filter({ hasText: cancelled.orderNumber })
      .locator('[data-status="cancelled"]');
    expect(await badge.textContent()).toBe('Cancelled');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expect.poll(() => orderRows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await orderRows(page).first().getAttribute('data-order-number')).toBe(paid.orderNumber);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect.poll(() => orderRows(page).count(), { timeout: 10_000 }).toBe(3);
    await search(page, pending.orderNumber, 1);
    expect(await orderRows(page).first().getAttribute('data-order-number')).toBe(
      pending.orderNumber,
    );
    await search(page, `${surname}-nobody`, 0);
    await ordersTable(page).getByText('No orders match this search or filter.').waitFor();
    await page.context().close();
  });

  it('a status change from the detail modal persists after a reload', async () => {
    const { orders } = await customerWithOrders(1);
    const [order] = orders;
    if (!order) throw new Error('order missing');
    const page = await openAdmin();
    await search(page, order.orderNumber, 1);
    const dialog = await openOrder(page, order.orderNumber);
    const statusButtons = dialog.getByRole('group', { name: 'Set status' });
    expect(await statusButtons.getByRole('button').count()).toBe(7);
    expect(await statusButtons.getByRole('button', { name: 'Pending' }).isDisabled()).toBe(true);
    // No shipping before payment (spec 4).
    expect(await dialog.getByRole('button', { name: 'Add Shipping Info' }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
    await toast(page, 'success', 'Order status updated successfully').waitFor();
    await statusButtons
      .getByRole('button', { name: 'Paid' })
      .and(page.locator(':disabled'))
      .waitFor();
    await dialog.getByRole('button', { name: 'Add Shipping Info' }).waitFor();

    await statusButtons.getByRole('button', { name: 'Processing' }).click();
    await expect.poll(async () => (await adminOrder(order.id)).order.status).toBe('processing');
    await statusButtons
      .getByRole('button', { name: 'Processing' })
      .and(page.locator(':disabled'))
      .waitFor();

    await page.reload();
    await search(page, order.orderNumber, 1);
    await orderRows(page).first().locator('[data-status="processing"]').waitFor();
    await page.context().close();
  });

  it('adding shipping info e-mails the customer the tracking number', async () => {
    const { customer, orders } = await customerWithOrders(1);
    const [order] = orders;
    if (!order) throw new Error('order missing');
    await setOrderStatus(order.id, 'paid');
    const page = await openAdmin();
    await search(page, order.orderNumber, 1);
    const detail = await openOrder(page, order.orderNumber);
    await detail.getByText('No shipping information yet.').waitFor();
    await shot(page, 'order-detail');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await detail.getByRole('button', { name: 'Add Shipping Info' }).click();
    const form = page
      .getByRole('dialog')
      .filter({ hasText: `Add Shipping Info · ${order.orderNumber}` });
    await form.getByRole('button', { name: 'Save shipping info' }).click();
    for (const message of [
      'Carrier is required',
      'Tracking number is required',
      'Shipping method is required',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
    await form.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'FedEx', exact: true }).click();
    await form.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
    await form.getByRole('radio', { name: 'Express (2-3 days)' }).check();
    await shot(page, 'shipping-modal');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save shipping info' }).click();

    await toast(page, 'success', 'Shipping information added successfully').waitFor();
    await form.waitFor({ state: 'hidden' });
    const shipping = detail.getByRole('region', { name: 'Shipping information' });
    await shipping.getByText(tracking).waitFor();
    expect(await shipping.textContent()).toContain('Express (2-3 days)');
    expect((await adminOrder(order.id)).order.status).toBe('shipped');

    await expect
      .poll(
        async () =>
          (await peers.mail(customer.user.email)).some(
            (m) =>
              m.subject.includes(`${order.orderNumber} has shipped`) && m.text.includes(tracking),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await page.context().close();
  });

  it("says so when the server refuses a change (spec 8's admin toasts)", async () => {
    const { orders } = await customerWithOrders(1);
    const [order] = orders;
    if (!order) throw new Error('order missing');
    await setOrderStatus(order.id, 'paid');
    const page = await openAdmin();
    await page.route('**/api/admin/orders/*/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 502, contentType: 'text/html', body: 'Bad gateway' })
        : route.fallback(),
    );
    await search(page, order.orderNumber, 1);
    const detail = await openOrder(page, order.orderNumber);
    await detail
      .getByRole('group', { name: 'Set status' })
      .getByRole('button', { name: 'Delivered' })
      .click();
    await toast(page, 'error', 'Failed to update order status').waitFor();

    await detail.getByRole('button', { name: 'Add Shipping Info' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add Shipping Info ·' });
    await form.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'UPS', exact: true }).click();
    await form.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999');
    await form.getByRole('radio', { name: 'Standard (5-7 days)' }).check();
    await form.getByRole('button', { name: 'Save shipping info' }).click();
    await toast(page, 'error', 'Failed to add shipping information').waitFor();
    // The form stays open with what was typed, and nothing changed on the server.
    expect(await form.getByRole('textbox', { name: 'Tracking number' }).inputValue()).toBe('1Z999');
    expect((await adminOrder(order.id)).order.status).toBe('paid');
    await page.context().close();
  });

  it('a customer who opens /admin lands on /', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('/admin Print report', () => {
  it('generates the report, prints only the report, and makes a PDF of it', async () => {
    const { orders } = await customerWithOrders(2);
    for (const o of orders) await setOrderStatus(o.id, 'paid');
    const page = await openAdmin();
    await page.getByRole('button', { name: 'Print report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print report' });

    // A custom period is checked before anything is sent.
    await dialog.getByText('Custom', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-10');
    await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-01');
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    await dialog.getByText('The start date must be before the end date').waitFor();

    await dialog.getByText('Last 7 days', { exact: true }).click();
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/report?'));
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    const body = (await (await answer).json()) as { totalRevenueCents: number };
    const report = dialog.getByRole('article', { name: /sales report/ });
    await report.waitFor();
    await report.locator('.recharts-surface').first().waitFor();
    // The period's revenue holds what this test made paid, and the report prints the API's sum.
    expect(body.totalRevenueCents).toBeGreaterThanOrEqual(
      orders.reduce((s, o) => s + cents(o.total), 0),
    );
    expect(
      await report.getByText(usd(body.totalRevenueCents), { exact: true }).count(),
    ).toBeGreaterThan(0);
    expect(await report.getByRole('region', { name: 'Top products' }).textContent()).toContain(
      'Field Recording Handbook',
    );
    expect(await dialog.getByRole('button', { name: 'Save as PDF' }).count()).toBe(0);
    await shot(page, 'report-modal');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 'Print' goes through the host: window.print() in the browser.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const elsewhere = [
      page.getByRole('heading', { name: 'Admin Dashboard' }),
      page.getByRole('banner', { name: 'Site header' }),
      page.getByRole('contentinfo'),
      page.getByRole('tab', { name: 'Orders' }),
      page.getByRole('button', { name: 'Print report' }),
      dialog.getByRole('button', { name: 'Generate report' }),
      dialog.getByRole('button', { name: 'Print', exact: true }),
      dialog.getByRole('heading', { name: 'Print report' }),
      page.getByRole('table', { name: 'Orders' }),
    ];
    for (const shown of elsewhere) expect(await shown.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await report.isVisible()).toBe(true);
    expect(await report.getByRole('heading', { name: 'Revenue by day' }).isVisible()).toBe(true);
    for (const hidden of elsewhere) expect(await hidden.isVisible()).toBe(false);
    await page.pdf({ path: `${SHOTS}/report.pdf`, printBackground: true });
    await page.context().close();
  });
});
