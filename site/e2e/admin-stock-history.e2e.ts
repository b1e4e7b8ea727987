import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
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
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';

// Stock history (issue 18 item 6, decision 037): a sale made through the API shows in the
// product's history, reached from the Products tab and from the dashboard's low-stock list, as a
// table at 1440 px and cards at 390 px; the order in it opens in the Orders tab.

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';

let admin: SessionUser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
});

/**
 * A product with three movements: created with 2 (initial, by the admin), set to 5 in the
 * product form (+3, by the admin), then 5 sold to a customer (−5, the order). Out of stock, so it
 * heads the low-stock list (fewest first, then by name).
 */
async function soldOutProduct() {
  const name = `Aaa history mug ${randomUUID().slice(0, 6)}`;
  const { id } = await createProduct({ name, category: 'apparel', priceCents: 1800, stock: 2 });
  await apiCall('PUT', `/admin/products/${id}`, { stock: 5 }, admin.token);
  const customer = await signUpCustomer();
  const order = await placeOrder(customer, [{ productId: id, quantity: 5 }], SHIPPING_ADDRESS);
  return { id, name, order };
}

async function openAdmin(width: number): Promise<Page> {
  const page = await b.page(width, width < 600 ? 844 : 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const historyDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Stock history' }) });

/** The history shows the three movements, newest first, with their causes and who was behind. */
async function expectHistory(
  page: Page,
  width: number,
  product: Awaited<ReturnType<typeof soldOutProduct>>,
) {
  const dialog = historyDialog(page);
  await dialog.locator('[data-stock-history-product]', { hasText: product.name }).waitFor();
  const layout = width < 600 ? 'cards' : 'table';
  const list = dialog.locator(`[data-stock-history="${layout}"]`);
  await list.waitFor();
  const rows = list.locator('[data-movement-cause]');
  await expect.poll(() => rows.count()).toBe(3);
  expect(
    await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-movement-cause'))),
  ).toEqual(['sale', 'admin_edit', 'initial']);
  const deltas = await rows.locator('[data-delta]').allTextContents();
  expect(deltas).toEqual(['−5', '+3', '+2']);
  const sale = rows.nth(0);
  expect(await sale.textContent()).toContain('Sold (order placed)');
  await sale.getByRole('button', { name: `Open order ${product.order.orderNumber}` }).waitFor();
  const adminName = `${admin.user.firstName} ${admin.user.lastName}`;
  expect(await rows.nth(1).textContent()).toContain('Set by an admin');
  expect(await rows.nth(1).textContent()).toContain(adminName);
  expect(await rows.nth(2).textContent()).toContain('Initial stock');
  if (layout === 'table') {
    // Date, change, stock after, cause, order or admin.
    const cells = await sale.locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual(['−5', '0', 'Sold (order placed)']);
    expect(await dialog.locator('[data-stock-history="cards"]').count()).toBe(0);
  } else {
    expect(await sale.textContent()).toContain('0 after');
    expect(await dialog.locator('[data-stock-history="table"]').count()).toBe(0);
    // The cards fit the phone: nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  }
  expect(await dialog.textContent()).toContain('3 movements, newest first');
}

describe.each([1440, 390])('stock history at %i px', (width) => {
  it('the Products tab opens a product’s history; its sale links to the order', async () => {
    const product = await soldOutProduct();
    const page = await openAdmin(width);
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByLabel('Search products').fill(product.name);
    const history = page.getByRole('button', { name: `Stock history of ${product.name}` });
    await history.click();
    await expectHistory(page, width, product);
    await shot(page, `stock-history-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The order behind the sale opens in the Orders tab.
    await historyDialog(page)
      .getByRole('button', { name: `Open order ${product.order.orderNumber}` })
      .click();
    await historyDialog(page).waitFor({ state: 'hidden' });
    await page
      .getByRole('dialog')
      .filter({ hasText: `Order ${product.order.orderNumber}` })
      .getByRole('region', { name: 'Items' })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.context().close();
  });

  it('the dashboard’s low-stock list leads to the history', async () => {
    const product = await soldOutProduct();
    const page = await openAdmin(width);
    await page.locator('[data-low-stock-link]').click();
    const lowStock = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Low stock' }) });
    const line = lowStock.locator(`[data-low-stock-product="${product.id}"]`);
    await line.waitFor();
    expect(await line.textContent()).toContain('Out of stock');
    await shot(page, `low-stock-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await line.getByRole('button', { name: `Stock history of ${product.name}` }).click();
    await lowStock.waitFor({ state: 'hidden' });
    await expectHistory(page, width, product);
    expect(await page.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.context().close();
  });
});
