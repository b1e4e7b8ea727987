import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  placeOrder,
  type SessionUser,
  setOrderStatus,
  signInAdmin,
  signUpCustomer,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';

/**
 * Issue 25, the admin's side: a digital product's files uploaded in the browser (a 1 GB file,
 * cancelled once, cut by a reload and resumed from the server's offset), listed with the SHA-256
 * the server computed, replaced and removed; a paid order's download access shown in the order's
 * detail and granted again; the customer's downloads on their page.
 */
const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';
const BIG_BYTES = 1_000_000_000;

let dir: string;
let bigPath: string;
let smallPath: string;
let admin: SessionUser;

/** A ZIP's local file header for an empty stored entry: what the content check reads as a ZIP. */
function zipHeader(name: string): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.write(name, 30, 'ascii');
  header.writeUInt16LE(name.length, 26);
  return header;
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-product-files-'));
  // 1 GB, sparse after its first bytes: a real ZIP signature (50 4B 03 04), then zeros.
  bigPath = path.join(dir, 'sample-library.zip');
  const fd = openSync(bigPath, 'w');
  writeSync(fd, zipHeader('readme.txt'));
  ftruncateSync(fd, BIG_BYTES);
  closeSync(fd);
  smallPath = path.join(dir, 'sample-library-v2.zip');
  writeFileSync(smallPath, Buffer.concat([zipHeader('notes.txt'), Buffer.alloc(64 * 1024, 7)]));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let opened: Page | undefined;
// A failed step leaves a picture of where it stopped.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && opened)
    await opened.screenshot({ path: `${SHOTS}/product-files-failed.png` }).catch(() => {});
  await opened?.context().close();
  opened = undefined;
});

