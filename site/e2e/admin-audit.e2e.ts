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
  signInAdmin,
  signUpCustomer,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';

// Audit tab (issue 18 item 5, decision 033): what an admin did through the API shows as who, what
// and when, filtered by person, kind and days; each entry's object opens in its tab through admin
// navigation; a table at 1440 px, cards at 390 px, axe clean.

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';

let admin: SessionUser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
});

/**
 * A new admin (made one by the seeded admin, through the Customers API) who then moves an
 * order to processing and creates a product: three entries, two of them theirs.
 */
async function clerkWithChanges() {
  const surname = `Clerk${randomUUID().slice(0, 6)}`;
  const clerk = await signUpCustomer({ firstName: 'Audra', lastName: surname });
  await apiCall('PUT', `/admin/customers/${clerk.user.id}/role`, { role: 'admin' }, admin.token);
  const buyer = await signUpCustomer({ firstName: 'Bram', lastName: `Buyer${surname}` });
  const { id: bookId } = await createProduct({
    name: `Audit Book ${randomUUID().slice(0, 4)}`,
    category: 'book',
    priceCents: 1900,
    stock: 50,
  });
  const order: OrderFixture = await placeOrder(
    buyer,
    [{ productId: bookId, quantity: 1 }],
    SHIPPING_ADDRESS,
  );
  await apiCall('PUT', `/admin/orders/${order.id}/status`, { status: 'processing' }, clerk.token);
  const productName = `Audit Poster ${randomUUID().slice(0, 6)}`;
  const { product } = await apiCall<{ product: { id: string; sku: string } }>(
    'POST',
    '/admin/products',
    {
      sku: `AUD-${randomUUID().slice(0, 6)}`,
      name: productName,
      category: 'apparel',
      priceCents: 1500,
      stock: 3,
    },
    clerk.token,
  );
  return { clerk, surname, buyer, order, productName, product };
}

async function openAuditTab(width: number): Promise<Page> {
  const page = await b.page(width, width < 600 ? 844 : 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Audit' }).click();
  await page.getByRole('heading', { name: 'Audit trail', level: 2 }).waitFor();
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks `option` in the Mantine select labelled `label`, typing `typed` to find it. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** The entries on screen: the table's rows at 1440 px, the cards at 390 px. */
const entries = (page: Page, width: number) =>
  (width < 600
    ? page.getByRole('list', { name: 'Audit trail' })
    : page.getByRole('table', { name: 'Audit trail' })
  ).locator('[data-audit-id]');

describe.each([1440, 390])('Audit tab at %i px', (width) => {
  it('shows who did what, filters by person, kind and day, and opens each object', async () => {
    const { clerk, surname, order, productName, product } = await clerkWithChanges();
    const page = await openAuditTab(width);

    // The seeded admin made the clerk admin: the newest entries include it, in words.
    await expect
      .poll(async () => (await entries(page, width).allTextContents()).join('\n'))
      .toContain(`Audra ${surname}`);
    await shot(page, `audit-all-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await choose(page, 'Person', surname, new RegExp(`Audra ${surname}`));
    await expect.poll(() => entries(page, width).count()).toBe(2);
    const [created, moved] = await entries(page, width).allTextContents();
    expect(created).toContain('Product created');
    expect(created).toContain(productName);
    expect(created).toContain(`SKU ${product.sku}`);
    expect(created).toContain(clerk.user.email);
    expect(moved).toContain('Order status changed');
    expect(moved).toContain(`Order ${order.orderNumber}`);
    expect(moved).toContain('pending → processing (Store)');
    if (width >= 600) {
      const cells = await entries(page, width).nth(1).locator('td').allTextContents();
      expect(cells.slice(1)).toEqual([
        `Audra ${surname}${clerk.user.email}`,
        'Order status changed',
        `Order ${order.orderNumber}`,
        'pending → processing (Store)',
      ]);
    } else {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
    await shot(page, `audit-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Kind: one action.
    await choose(page, 'Kind', 'Product created', 'Product created');
    await expect.poll(() => entries(page, width).count()).toBe(1);
    // Days (UTC): from tomorrow on there is nothing yet.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(tomorrow);
    await page.getByText('No entries match these filters.').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect.poll(() => entries(page, width).count()).toBe(1);

    // The product opens in the Products tab, in its edit modal.
    await entries(page, width).getByRole('button', { name: productName }).click();
    const edit = page.getByRole('dialog').filter({ has: page.getByLabel('Name') });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe(productName);
    expect(await page.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    // Back to the Audit tab (filters start afresh): the order opens in the Orders tab.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await choose(page, 'Person', surname, new RegExp(`Audra ${surname}`));
    await expect.poll(() => entries(page, width).count()).toBe(2);
    await entries(page, width)
      .getByRole('button', { name: `Order ${order.orderNumber}` })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Order ${order.orderNumber}` })
      .getByRole('region', { name: 'Items' })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');

    // The role change by the seeded admin links to the clerk's page in the Customers tab.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await choose(page, 'Kind', 'Account role changed', 'Account role changed');
    await entries(page, width)
      .filter({ hasText: `Audra ${surname}` })
      .getByRole('button', { name: `Audra ${surname}` })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: clerk.user.email })
      .getByRole('region', { name: 'Role' })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Customers' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.context().close();
  });
});
