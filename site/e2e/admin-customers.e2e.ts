import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { customerMessages } from '@studio/shared/messages/customers';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createProduct,
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

// Customers tab (issue 18 item 1, decision 033): a customer's figures as the API counts them,
// their page with orders, submissions and newsletter status, an order opened in the Orders tab
// through admin navigation, and the admin role given and taken behind a confirmation; a table at
// 1440 px, cards at 390 px, axe clean on the tab and each modal.

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';

let admin: SessionUser;
let bookId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
  ({ id: bookId } = await createProduct({
    name: `Customer Tab Handbook ${randomUUID().slice(0, 4)}`,
    category: 'book',
    priceCents: 2450,
    stock: 500,
  }));
});

interface CustomerRow {
  id: string;
  ordersCount: number;
  totalSpentCents: number;
  lastOrderAt: string | null;
  createdAt: string;
}

/**
 * A customer with a unique surname: a paid order and a pending one, a project submitted with
 * their e-mail, and a newsletter sign-up waiting for its confirmation.
 */
async function customerWithHistory() {
  const surname = `Marlow${randomUUID().slice(0, 6)}`;
  const customer = await signUpCustomer({ firstName: 'Tess', lastName: surname });
  const paid = await placeOrder(customer, [{ productId: bookId, quantity: 2 }], SHIPPING_ADDRESS);
  await setOrderStatus(paid.id, 'paid');
  const pending = await placeOrder(
    customer,
    [{ productId: bookId, quantity: 1 }],
    SHIPPING_ADDRESS,
  );
  await submitProject({
    name: `Tess ${surname}`,
    email: customer.user.email,
    service: 'Song Mix',
    notes: 'A song to mix, about four minutes long.',
  });
  await apiCall('POST', '/contact/newsletter', { email: customer.user.email });
  const { customers } = await apiCall<{ customers: CustomerRow[] }>(
    'GET',
    `/admin/customers?q=${surname}`,
    undefined,
    admin.token,
  );
  const row = customers[0];
  if (!row) throw new Error('customer not listed');
  return { customer, surname, paid, pending, row };
}

