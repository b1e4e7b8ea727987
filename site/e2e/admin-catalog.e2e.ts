import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCall, signInAdmin, submitProject, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files';

const b = setupBrowser();
const SHOTS = '/tmp/admin-shots';

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

/** /admin at 1440 px, signed in as the seeded admin, on one tab. */
async function openTab(tab: 'Products' | 'Services' | 'Submissions'): Promise<Page> {
  const page = await b.page(1440, 900);
  opened.push(page);
  // A step that fails names itself well inside the test's own time limit.
  page.setDefaultTimeout(10_000);
  await withSession(page, await signInAdmin());
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
  return page;
}

/** The whole page; with a modal open, the viewport (a fixed overlay does not stretch). */
async function shot(page: Page, name: string, { modal = false } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !modal });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label; Mantine appends " *" to required ones. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

/** A SegmentedControl choice: its radio input is hidden, the person clicks the label. */
const segment = (page: Page, name: string | RegExp) =>
  page
    .locator('label')
    .filter({ hasText: typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}$`) : name });

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A small real PNG (a colour gradient), so the thumbnail shows something. */
function makePng(size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const at = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      rows[at + 1 + x * 3] = 40 + Math.round((x / size) * 200);
      rows[at + 2 + x * 3] = 60;
      rows[at + 3 + x * 3] = 40 + Math.round((y / size) * 200);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface ShopProduct {
  id: string;
  name: string;
  priceCents: number;
  currentPriceCents: number;
  isOnSale: boolean;
  discountPercentage: number;
  stock: number;
  images: { url: string; alt: string; srcset?: Record<'avif' | 'webp' | 'jpeg', string> }[];
}

async function shopProduct(id: string): Promise<ShopProduct> {
  return (await apiCall<{ product: ShopProduct }>('GET', `/products/${id}`)).product;
}

async function shopLists(id: string): Promise<boolean> {
  const { products } = await apiCall<{ products: ShopProduct[] }>('GET', '/products?pageSize=100');
  return products.some((p) => p.id === id);
}

describe('Products tab', () => {
  it('creates, edits, puts on sale, adds an image to and deactivates a product', async () => {
    const page = await openTab('Products');
    const name = `Field Recording Zine ${randomUUID().slice(0, 6)}`;
    const sku = `ZINE-${randomUUID().slice(0, 6).toUpperCase()}`;

    // The shared schema's messages, before anything is sent.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/products')) posted++;
    });
    await page.getByRole('button', { name: 'New product' }).click();
    const create = page.getByRole('dialog', { name: 'New product' });
    await create.getByRole('button', { name: 'Create product' }).click();
    for (const text of [
      'Name is required',
      'SKU is required',
      'Choose book, apparel or digital',
      'Price is required',
    ])
      await create.getByText(text, { exact: true }).waitFor();
    await field(create, 'SKU').fill('bad sku!');
    await field(create, 'SKU').blur();
    await create.getByText('SKU may use letters, digits, dot, dash and underscore').waitFor();
    expect(posted).toBe(0);

    await field(create, 'Name').fill(name);
    await field(create, 'SKU').fill(sku);
    await choose(page, create, 'Category', 'Book');
    await field(create, 'Stock').fill('12');
    await field(create, 'Price').fill('25');
    await field(create, 'Description').fill(
      'Notes and photographs from a year of field recording.',
    );
    await field(create, 'Tags').fill('zine');
    await field(create, 'Tags').press('Enter');
    await create.getByRole('button', { name: 'Create product' }).click();
    await toast(page, 'success', `${name} created`).waitFor();
    await create.waitFor({ state: 'hidden' });

    const created = row(page, name);
    await created.waitFor();
    expect(await created.textContent()).toContain(sku);
    expect(await created.textContent()).toContain('$25.00');
    const id = (await created.getAttribute('data-product-id')) as string;
    expect(await shopLists(id)).toBe(true);
    expect(await shopProduct(id)).toMatchObject({ name, priceCents: 2500, stock: 12 });

    // The server's message for what only the server knows: the SKU is taken.
    await page.getByRole('button', { name: 'New product' }).click();
    const again = page.getByRole('dialog', { name: 'New product' });
    await field(again, 'Name').fill(`${name} copy`);
    await field(again, 'SKU').fill(sku);
    await choose(page, again, 'Category', 'Book');
    await field(again, 'Price').fill('5');
    await again.getByRole('button', { name: 'Create product' }).click();
    await toast(page, 'error', 'A product with this SKU already exists').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });

    // Price and stock: at 3 left the row is marked low on stock.
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    expect(await field(edit, 'Price').inputValue()).toBe('$25.00');
    await field(edit, 'Price').fill('30');
    await field(edit, 'Stock').fill('3');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'success', `${name} updated`).waitFor();
    await created.getByText('$30.00').waitFor();
    await created.getByText('Low stock').waitFor();
    expect(await shopProduct(id)).toMatchObject({ priceCents: 3000, stock: 3, isOnSale: false });
    // The next save answers with the same words: let this toast go first, so the next one found
    // is the next save's (on a slow machine this one can still be on screen).
    await toast(page, 'success', `${name} updated`).waitFor({ state: 'hidden' });

    // On sale at 20% off.
    await created.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('switch', { name: 'On sale' }).check();
    await field(edit, 'Discount').fill('20');
    await edit.getByText('Sale price $24.00').waitFor();
    await shot(page, 'catalog-product-modal-1440', { modal: true });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'success', `${name} updated`).waitFor();
    await created.getByText('$24.00').waitFor();
    await created.getByText('−20%').waitFor();
    expect(await shopProduct(id)).toMatchObject({
      priceCents: 3000,
      currentPriceCents: 2400,
      isOnSale: true,
      discountPercentage: 20,
    });

    // An image with its alt text; a wrong type is refused before anything is sent.
    await created.getByRole('button', { name: 'Images (0)' }).click();
    const images = page.getByRole('dialog', { name: `Images of ${name}` });
    await images.getByText('No images yet.', { exact: false }).waitFor();
    const fileInput = images.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await images.getByText('Please upload a JPEG, PNG or WebP image').waitFor();
    const png = makePng();
    await fileInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await field(images, 'Alt text').fill('Zine cover, blue and red');
    await images.getByRole('button', { name: 'Upload image' }).click();
    await toast(page, 'success', 'Image uploaded').waitFor();
    await images.getByRole('img', { name: 'Zine cover, blue and red' }).waitFor();
    await shot(page, 'catalog-product-images-1440', { modal: true });
    const [image] = (await shopProduct(id)).images;
    expect(image).toMatchObject({ alt: 'Zine cover, blue and red' });
    // Resized at upload: a JPEG fallback beside AVIF and WebP variants.
    const served = await fetch(`${b.baseUrl()}${image?.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(image?.srcset?.avif).toMatch(/\.avif \d+w$/);
    await images.getByRole('button', { name: 'Close' }).click();
    await created.getByRole('button', { name: 'Images (1)' }).waitFor();
    await created.getByRole('img', { name: 'Zine cover, blue and red' }).waitFor();
    await shot(page, 'catalog-products-1440');

    // DELETE deactivates: the product leaves the shop and can come back.
    await created.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate product?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'success', `${name} deactivated`).waitFor();
    await created.getByText('Inactive').waitFor();
    expect(await shopLists(id)).toBe(false);
    await expect(shopProduct(id)).rejects.toThrow(/404/);
    await created.getByRole('button', { name: 'Activate' }).click();
    await toast(page, 'success', `${name} activated`).waitFor();
    expect(await shopLists(id)).toBe(true);
    await created.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await created.getByText('Inactive').waitFor();
    expect(await shopLists(id)).toBe(false);

    // Search by SKU finds it among the inactive.
    await page.getByRole('textbox', { name: 'Search products' }).fill(sku);
    await segment(page, 'Inactive').click();
    await page.getByText('1 product matches').waitFor();
    await created.waitFor();
  }, 60_000);
});

