import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { business } from '../src/config/business.ts';
import { apiCall, createProduct, type ProductFixture, signInAdmin } from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { screenshotDir, setupBrowser } from './browser.ts';
import { peers } from './peers.ts';

const b = setupBrowser();

// The spec's words (sections 2 and 8), written out rather than read from the app's own
// constants, so a changed message fails here.
const TEXT = {
  loadFailed: 'Unable to load products at this time.',
  checkConnection: 'Please check your internet connection and try again.',
  noProducts: 'No Products Found',
  sent: "Message sent successfully! We'll get back to you within 24 hours.",
  sendFailed:
    'Sorry, there was an error sending your message. Please try again or email us directly',
  subscribed: 'Successfully subscribed!',
  subscribeFailed: 'Failed to subscribe. Please try again.',
  emailRequired: 'Please enter your email address',
  // Ours (decision 025): under the box after a sign-up.
  checkInbox: 'Check your inbox and confirm to start getting updates.',
  // The spec's first check of the project form (section 5); this form says it the same way.
  nameRequired: 'Please enter your name',
} as const;
const PLACEHOLDER = '/images/product-placeholder.svg';
// Products fail after 1 try + 2 retries with React Query's backoff (1 s, then 2 s).
const ERROR_WAIT_MS = 15_000;

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

async function newPage(width = 1440, height = 900): Promise<Page> {
  const page = await b.page(width, height);
  opened.push(page);
  return page;
}

function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

async function product(fixture: Partial<ProductFixture> & { name: string }) {
  return createProduct({ category: 'book', priceCents: 2500, ...fixture });
}

/**
 * Uploads `bytes` as the product's image through the admin API (multipart, field `image`);
 * answers the stored image's fallback URL.
 */
async function uploadImage(id: string, bytes: Buffer, type: string): Promise<string> {
  const { token } = await signInAdmin();
  const form = new FormData();
  form.append('alt', 'Front cover');
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'cover.png');
  const res = await fetch(`${b.baseUrl()}/api/admin/products/${id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload -> ${res.status}: ${await res.text()}`);
  const { product } = (await res.json()) as { product: { images: { url: string }[] } };
  return product.images.at(-1)?.url ?? '';
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// The PNG signature followed by bytes no browser decodes (the API refuses it at upload, so the
// test serves it in place of a stored image).
const BROKEN_PNG = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('not really an image')]);

async function openLanding(page: Page) {
  await page.goto(b.baseUrl());
  await page.locator('#shop').waitFor();
}