async function openAdmin(width: number): Promise<Page> {
  const page = await b.page(width, 900);
  opened = page;
  page.setDefaultTimeout(15_000);
  admin ??= await signInAdmin();
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const toast = (page: Page, text: string) =>
  page.locator('[data-toast-type]', { hasText: text }).first();

/** The product's edit modal, from the Products tab. */
async function openProduct(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Edit' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('heading', { name: 'Files' }).waitFor();
  return dialog;
}

async function chooseFile(page: Page, button: Locator, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

const progress = async (dialog: Locator) =>
  Number(
    (await dialog.locator('[data-upload-progress]').getAttribute('data-upload-progress')) ?? 0,
  );

async function waitForProgress(dialog: Locator, atLeast: number) {
  await expect
    .poll(() => progress(dialog), { timeout: 60_000, interval: 200 })
    .toBeGreaterThanOrEqual(atLeast);
}

/** This browser's unfinished upload of the product: its draft and tus upload URL. */
async function keptUpload(page: Page, productId: string) {
  return page.evaluate((id) => {
    const pending = JSON.parse(localStorage.getItem(`studio.productFileUpload:${id}`) ?? 'null');
    const key = Object.keys(localStorage).find((k) =>
      k.startsWith(`tus::studio-product-file:${id}:`),
    );
    const entry = key ? JSON.parse(localStorage.getItem(key) ?? '{}') : null;
    return {
      draftToken: pending?.draftToken as string | undefined,
      url: entry?.uploadUrl as string | undefined,
    };
  }, productId);
}

/** The upload as the server holds it (GET /api/uploads/:id with its draft), or its status. */
async function serverUpload(url: string, draftToken: string) {
  const res = await fetch(new URL(url, b.baseUrl()), { headers: { 'Upload-Draft': draftToken } });
  if (!res.ok) return { status: res.status, offset: -1 };
  const body = (await res.json()) as { offset: number };
  return { status: res.status, offset: body.offset };
}

describe('A digital product’s files, in the admin', () => {
  it('uploads 1 GB with progress, cancel and resume after a reload; replaces, grants and removes', async () => {
    const expectedSha = sha256Of(bigPath);
    const name = `Field Sample Library ${randomUUID().slice(0, 6)}`;
    const page = await openAdmin(1440);

    // A new digital product: its download limits, then its files in the same modal.
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    const create = page.getByRole('dialog', { name: 'New product' });
    await field(create, 'Name').fill(name);
    await field(create, 'SKU').fill(`DL-${randomUUID().slice(0, 6)}`);
    await field(create, 'Category').click();
    await page.getByRole('option', { name: 'Digital', exact: true }).click();
    await field(create, 'Stock').fill('100');
    await field(create, 'Price').fill('19');
    expect(await field(create, 'Downloads per file').inputValue()).toBe('5');
    expect(await field(create, 'Days of access').inputValue()).toBe('30');
    await field(create, 'Downloads per file').fill('3');
    await create.getByRole('button', { name: 'Create product' }).click();
    let dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('heading', { name: 'Files' }).waitFor();
    await dialog.getByText("Buyers download the product's current files").waitFor();
    const { products } = await apiCall<{
      products: { id: string; name: string; downloadLimit: number; downloadDays: number }[];
    }>('GET', `/admin/products?q=${encodeURIComponent(name)}`, undefined, admin.token);
    const product = products.find((p) => p.name === name);
    if (!product) throw new Error('the product was not created');
    expect([product.downloadLimit, product.downloadDays]).toEqual([3, 30]);

    // Upload, with its progress; cancelled part-way, the upload is gone from the server.
    await chooseFile(page, dialog.getByRole('button', { name: 'Add file' }), bigPath);
    await dialog.getByText('Uploading sample-library.zip').waitFor();
    await waitForProgress(dialog, 3);
    await dialog
      .getByRole('region', { name: 'Uploading sample-library.zip' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/product-files-uploading-1440.png` });
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    expect(await dialog.locator('[data-upload-progress]').textContent()).toMatch(
      /^\d+% · [\d.]+ MB of 1 GB/,
    );
    const first = await keptUpload(page, product.id);
    if (!first.url || !first.draftToken) throw new Error('the upload was not kept for resuming');
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await toast(page, 'The upload of sample-library.zip was cancelled.').waitFor();
    await expect
      .poll(async () => (await serverUpload(first.url ?? '', first.draftToken ?? '')).status)
      .toBe(404);
    expect(await keptUpload(page, product.id)).toEqual({ draftToken: undefined, url: undefined });

    // Again; a reload part-way, then the same file chosen again goes on from the server's offset.
    await chooseFile(page, dialog.getByRole('button', { name: 'Add file' }), bigPath);
    await waitForProgress(dialog, 15);
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    dialog = await openProduct(page, name);
    const offer = dialog
      .getByRole('alert')
      .filter({ hasText: 'Resume upload of sample-library.zip' });
    await offer.waitFor();
    const kept = await keptUpload(page, product.id);
    if (!kept.url || !kept.draftToken) throw new Error('the upload was not kept for resuming');
    const { offset } = await serverUpload(kept.url, kept.draftToken);
    expect(offset).toBeGreaterThan(BIG_BYTES * 0.1);
    const patches: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(Number(r.headers()['upload-offset']));
    });
    await chooseFile(
      page,
      offer.getByRole('button', { name: 'Choose sample-library.zip again' }),
      bigPath,
    );
    await dialog.getByText('Uploading sample-library.zip').waitFor();
    // The progress goes on from the server's offset.
    await waitForProgress(dialog, Math.floor((offset / BIG_BYTES) * 100));
    await toast(page, 'sample-library.zip was added.').waitFor({ timeout: 120_000 });
    expect(patches[0]).toBe(offset);

    // Listed with its size and the SHA-256 the server computed, which is the file's.
    const listed = dialog.getByRole('listitem', { name: 'sample-library.zip' });
    expect(await listed.textContent()).toContain('1 GB');
    expect(await listed.locator('[data-sha256]').textContent()).toBe(await expectedSha);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await dialog.getByRole('region', { name: 'Files' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/product-files-${width}.png` });
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Replaced by a smaller version: buyers now get that one.
    await chooseFile(
      page,
      listed.getByRole('button', { name: 'Replace sample-library.zip' }),
      smallPath,
    );
    await toast(page, 'sample-library-v2.zip replaced the earlier file.').waitFor({
      timeout: 30_000,
    });
    const replaced = dialog.getByRole('listitem', { name: 'sample-library-v2.zip' });
    expect(await replaced.locator('[data-sha256]').textContent()).toBe(await sha256Of(smallPath));
    expect(await dialog.getByRole('listitem', { name: 'sample-library.zip' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // A paid order of it: the order's detail shows the grant and grants again.
    const customer = await signUpCustomer({ lastName: `Grant${randomUUID().slice(0, 5)}` });
    const order = await placeOrder(customer, [{ productId: product.id, quantity: 1 }]);
    await setOrderStatus(order.id, 'paid');
    const { order: paid } = await apiCall<{ order: { grants: { files: { id: string }[] }[] } }>(
      'GET',
      `/admin/orders/${order.id}`,
      undefined,
      admin.token,
    );
    const fileId = paid.grants[0]?.files[0]?.id ?? '';
    // The customer downloads it, then resumes the rest: counted once, recorded twice.
    const download = (range?: string) =>
      fetch(`${b.baseUrl()}/api/orders/${order.id}/files/${fileId}`, {
        headers: { authorization: `Bearer ${customer.token}`, ...(range ? { range } : {}) },
      }).then((r) => r.arrayBuffer());
    await download();
    await download('bytes=100-');

    await page.getByRole('tab', { name: 'Orders' }).click();
    // Found by its number, as the admin would: the list's first page may have loaded before the
    // order existed, or hold other tests' newer orders.
    await page.getByLabel('Search orders').fill(order.orderNumber);
    await page.getByRole('button', { name: `Open order ${order.orderNumber}` }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `Order ${order.orderNumber}` });
    const grant = detail.getByRole('article', { name });
    await grant.waitFor();
    const grantText = (await grant.textContent()) ?? '';
    expect(grantText).toContain('Active');
    expect(grantText).toContain('Usable now');
    expect(grantText).toContain('3 downloads per file');
    expect(grantText).toContain('1 of 3 downloads used');
    expect(grantText).toMatch(/Last .* from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await detail.getByRole('region', { name: 'Downloads' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/order-grants-${width}.png` });
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await grant.getByRole('button', { name: `Grant again: ${name}` }).click();
    await toast(page, `Downloads of ${name} granted again: the count starts over`).waitFor();
    await expect
      .poll(async () => (await grant.textContent()) ?? '')
      .toContain('0 of 3 downloads used');

    // Cancelled, the order's downloads cannot be granted again: the API says why.
    await detail
      .getByRole('group', { name: 'Set status' })
      .getByRole('button', { name: 'Cancelled' })
      .click();
    await expect.poll(async () => (await grant.textContent()) ?? '').toContain('Revoked');
    await grant.getByRole('button', { name: `Grant again: ${name}` }).click();
    await grant
      .getByRole('alert')
      .filter({ hasText: 'set it back to paid before granting' })
      .waitFor();
    await page.keyboard.press('Escape');

    // The customer's page lists their downloads: the first counted, the rest resumed.
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByLabel('Search customers').fill(customer.user.lastName);
    await page.getByRole('button', { name: `Open Casey ${customer.user.lastName}` }).click();
    const downloads = page.getByRole('region', { name: 'Downloads' });
    await downloads.locator('[data-download]').nth(1).waitFor();
    await downloads.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/customer-downloads-1440.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const rows = await downloads.locator('[data-download]').allTextContents();
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(
          `sample-library-v2\\.zipResumed${escapeRegExp(name)} · Order ${order.orderNumber}`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `sample-library-v2\\.zipCounted${escapeRegExp(name)} · Order ${order.orderNumber}`,
        ),
      ),
    ]);
    await page.keyboard.press('Escape');

    // Removed, after a confirmation.
    dialog = await openProduct(page, name);
    await dialog.getByRole('button', { name: 'Remove sample-library-v2.zip' }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Remove file' }).click();
    await toast(page, 'sample-library-v2.zip was removed.').waitFor();
    await dialog.getByText('No files yet').waitFor();
  }, 180_000);
});