interface AdminService {
  id: string;
  title: string;
  listPriceCents: number;
  checkoutPriceCents: number | null;
  pricesDiffer: boolean;
}

describe('Services tab', () => {
  it("shows the seeded products' generated images in the list, loaded", async () => {
    const page = await openTab('Products');
    // Other tests add products, which list first: find the seeded one by its SKU.
    await page.getByRole('textbox', { name: 'Search products' }).fill('BK-001');
    const thumb = row(page, 'Listening Between the Lines').getByRole('img', {
      name: 'Listening Between the Lines artwork',
    });
    await thumb.waitFor();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The smallest variant that covers a 44 px thumbnail, in the best format Chromium reads.
    expect(await thumb.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
      '/api/media/products/seed-bk-001-320.avif',
    );
  });

  it('shows both prices, flags the ones that differ and saves an edited price', async () => {
    const { token } = await signInAdmin();
    const { services, mismatchCount } = await apiCall<{
      services: AdminService[];
      mismatchCount: number;
    }>('GET', '/admin/services', undefined, token);
    const trailer = services.find((s) => s.title === 'Trailer Sound Design') as AdminService;
    const page = await openTab('Services');

    const songMaster = row(page, 'Song Master');
    await songMaster.getByText('Prices differ').waitFor();
    const cells = await songMaster.getByRole('cell').allTextContents();
    expect(cells[2]).toBe('$220.00');
    expect(cells[3]).toContain('$150.00');
    const songMix = page.getByRole('row').filter({ hasText: /^Song MixSM-001/ });
    expect(await songMix.getByText('Prices differ').count()).toBe(0);
    await shot(page, 'catalog-services-1440');

    await segment(page, `Prices differ (${mismatchCount})`).click();
    const rows = page.getByRole('table', { name: 'Services' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(mismatchCount);
    expect(await rows.filter({ hasText: 'Prices differ' }).count()).toBe(mismatchCount);
    await segment(page, /^All services/).click();

    try {
      await row(page, 'Trailer Sound Design').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Trailer Sound Design' });
      expect(await field(dialog, 'Card price').inputValue()).toBe('$536.00');
      expect(await field(dialog, 'Payment price').inputValue()).toBe('$298.00');
      await dialog.getByText('The card shows $536.00 but checkout charges $298.00').waitFor();
      await field(dialog, 'Title').fill('');
      await field(dialog, 'Title').blur();
      await dialog.getByText('Title is required', { exact: true }).waitFor();
      await field(dialog, 'Title').fill('Trailer Sound Design');
      await shot(page, 'catalog-service-modal-1440', { modal: true });
      await field(dialog, 'Payment price').fill('536');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, 'success', 'Trailer Sound Design updated').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => row(page, 'Trailer Sound Design').getByText('Prices differ').count())
        .toBe(0);

      const { services: shown } = await apiCall<{
        services: { title: string; listPriceCents: number; checkout: { priceCents: number } }[];
      }>('GET', '/services');
      expect(shown.find((s) => s.title === 'Trailer Sound Design')).toMatchObject({
        listPriceCents: 53_600,
        checkout: { priceCents: 53_600 },
      });
    } finally {
      // The catalogue is shared with the other browser tests: put the spec's price back.
      await apiCall(
        'PUT',
        `/admin/services/${trailer.id}`,
        { checkoutPriceCents: trailer.checkoutPriceCents },
        token,
      );
    }
  });
});