const shop = (page: Page) => page.locator('#shop');
const contact = (page: Page) => page.locator('#contact');
const newsletter = (page: Page) => page.getByRole('complementary', { name: 'Stay Updated' });
const card = (page: Page, name: string) => shop(page).getByRole('article', { name, exact: true });
const tab = (page: Page, name: string) => shop(page).getByRole('tab', { name });
const productsCall = (url: URL) => url.pathname === '/api/products';
const contactCall = (url: URL | string) => new URL(url).pathname === '/api/contact';
const newsletterCall = (url: URL | string) => new URL(url).pathname === '/api/contact/newsletter';
const toastOf = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`).filter({ hasText: text });

/** Holds matching requests until `release()` is called, then lets them reach the real API. */
function gate() {
  let release!: () => void;
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await open;
    await route.continue();
  };
  return { handler, release };
}

/** Serious or critical axe violations inside this file's sections (others own the rest). */
async function ourAxeViolations(page: Page) {
  const ours: { id: string; help: string; target: string }[] = [];
  for (const v of await seriousAxeViolations(page)) {
    for (const target of v.targets) {
      const inside = await page.evaluate(
        (sel) =>
          !!document
            .querySelector(sel)
            ?.closest('#shop, #contact, aside[aria-labelledby="newsletter-title"]'),
        target,
      );
      if (inside) ours.push({ id: v.id, help: v.help, target });
    }
  }
  return ours;
}

async function imageState(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => ({
    src: new URL(el.currentSrc || el.src).pathname,
    loaded: el.complete && el.naturalWidth > 0,
    alt: el.alt,
  }));
}

describe('shop section', () => {
  it('filters by category tab: a book shows under All and Books, not under Apparel', async () => {
    const book = unique('Tab Book');
    const shirt = unique('Tab Shirt');
    await product({ name: book, category: 'book' });
    await product({ name: shirt, category: 'apparel' });
    const page = await newPage();
    const categories: (string | null)[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/products') categories.push(url.searchParams.get('category'));
    });
    await openLanding(page);

    await card(page, book).waitFor();
    await card(page, shirt).waitFor();
    expect(await tab(page, 'All Products').getAttribute('aria-selected')).toBe('true');

    await tab(page, 'Books').click();
    await card(page, book).waitFor();
    expect(await card(page, shirt).count()).toBe(0);

    // Keyboard: the arrow key moves to the next tab and opens it.
    await tab(page, 'Books').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab(page, 'Apparel').getAttribute('aria-selected')).toBe('true');
    await card(page, shirt).waitFor();
    expect(await card(page, book).count()).toBe(0);

    // Back to a tab seen a moment ago: served from the 5-minute cache, no new call.
    await tab(page, 'All Products').click();
    await card(page, book).waitFor();
    await card(page, shirt).waitFor();
    expect(categories).toEqual([null, 'book', 'apparel']);
  });

  it('shows 3 skeleton cards while the products call is slow, then the products', async () => {
    const name = unique('Slow Book');
    await product({ name });
    const page = await newPage();
    const slow = gate();
    await page.route(productsCall, slow.handler);
    await page.goto(b.baseUrl());

    const skeletons = shop(page).getByTestId('product-skeleton');
    await skeletons.first().waitFor();
    expect(await skeletons.count()).toBe(3);
    expect(await card(page, name).count()).toBe(0);

    slow.release();
    await card(page, name).waitFor();
    expect(await skeletons.count()).toBe(0);
  });

  it('shows the error notice after the 2 retries fail, and recovers on Try again', async () => {
    const page = await newPage();
    let calls = 0;
    await page.route(productsCall, (route) => {
      calls += 1;
      return route.fulfill({ status: 500, json: { message: 'boom', code: 'INTERNAL' } });
    });
    await page.goto(b.baseUrl());

    const notice = shop(page).getByRole('alert');
    await notice.getByText(TEXT.loadFailed, { exact: true }).waitFor({
      timeout: ERROR_WAIT_MS,
    });
    expect(await notice.getByText(TEXT.checkConnection, { exact: true }).count()).toBe(1);
    expect(calls).toBe(3);
    expect(await ourAxeViolations(page)).toEqual([]);
    await notice.screenshot({ path: path.join(screenshotDir, 'shop-error-notice.png') });

    await page.unroute(productsCall);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await shop(page).getByRole('article').first().waitFor();
    expect(await notice.count()).toBe(0);
  });

  // Every category holds seeded products in the shared database, so the empty answer is
  // fulfilled by the test, for the Digital tab only.
  it("shows 'No Products Found' for an empty category", async () => {
    const page = await newPage();
    await page.route(
      (url) => productsCall(url) && url.searchParams.get('category') === 'digital',
      (route) => route.fulfill({ json: { products: [], total: 0, page: 1, pageSize: 12 } }),
    );
    await openLanding(page);
    await shop(page).getByRole('article').first().waitFor();
    expect(await shop(page).getByText(TEXT.noProducts).count()).toBe(0);

    await tab(page, 'Digital').click();
    await shop(page).getByText(TEXT.noProducts, { exact: true }).waitFor();
    await shop(page).screenshot({ path: path.join(screenshotDir, 'shop-empty.png') });
    expect(await ourAxeViolations(page)).toEqual([]);
    expect(await shop(page).getByRole('article').count()).toBe(0);
  });

  // Fulfilled by the test: how many products the shared database holds depends on other files.
  it('loads the next page with Show more products', async () => {
    const fake = (n: number) => {
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      return {
        id,
        _id: id,
        sku: `FAKE-${n}`,
        name: `Paged Product ${n}`,
        description: '',
        category: 'digital',
        priceCents: 1000,
        currentPriceCents: 1000,
        priceText: '$10.00',
        currentPriceText: '$10.00',
        isOnSale: false,
        discountPercentage: 0,
        isActive: true,
        stock: 5,
        inStock: true,
        images: [],
        metadata: { tags: [] },
        externalUrl: null,
      };
    };
    const page = await newPage();
    const pages: string[] = [];
    await page.route(productsCall, (route) => {
      const url = new URL(route.request().url());
      const n = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      pages.push(`${n}`);
      const all = Array.from({ length: size + 2 }, (_, i) => fake(i + 1));
      return route.fulfill({
        json: {
          products: all.slice((n - 1) * size, n * size),
          total: all.length,
          page: n,
          pageSize: size,
        },
      });
    });
    await openLanding(page);
    await card(page, 'Paged Product 1').waitFor();
    const more = shop(page).getByRole('button', { name: 'Show more products' });
    const before = await shop(page).getByRole('article').count();
    expect(before).toBeGreaterThan(0);
    expect(await card(page, `Paged Product ${before + 1}`).count()).toBe(0);

    await more.click();
    await card(page, `Paged Product ${before + 2}`).waitFor();
    expect(await shop(page).getByRole('article').count()).toBe(before + 2);
    expect(await more.count()).toBe(0);
    expect(pages).toEqual(['1', '2']);
  });

  it('shows at most the first 3 tags', async () => {
    const name = unique('Tagged Tee');
    const tags = ['first', 'second', 'third', 'fourth', 'fifth'].map(
      (t) => `${t}-${name.slice(-4)}`,
    );
    await product({ name, category: 'apparel', tags });
    const page = await newPage();
    await openLanding(page);
    const tagList = card(page, name).getByRole('list', { name: 'Tags' });
    await tagList.waitFor();
    expect(await tagList.getByRole('listitem').allTextContents()).toEqual(tags.slice(0, 3));
    expect(
      await card(page, name)
        .getByText(tags[3] ?? '')
        .count(),
    ).toBe(0);
  });

  it('uses the placeholder image when the image is missing or fails to load', async () => {
    const none = unique('No Image Book');
    const broken = unique('Broken Image Book');
    const good = unique('Good Image Book');
    await product({ name: none });
    const { id: brokenId } = await product({ name: broken });
    const brokenUrl = await uploadImage(brokenId, PNG_1X1, 'image/png');
    const { id: goodId } = await product({ name: good });
    await uploadImage(goodId, PNG_1X1, 'image/png');

    const page = await newPage();
    // Every variant of the "broken" image answers bytes no browser decodes.
    const brokenStem = brokenUrl.replace(/\.jpg$/, '');
    await page.route(
      (url) => url.pathname.startsWith(brokenStem),
      (route) => route.fulfill({ status: 200, contentType: 'image/png', body: BROKEN_PNG }),
    );
    const imageRequests: string[] = [];
    page.on('requestfinished', (req) => {
      if (req.url().includes('/api/media/products/')) imageRequests.push(req.url());
    });
    await openLanding(page);

    for (const name of [none, broken, good]) await card(page, name).scrollIntoViewIfNeeded();

    const noneImg = card(page, none).getByRole('img');
    await expect
      .poll(() => imageState(noneImg))
      .toEqual({
        src: PLACEHOLDER,
        loaded: true,
        alt: none,
      });

    // The broken file was asked for, failed to decode, and the card fell back.
    const brokenImg = card(page, broken).getByRole('img');
    await expect
      .poll(() => imageState(brokenImg))
      .toEqual({
        src: PLACEHOLDER,
        loaded: true,
        alt: 'Front cover',
      });
    expect(imageRequests.length).toBeGreaterThanOrEqual(1);

    // A working image is kept: the placeholder is not shown for everything.
    const goodImg = card(page, good).getByRole('img');
    await expect.poll(async () => (await imageState(goodImg)).loaded).toBe(true);
    expect((await imageState(goodImg)).src).toMatch(/^\/api\/media\/products\/.+\.avif$/);
  });

  it("shows the seeded products' images: loaded, AVIF, the variant the card's width needs", async () => {
    const page = await newPage();
    // Other tests add products, which list first: the shop here gets only the seeded ones, as
    // the API answers them (their images are served for real).
    await page.route(
      (url) => url.pathname === '/api/products',
      async (route) => {
        const all = await apiCall<{ products: { images: { url: string }[] }[] }>(
          'GET',
          '/products?pageSize=100',
        );
        const seeded = all.products.filter((p) => p.images[0]?.url.includes('/seed-'));
        await route.fulfill({
          json: { ...all, products: seeded, total: seeded.length, page: 1, pageSize: 12 },
        });
      },
    );
    await openLanding(page);
    const seeded = card(page, 'Listening Between the Lines');
    await seeded.scrollIntoViewIfNeeded();
    const img = seeded.getByRole('img', { name: 'Listening Between the Lines artwork' });
    await expect.poll(async () => (await imageState(img)).loaded).toBe(true);
    // About 360 px wide at 1440 px: the 640 px variant would be too big, the 320 too small.
    expect((await imageState(img)).src).toBe('/api/media/products/seed-bk-001-640.avif');
    expect(
      await img.evaluate((el: HTMLImageElement) => [el.width > 0, el.loading, el.decoding]),
    ).toEqual([true, 'lazy', 'async']);
    // Every seeded product card shows its image, none the placeholder.
    const images = shop(page).getByRole('article').getByRole('img');
    expect(await images.count()).toBe(6);
    for (const one of await images.all()) {
      await one.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await imageState(one)).loaded).toBe(true);
      expect((await imageState(one)).src).not.toBe(PLACEHOLDER);
    }
  });

  it('shows a sale with the current price, the struck original and the discount', async () => {
    const sale = unique('Sale Hoodie');
    const full = unique('Full Price Hoodie');
    await product({ name: sale, category: 'apparel', priceCents: 4000, discountPercentage: 25 });
    await product({ name: full, category: 'apparel', priceCents: 4000 });
    const page = await newPage();
    await openLanding(page);

    const saleCard = card(page, sale);
    await saleCard.waitFor();
    expect(await saleCard.getByText('$30.00').count()).toBe(1);
    expect(await saleCard.locator('s').textContent()).toContain('$40.00');
    expect(await saleCard.getByText('25% off', { exact: true }).count()).toBe(1);

    const fullCard = card(page, full);
    expect(await fullCard.getByText('$40.00', { exact: true }).count()).toBe(1);
    expect(await fullCard.locator('s').count()).toBe(0);
    expect(await fullCard.getByText(/% off/).count()).toBe(0);
  });

  it('links to the external shop in a new tab, else offers Add to cart', async () => {
    const external = unique('Partner Book');
    const shopify = unique('Shopify Cap');
    const local = unique('Local Book');
    const externalUrl = `https://partner.example.com/buy/${randomUUID()}`;
    await product({ name: external, metadata: { type: 'book', externalUrl } });
    await product({
      name: shopify,
      category: 'apparel',
      metadata: { type: 'shopify', shopifyUrl: 'https://shop.example.com/products/cap' },
    });
    await product({ name: local });
    const page = await newPage();
    await page
      .context()
      .route('https://partner.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }),
      );
    await openLanding(page);

    const buy = card(page, external).getByRole('link', { name: /Buy now/ });
    await buy.waitFor();
    expect(await buy.getAttribute('href')).toBe(externalUrl);
    expect(await buy.getAttribute('rel')).toContain('noopener');
    expect(await card(page, external).getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), buy.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(externalUrl);
    expect(page.url()).toContain(b.baseUrl());

    const shopifyLink = card(page, shopify).getByRole('link', { name: /Buy on Shopify/ });
    expect(await shopifyLink.getAttribute('href')).toBe('https://shop.example.com/products/cap');
    expect(await shopifyLink.getAttribute('target')).toBe('_blank');

    expect(await card(page, local).getByRole('link', { name: /Buy/ }).count()).toBe(0);
    expect(await card(page, local).getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(
      true,
    );
  });

  it('adds to the cart: toast, kept in localStorage across a reload, capped at stock', async () => {
    const name = unique('Two Left Book');
    const soldOut = unique('Sold Out Book');
    const { id } = await product({ name, stock: 2, priceCents: 1999 });
    await product({ name: soldOut, stock: 0 });
    const page = await newPage();
    await openLanding(page);
    const readCart = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]);

    const gone = card(page, soldOut);
    await gone.waitFor();
    expect(await gone.locator('[data-stock-state]').textContent()).toBe('Out of stock');
    expect(await gone.getByRole('button', { name: 'Out of stock' }).isDisabled()).toBe(true);

    const addButton = card(page, name).getByRole('button', { name: 'Add to cart' });
    expect(await card(page, name).getByText('Only 2 left').count()).toBe(1);
    await addButton.click();
    await toastOf(page, 'success', `${name} added to cart`).waitFor();
    expect(await readCart()).toEqual([
      { productId: id, name, priceCents: 1999, quantity: 1, stock: 2, category: 'book' },
    ]);

    // A second tab of the same visitor sees the line without reloading.
    const other = await page.context().newPage();
    await other.goto(b.baseUrl());
    await card(other, name).getByText('1 in your cart').waitFor();

    await addButton.click();
    const full = card(page, name).getByRole('button', { name: 'All available in cart' });
    await full.waitFor();
    expect(await full.isDisabled()).toBe(true);
    expect(await readCart()).toMatchObject([{ productId: id, quantity: 2 }]);
    await card(other, name).getByText('2 in your cart').waitFor();

    await page.reload();
    await card(page, name).getByText('2 in your cart').waitFor();
    expect(await readCart()).toMatchObject([{ productId: id, quantity: 2, stock: 2 }]);
    expect(
      await card(page, name).getByRole('button', { name: 'All available in cart' }).isDisabled(),
    ).toBe(true);
  });

  it('fits 360 px and 1920 px without sideways scrolling and has no serious axe violations', async () => {
    for (const width of [360, 1920]) {
      const page = await newPage(width, 900);
      await openLanding(page);
      await shop(page).getByRole('article').first().waitFor();
      await contact(page).waitFor();
      const overflow = await page.evaluate(() => {
        const roots = [
          ...document.querySelectorAll(
            '#shop, #contact, aside[aria-labelledby="newsletter-title"]',
          ),
        ];
        const limit = document.documentElement.clientWidth;
        return roots
          .flatMap((root) => [root, ...root.querySelectorAll('*')])
          .filter((el) => el.getBoundingClientRect().right > limit + 1)
          .map((el) => `${el.tagName}.${el.className}`);
      });
      expect(overflow).toEqual([]);

      expect(await ourAxeViolations(page)).toEqual([]);
    }
  });

  it('takes screenshots of the shop and contact at 390 and 1440 px', async () => {
    const sale = unique('Screenshot Sale Vinyl');
    await product({
      name: sale,
      category: 'digital',
      priceCents: 3200,
      discountPercentage: 20,
      tags: ['vinyl', 'limited', 'signed', 'hidden-tag'],
    });
    for (const width of [390, 1440]) {
      const page = await newPage(width, 900);
      await openLanding(page);
      await card(page, sale).waitFor();
      await shop(page).getByRole('article').first().scrollIntoViewIfNeeded();
      await page.evaluate(() => document.fonts.ready);
      // The fixed header would sit over the element screenshots as the page scrolls to each.
      await page.addStyleTag({ content: 'header[aria-label="Site header"] { display: none; }' });
      // Let lazy images load or fall back before the picture is taken.
      for (const article of await shop(page).getByRole('article').all()) {
        await article.scrollIntoViewIfNeeded();
        await expect
          .poll(() => article.getByRole('img').evaluate((el: HTMLImageElement) => el.complete))
          .toBe(true);
      }
      await shop(page).screenshot({ path: path.join(screenshotDir, `shop-section-${width}.png`) });
      const contactBlock = page.locator('#contact');
      await contactBlock.scrollIntoViewIfNeeded();
      await contactBlock.screenshot({
        path: path.join(screenshotDir, `shop-contact-${width}.png`),
      });
      await newsletter(page).screenshot({
        path: path.join(screenshotDir, `shop-newsletter-${width}.png`),
      });
    }
  });
});

