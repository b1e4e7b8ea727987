import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
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
  submitProject,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files.ts';

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';
const BOM = '\ufeff';

let admin: SessionUser;
/** This file's customer: an accented, unique surname the Orders search finds. */
let surname: string;
let paid: OrderFixture;
let pending: OrderFixture;
let subscriberEmail: string;
let submitter: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
  const tag = randomUUID().slice(0, 6);
  surname = `Ångström${tag}`;
  const customer = await signUpCustomer({ firstName: 'Zoë', lastName: surname });
  const { id: productId } = await createProduct({
    name: `=Mixtape ${tag}`,
    category: 'book',
    priceCents: 1250,
    stock: 50,
  });
  paid = await placeOrder(customer, [{ productId, quantity: 2 }], SHIPPING_ADDRESS);
  pending = await placeOrder(customer, [{ productId, quantity: 1 }], SHIPPING_ADDRESS);
  await setOrderStatus(paid.id, 'paid');
  subscriberEmail = `reader-${tag}@example.com`;
  await apiCall(
    'POST',
    '/admin/subscribers/import',
    { content: `email\n${subscriberEmail}` },
    admin.token,
  );
  submitter = `Renée Export ${tag}`;
  await submitProject(
    {
      name: submitter,
      email: `renee-${tag}@example.com`,
      service: 'Song Mix',
      notes: 'Two songs to mix, stems attached.',
    },
    [{ name: 'take.wav', type: 'audio/wav', bytes: makeWav(441) }],
  );
});

async function openAdmin(width: number): Promise<Page> {
  const page = await b.page(width, 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

/** RFC 4180 records of a download, after checking its BOM. */
function records(download: Download, path: string): string[][] {
  const raw = readFileSync(path, 'utf8');
  expect(raw.startsWith(BOM), download.suggestedFilename()).toBe(true);
  const out: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const text = raw.slice(1);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      out.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return out;
}

/** Clicks `trigger` and reads the file the browser downloaded. */
async function download(page: Page, trigger: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await file.path();
  if (!path) throw new Error(`download failed: ${await file.failure()}`);
  return { file, rows: records(file, path) };
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each([1440, 390])('/admin exports at %i px', (width) => {
  it('Orders: the menu exports the orders and their lines with the current search and filter', async () => {
    const page = await openAdmin(width);
    await page.getByLabel('Search orders').fill(surname);
    const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr[data-order-number]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Orders, one row each' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/exports-orders-menu-${width}.png` });

    const orders = await download(page, () =>
      menu.getByRole('menuitem', { name: 'Orders, one row each' }).click(),
    );
    expect(orders.file.suggestedFilename()).toBe(`orders-${today()}.csv`);
    // The browser's own download of a signed link, not a blob made in the page (decision 034).
    expect(orders.file.url()).toMatch(
      new RegExp(`^${b.baseUrl()}/api/downloads/exports/orders\\?.*status=paid.*&token=`),
    );
    const [header, ...data] = orders.rows;
    expect(header?.slice(0, 5)).toEqual([
      'Order number',
      'Date (UTC)',
      'Status',
      'Customer',
      'Customer e-mail',
    ]);
    expect(data.map((r) => r[0])).toEqual([paid.orderNumber]);
    const row = Object.fromEntries((header ?? []).map((h, i) => [h, data[0]?.[i]]));
    expect(row).toMatchObject({
      Status: 'paid',
      Customer: `Zoë ${surname}`,
      Items: '2',
      Subtotal: '25.00',
      Total: paid.total.replace(/[$,]/g, ''),
      Currency: 'USD',
      // Typed by a person and starting with +: made text, as every such cell is.
      Phone: `'${SHIPPING_ADDRESS.phone}`,
    });
    await page.getByText('Orders export downloading').waitFor();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = await download(page, () =>
      page.getByRole('menuitem', { name: 'Order lines, one row per item' }).click(),
    );
    expect(lines.file.suggestedFilename()).toBe(`order-lines-${today()}.csv`);
    const [lineHeader, ...lineRows] = lines.rows;
    expect(lineHeader).toEqual([
      'Order number',
      'Order date (UTC)',
      'Order status',
      'Customer e-mail',
      'SKU',
      'Product',
      'Quantity',
      'Unit price',
      'Line total',
      'Currency',
    ]);
    // Newest first, as the table; the product's name began with "=": a formula no more.
    expect(lineRows.map((r) => [r[0], r[2], r[5]?.slice(0, 9), r[6], r[8]])).toEqual([
      [pending.orderNumber, 'pending', "'=Mixtape", '1', '12.50'],
      [paid.orderNumber, 'paid', "'=Mixtape", '2', '25.00'],
    ]);
    await page.context().close();
  });

  it('Mass Email: exports every subscriber with the consent record', async () => {
    const page = await openAdmin(width);
    await page.getByRole('tab', { name: 'Mass Email' }).click();
    const button = page.getByRole('button', { name: 'Export subscribers' });
    await button.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/exports-mass-email-${width}.png` });
    const { file, rows } = await download(page, () => button.click());
    expect(file.suggestedFilename()).toBe(`subscribers-${today()}.csv`);
    expect(rows[0]?.slice(0, 4)).toEqual(['E-mail', 'Name', 'Status', 'Source']);
    const mine = rows.find((r) => r[0] === subscriberEmail);
    expect(mine?.slice(2, 4)).toEqual(['active', 'import']);
    // Consent given and added: ISO 8601 in UTC.
    expect(mine?.[6]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await page.context().close();
  });

  it('Submissions: exports what the search shows', async () => {
    const page = await openAdmin(width);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(submitter);
    await page.getByText('1 submission matches, newest first').waitFor();
    const button = page.getByRole('button', { name: 'Export CSV' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/exports-submissions-${width}.png` });
    const { file, rows } = await download(page, () => button.click());
    expect(file.suggestedFilename()).toBe(`submissions-${today()}.csv`);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 7)).toEqual([
      submitter,
      expect.stringMatching(/^renee-.*@example\.com$/),
      'Song Mix',
      'SM-001',
      'unpaid',
      '',
    ]);
    expect(rows[1]?.[10]).toBe('1');
    await page.context().close();
  });
});