describe('Submissions tab', () => {
  it('lists a submission with its payment state, opens it and downloads its file', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `robin-${tag}@example.com`;
    const wav = makeWav(441, { pattern: true });
    const notes = 'Master for streaming, -14 LUFS.\nKeep the <b>low end</b> warm.';
    const { submissionId } = await submitProject(
      {
        name: `Robin Vale ${tag}`,
        email,
        service: 'Song Mix',
        notes,
        timeline: 'Two weeks',
        budget: '$250',
      },
      [{ name: 'take-1.wav', type: 'audio/wav', bytes: wav }],
    );
    // A USDT quote opens a pending payment attempt, shown in the detail.
    const quote = await apiCall<{ amountBaseUnits: string }>('POST', '/payments/quote', {
      submissionId,
      method: 'usdt',
    });
    // The exact amount due, every one of its 6 decimals (the server tags the last digits).
    const usdt = `${(Number(quote.amountBaseUnits) / 1e6).toFixed(6).replace(/(\.\d\d\d*?)0+$/, '$1')} USDT`;

    const page = await openTab('Submissions');
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(email);
    await page.getByText('1 submission matches, newest first').waitFor();
    const listed = row(page, email);
    const cells = await listed.getByRole('cell').allTextContents();
    expect(cells.slice(1, 7)).toEqual([
      `Robin Vale ${tag}`,
      email,
      'Song Mix',
      'Unpaid',
      'Work status: Received',
      '1',
    ]);
    await segment(page, 'Paid').click();
    await page.getByText('No submissions match these filters.').waitFor();
    await segment(page, 'Unpaid').click();
    await listed.waitFor();
    await segment(page, 'All').click();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill('');
    await page.getByText(/^\d+ submissions?, newest first$/).waitFor();
    await shot(page, 'catalog-submissions-1440');

    await page.getByRole('textbox', { name: 'Search submissions' }).fill(email);
    await listed.getByRole('button', { name: `View submission from Robin Vale ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Submission from Robin Vale ${tag}` });
    await dialog.getByText('take-1.wav').waitFor();
    // Notes are text: the markup shows as typed (no <b>), line breaks kept on screen. Multipart
    // sends line breaks as CRLF.
    const shownNotes = dialog.getByText('Master for streaming');
    expect((await shownNotes.textContent())?.replace(/\r\n/g, '\n')).toBe(notes);
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await shownNotes.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    for (const text of ['Two weeks', '$250', 'SM-001', 'Guest', '$235.40', usdt]) {
      await dialog.getByText(text, { exact: false }).first().waitFor();
    }
    await dialog.getByText('Pending', { exact: true }).waitFor();
    await shot(page, 'catalog-submission-detail-1440', { modal: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download take-1.wav' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('take-1.wav');
    // The browser's own download of a signed link (decision 029), not a blob made in the page.
    expect(download.url()).toMatch(
      new RegExp(
        `^${b.baseUrl()}/api/downloads/submissions/${submissionId}/files/[0-9a-f-]{36}\\?expires=\\d+&admin=[0-9a-f-]{36}&token=[\\w-]+$`,
      ),
    );
    expect(readFileSync(await download.path()).equals(wav)).toBe(true);
  });
});