describe('contact section', () => {
  async function fill(page: Page, values: Partial<Record<string, string>>) {
    const form = contact(page);
    if (values.name !== undefined)
      await form.getByRole('textbox', { name: 'Name' }).fill(values.name);
    if (values.email !== undefined)
      await form.getByRole('textbox', { name: 'Email' }).fill(values.email);
    if (values.subject !== undefined)
      await form.getByRole('combobox', { name: 'Project Type' }).selectOption(values.subject);
    if (values.message !== undefined)
      await form.getByRole('textbox', { name: 'Message' }).fill(values.message);
  }

  it('sends to the real API, shows loading, then the success text and clears the form', async () => {
    const page = await newPage();
    await openLanding(page);
    const slow = gate();
    await page.route(contactCall, slow.handler);
    await fill(page, {
      name: 'Riley Reader',
      email: 'riley@example.com',
      subject: 'Mixing / Mastering',
      message: 'Please mix my five-track EP.',
    });
    // The live region is in the page, empty, before anything is sent: a region that appears
    // together with its text is often not announced.
    const status = contact(page).getByRole('status');
    expect(await status.count()).toBe(1);
    expect(await status.textContent()).toBe('');
    const submit = contact(page).getByRole('button', { name: 'Send Message' });
    const [request] = await Promise.all([
      page.waitForRequest((req) => contactCall(req.url())),
      submit.click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      name: 'Riley Reader',
      email: 'riley@example.com',
      subject: 'Mixing / Mastering',
      message: 'Please mix my five-track EP.',
    });
    await expect.poll(() => submit.getAttribute('data-loading')).toBe('true');

    const [response] = await Promise.all([
      page.waitForResponse((res) => contactCall(res.url())),
      slow.release(),
    ]);
    expect(response.status()).toBe(201);
    await status.getByText(TEXT.sent, { exact: true }).waitFor();
    expect(await contact(page).getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    expect(await contact(page).getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    expect(await contact(page).getByRole('combobox', { name: 'Project Type' }).inputValue()).toBe(
      '',
    );
    expect(await submit.getAttribute('data-loading')).toBeNull();
    expect(await ourAxeViolations(page)).toEqual([]);
  });

  it('shows the error alert with the business address when sending fails', async () => {
    const page = await newPage();
    await openLanding(page);
    await page.route(contactCall, (route) =>
      route.fulfill({ status: 500, json: { message: 'down', code: 'INTERNAL' } }),
    );
    await fill(page, {
      name: 'Riley',
      email: 'riley@example.com',
      subject: 'Sound Design',
      message: 'Hello there',
    });
    await contact(page).getByRole('button', { name: 'Send Message' }).click();
    const alert = contact(page).getByRole('alert');
    await alert.getByText(TEXT.sendFailed, { exact: true }).waitFor();
    const mail = alert.getByRole('link', { name: business.email });
    expect(await mail.getAttribute('href')).toBe(`mailto:${business.email}`);
    await contact(page)
      .getByRole('form')
      .screenshot({
        path: path.join(screenshotDir, 'shop-contact-error.png'),
      });
    expect(await ourAxeViolations(page)).toEqual([]);
    // What was typed is kept, so the visitor can try again.
    expect(await contact(page).getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Riley');
  });

  it("blocks an empty submit with the browser's own required checks (no request)", async () => {
    const page = await newPage();
    await openLanding(page);
    let posted = 0;
    page.on('request', (req) => {
      if (contactCall(req.url())) posted += 1;
    });
    const form = contact(page);
    const fields = [
      form.getByRole('textbox', { name: 'Name' }),
      form.getByRole('textbox', { name: 'Email' }),
      form.getByRole('combobox', { name: 'Project Type' }),
      form.getByRole('textbox', { name: 'Message' }),
    ];
    for (const field of fields) expect(await field.getAttribute('required')).not.toBeNull();

    await form.getByRole('button', { name: 'Send Message' }).click();
    // Chromium focuses the first field that fails its check.
    await expect
      .poll(() =>
        form.getByRole('textbox', { name: 'Name' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(
      await form
        .getByRole('textbox', { name: 'Name' })
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);

    // Everything but the project type: the select's own check stops it.
    await fill(page, { name: 'Sam', email: 'sam@example.com', message: 'A short brief' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() =>
        form
          .getByRole('combobox', { name: 'Project Type' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(
      await form
        .getByRole('combobox', { name: 'Project Type' })
        .evaluate((el: HTMLSelectElement) => el.validity.valueMissing),
    ).toBe(true);

    // Spaces pass the browser's check; the shared schema then stops the send.
    await fill(page, { name: '   ', subject: 'Other' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText(TEXT.nameRequired).waitFor();
    expect(posted).toBe(0);
  });
});

describe('newsletter box', () => {
  const input = (page: Page) => newsletter(page).getByLabel('Email address');
  const subscribe = (page: Page) => newsletter(page).getByRole('button', { name: 'Subscribe' });

  it('shows its title, hint and an email input; subscribes (new and again, one same answer) and clears it; the mailed link confirms', async () => {
    const page = await newPage();
    await openLanding(page);
    await newsletter(page).getByText('Get updates on new services and special offers').waitFor();
    expect(await input(page).getAttribute('type')).toBe('email');
    expect(await input(page).getAttribute('required')).not.toBeNull();

    const email = `news-${randomUUID().slice(0, 8)}@example.com`;
    // Double opt-in (decision 025): one answer whether the address is new or known.
    for (const expected of [200, 200]) {
      await input(page).fill(`  ${email}  `);
      const [request, response] = await Promise.all([
        page.waitForRequest((req) => newsletterCall(req.url())),
        page.waitForResponse((res) => newsletterCall(res.url())),
        subscribe(page).click(),
      ]);
      expect(request.postDataJSON()).toEqual({ email });
      expect(response.status()).toBe(expected);
      const shown = toastOf(page, 'success', TEXT.subscribed);
      await shown.waitFor();
      await expect.poll(() => input(page).inputValue()).toBe('');
      await newsletter(page).getByRole('status').getByText(TEXT.checkInbox).waitFor();
      // Gone before the next round, so the next toast is that round's own.
      await shown.waitFor({ state: 'detached' });
    }

    // The confirmation mail's link opens a page; its button subscribes.
    const [mail] = await peers.mail(email);
    const link = mail?.text.match(/https?:\/\/\S+\/api\/contact\/newsletter\/confirm\?\S+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByText('Thanks! Your subscription is confirmed.').waitFor();
  });

  it('shows the failure toast when the API fails, keeping the address', async () => {
    const page = await newPage();
    await openLanding(page);
    await page.route(newsletterCall, (route) =>
      route.fulfill({ status: 500, json: { message: 'down', code: 'INTERNAL' } }),
    );
    await input(page).fill('fail@example.com');
    await subscribe(page).click();
    await toastOf(page, 'error', TEXT.subscribeFailed).waitFor();
    expect(await input(page).inputValue()).toBe('fail@example.com');
  });

  it('shows the empty-address toast for spaces only, without calling the API', async () => {
    const page = await newPage();
    await openLanding(page);
    let posted = 0;
    page.on('request', (req) => {
      if (newsletterCall(req.url())) posted += 1;
    });
    await input(page).fill('    ');
    await subscribe(page).click();
    await toastOf(page, 'error', TEXT.emailRequired).waitFor();
    // Pressing Enter in the field submits the same way.
    await input(page).press('Enter');
    await expect.poll(() => toastOf(page, 'error', TEXT.emailRequired).count()).toBe(2);
    expect(posted).toBe(0);
  });
});