async function openCustomersTab(width: number): Promise<Page> {
  const page = await b.page(width, width < 600 ? 844 : 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByRole('heading', { name: 'Customers', level: 2 }).waitFor();
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const usd = (c: number) =>
  `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The customer's row (1440 px) or card (390 px), once the search shows only them. */
async function findCustomer(page: Page, width: number, surname: string, id: string) {
  await page.getByLabel('Search customers').fill(surname);
  const scope =
    width < 600
      ? page.getByRole('list', { name: 'Customers' })
      : page.getByRole('table', { name: 'Customers' });
  const item = scope.locator(`[data-customer-id="${id}"]`);
  await expect.poll(() => scope.locator('[data-customer-id]').count()).toBe(1);
  await item.waitFor();
  return item;
}

/** The table's name button (1440 px) or the card's View button (390 px) of `name`. */
const openButton = (item: Locator, name: string) =>
  item.getByRole('button', { name: new RegExp(`^(Open|View customer) ${name}$`) });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const customerDialog = (page: Page, name: string) =>
  page
    .getByRole('dialog')
    .filter({ hasText: name })
    .filter({ has: page.getByRole('region', { name: 'Role' }) });

async function roleOf(id: string) {
  const { customer } = await apiCall<{ customer: { role: string } }>(
    'GET',
    `/admin/customers/${id}`,
    undefined,
    admin.token,
  );
  return customer.role;
}

describe.each([1440, 390])('Customers tab at %i px', (width) => {
  it('shows a customer’s figures, their page, and opens their order in the Orders tab', async () => {
    const { customer, surname, paid, pending, row } = await customerWithHistory();
    // The API counts both orders and spends only the paid one.
    expect(row.ordersCount).toBe(2);
    expect(usd(row.totalSpentCents)).toBe(paid.total);

    const page = await openCustomersTab(width);
    const item = await findCustomer(page, width, surname, customer.user.id);
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(`Tess ${surname}`);
    expect(text).toContain(customer.user.email);
    expect(text).toContain('Customer');
    expect(text).toContain(paid.total);
    expect(text).toContain(day(pending.createdAt));
    if (width >= 600) {
      const cells = await item.locator('td').allTextContents();
      expect(cells).toEqual([
        `Tess ${surname}`,
        customer.user.email,
        'Customer',
        '2',
        paid.total,
        day(pending.createdAt),
        day(row.createdAt),
      ]);
    } else {
      expect(text).toMatch(/Orders\s*2/);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
    await shot(page, `customers-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await openButton(item, `Tess ${surname}`).click();
    const dialog = customerDialog(page, `Tess ${surname}`);
    await dialog.getByRole('heading', { name: 'Orders' }).waitFor();
    const detail = (await dialog.textContent()) ?? '';
    expect(detail).toContain(customer.user.email);
    expect(detail).toContain('Awaiting confirmation');
    expect(detail).toContain(paid.total);
    const orders = dialog.getByRole('region', { name: 'Orders' });
    expect(await orders.getByRole('button').allTextContents()).toEqual([
      expect.stringContaining(pending.orderNumber),
      expect.stringContaining(paid.orderNumber),
    ]);
    const submissions = dialog.getByRole('region', { name: 'Project submissions' });
    expect(await submissions.textContent()).toContain('Song Mix');
    await shot(page, `customer-detail-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (width < 600) expect(await noSidewaysScroll(page)).toBe(true);

    await orders.getByRole('button', { name: `Open order ${paid.orderNumber}` }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Order ${paid.orderNumber}` })
      .getByRole('region', { name: 'Items' })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.context().close();
  });

  it('gives and takes the admin role behind a confirmation, and warns before one’s own', async () => {
    const surname = `Role${randomUUID().slice(0, 6)}`;
    const customer = await signUpCustomer({ firstName: 'Remy', lastName: surname });
    const page = await openCustomersTab(width);
    const item = await findCustomer(page, width, surname, customer.user.id);
    await openButton(item, `Remy ${surname}`).click();
    const dialog = customerDialog(page, `Remy ${surname}`);
    const role = dialog.getByRole('region', { name: 'Role' });

    await role.getByRole('button', { name: 'Make admin' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make this account admin?' });
    await confirm.getByText(`Remy ${surname} will be able to see and change everything`).waitFor();
    await shot(page, `customer-role-confirm-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Make admin' }).click();
    await page
      .locator('[data-toast-type="success"]', { hasText: `Remy ${surname} is now an admin` })
      .waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => roleOf(customer.user.id)).toBe('admin');
    await role.getByText('Admin', { exact: true }).waitFor();

    await role.getByRole('button', { name: 'Remove admin role' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove the admin role?' });
    await remove.getByText('will lose access to this dashboard at once').waitFor();
    await remove.getByRole('button', { name: 'Remove admin role' }).click();
    await remove.waitFor({ state: 'hidden' });
    await expect.poll(() => roleOf(customer.user.id)).toBe('customer');
    await dialog.getByRole('button', { name: 'Close customer' }).click();

    // The signed-in admin's own page: the confirmation warns, and is cancelled here.
    const ownItem = await findCustomer(page, width, admin.user.email, admin.user.id);
    await openButton(ownItem, `${admin.user.firstName} ${admin.user.lastName}`).click();
    const own = customerDialog(page, admin.user.email);
    await own
      .getByRole('region', { name: 'Role' })
      .getByRole('button', { name: 'Remove admin role' })
      .click();
    const warn = page.getByRole('dialog', { name: 'Remove the admin role?' });
    await warn.getByText('This is your own account').waitFor();
    await warn.getByRole('button', { name: 'Remove my admin role' }).waitFor();
    await shot(page, `customer-own-role-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await warn.getByRole('button', { name: 'Cancel' }).click();
    await warn.waitFor({ state: 'hidden' });
    expect(await roleOf(admin.user.id)).toBe('admin');
    await page.context().close();
  });
});

describe('an admin whose role another admin takes away', () => {
  it('is signed out of the open dashboard at its next call (here and on the server) and told why at sign-in', async () => {
    const demoted = await signUpCustomer({ lastName: `Demoted ${randomUUID().slice(0, 6)}` });
    const setRole = (role: string) =>
      apiCall('PUT', `/admin/customers/${demoted.user.id}/role`, { role }, admin.token);
    await setRole('admin');
    const page = await b.page(1440, 900);
    await withSession(page, demoted);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Audit' }).waitFor();

    await setRole('customer');
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(customerMessages.adminRevoked).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${b.baseUrl()}/api/auth/me`, {
      headers: { authorization: `Bearer ${demoted.token}` },
    });
    expect(me.status).toBe(401);
    await page.context().close();
  });
});
