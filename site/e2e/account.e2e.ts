import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addShipping,
  apiCall,
  createProduct,
  getOrder,
  type OrderFixture,
  placeOrder,
  type SessionUser,
  SHIPPING_ADDRESS,
  setOrderStatus,
  signIn,
  signInAdmin,
  signUpCustomer,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();

const SHOTS = '/tmp/account-shots';

// Dates must follow the visitor's own locale and time zone, not the server's or UTC (spec 9):
// the browser runs in German, in New Zealand.
const LOCALE = 'de-DE';
const TIME_ZONE = 'Pacific/Auckland';
const localDate = (iso: string) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(
    new Date(iso),
  );
const localDateTime = (iso: string) =>
  new Intl.DateTimeFormat(LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

/** Text with every kind of space (ICU uses narrow no-break spaces) as one plain space. */
const squash = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** What a person reads in an element (rendered text, CSS text-transform applied), squashed. */
const readText = async (locator: Locator) => squash((await locator.allInnerTexts()).join(' '));

/** A form field by its label; Mantine appends " *" to required ones. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

/** A fresh page in the test locale and time zone, signed in as `session` when given. */
async function newPage(session?: SessionUser, width = 1440) {
  // setupBrowser's contexts take no locale; borrow its browser for one that does.
  const probe = await b.page(width, 900);
  const browser = probe.context().browser();
  await probe.context().close();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: LOCALE,
    timezoneId: TIME_ZONE,
  });
  const page = await context.newPage();
  if (session) await withSession(page, session);
  return page;
}

async function open(session: SessionUser | undefined, urlPath: string, width = 1440) {
  const page = await newPage(session, width);
  await page.goto(`${b.baseUrl()}${urlPath}`);
  return page;
}

async function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token') ?? sessionStorage.getItem('token'),
    user: localStorage.getItem('user') ?? sessionStorage.getItem('user'),
  }));
}

/** Hue (0-360) and saturation (0-1) of an element's text colour, as rendered. */
async function textHue(locator: Locator): Promise<{ hue: number; saturation: number }> {
  const rgb = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  if (r === undefined || g === undefined || bl === undefined) throw new Error(`colour ${rgb}`);
  const max = Math.max(r, g, bl);
  const min = Math.min(r, g, bl);
  const d = max - min;
  const l = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d !== 0) {
    if (max === r) hue = 60 * (((g - bl) / d) % 6);
    else if (max === g) hue = 60 * ((bl - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
  }
  return { hue: (hue + 360) % 360, saturation };
}

// Spec 4's badge colours as hue ranges a person would call by that name.
const statusColours: [status: string, label: string, colour: string, hues: [number, number]][] = [
  ['pending', 'Pending', 'yellow', [38, 62]],
  ['paid', 'Paid', 'blue', [195, 225]],
  ['processing', 'Processing', 'purple', [265, 305]],
  ['shipped', 'Shipped', 'green', [110, 140]],
  ['delivered', 'Delivered', 'emerald', [145, 172]],
  ['cancelled', 'Cancelled', 'red', [-15, 10]],
  ['refunded', 'Refunded', 'grey', [0, 360]],
];

async function bookAndShirt() {
  const stamp = Date.now().toString(36);
  const book = await createProduct({
    name: `Field Recording Handbook ${stamp}`,
    category: 'book',
    priceCents: 1999,
    stock: 50,
  });
  const shirt = await createProduct({
    name: `Studio Tee ${stamp}`,
    category: 'apparel',
    priceCents: 2500,
    stock: 50,
  });
  return { book, shirt };
}

/** A customer with an order in every status, oldest first. */
async function customerWithEveryStatus() {
  const customer = await signUpCustomer();
  const { book } = await bookAndShirt();
  const orders: OrderFixture[] = [];
  for (const [status] of statusColours) {
    const order = await placeOrder(customer, [{ productId: book.id, quantity: 1 }], {
      ...SHIPPING_ADDRESS,
    });
    if (status !== 'pending') await setOrderStatus(order.id, status);
    orders.push({ ...order, status });
  }
  return { customer, orders };
}

/** A shipped order of two lines, with a UPS express tracking number. */
async function shippedOrder(customer: SessionUser) {
  const { book, shirt } = await bookAndShirt();
  const placed = await placeOrder(
    customer,
    [
      { productId: book.id, quantity: 2 },
      { productId: shirt.id, quantity: 1 },
    ],
    { ...SHIPPING_ADDRESS },
  );
  await setOrderStatus(placed.id, 'paid');
  const trackingNumber = `1Z999AA1${Date.now().toString().slice(-8)}`;
  await addShipping(placed.id, { carrier: 'UPS', trackingNumber, shippingMethod: 'express' });
  return { order: await getOrder(customer, placed.id), trackingNumber };
}

describe('/orders', () => {
  it('lists every order newest first: number, local date, status badge in its colour, total', async () => {
    const { customer, orders } = await customerWithEveryStatus();
    const page = await open(customer, '/orders');
    const list = page.getByRole('list', { name: 'Your orders' });
    await list.waitFor();
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(orders.length);

    const newestFirst = [...orders].reverse();
    for (const [i, order] of newestFirst.entries()) {
      const row = rows.nth(i);
      const text = await readText(row);
      expect(text).toContain(order.orderNumber);
      expect(text).toContain(`Placed ${localDate(order.createdAt)}`);
      expect(order.total).toMatch(/^\$\d+\.\d{2}$/);
      expect(text).toContain(order.total);
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/orders/${order.id}`);

      const expected = statusColours.find(([s]) => s === order.status);
      if (!expected) throw new Error(`no colour for ${order.status}`);
      const [, label, colour, [from, to]] = expected;
      const badge = row.getByText(label, { exact: true });
      expect(await badge.count(), `${order.status} badge`).toBe(1);
      const { hue, saturation } = await textHue(badge);
      if (colour === 'grey') {
        expect(saturation, 'refunded is grey').toBeLessThan(0.2);
      } else {
        expect(saturation, `${colour} is a colour`).toBeGreaterThan(0.4);
        // Reds sit either side of 0 degrees.
        const h = hue > 330 ? hue - 360 : hue;
        const what = `${order.status} badge is ${colour} (hue ${Math.round(hue)})`;
        expect(h, what).toBeGreaterThanOrEqual(from);
        expect(h, what).toBeLessThanOrEqual(to);
      }
    }

    const newest = newestFirst[0];
    if (!newest) throw new Error('no orders');
    await rows.first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/orders/${newest.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${newest.orderNumber}` }).waitFor();
    expect(await page.title()).toBe(`Order ${newest.orderNumber} | Studio`);
    await page.context().close();
  });

  it('pages through a long history, each page at its own address', async () => {
    const customer = await signUpCustomer();
    const ebook = await createProduct({
      name: 'Mixing Notes PDF',
      category: 'digital',
      priceCents: 900,
      stock: 50,
    });
    const placed: OrderFixture[] = [];
    for (let i = 0; i < 11; i++) {
      placed.push(await placeOrder(customer, [{ productId: ebook.id, quantity: 1 }]));
    }
    const page = await open(customer, '/orders');
    const rows = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    const pages = page.getByRole('navigation', { name: 'Order pages' });
    expect(await readText(pages)).toContain('Page 1 of 2');
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText('Page 2 of 2').waitFor();
    expect(await rows.count()).toBe(1);
    // The oldest order is alone on the last page.
    expect(await readText(rows.first())).toContain(placed[0]?.orderNumber);

    await pages.getByRole('link', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await rows.count()).toBe(10);
    await page.context().close();
  });

  it('shows an empty state that leads to the shop', async () => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/orders');
    await page.getByText('You have no orders yet').waitFor();
    const shop = page.getByRole('link', { name: 'Visit the shop' });
    expect(await shop.getAttribute('href')).toBe('/#shop');
    await shop.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#shop');
    await page.context().close();
  });

  it('shows a spinner while loading, an error it can retry, then the orders', async () => {
    const { customer, orders } = await customerWithEveryStatus();
    const page = await newPage(customer);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/orders',
      async (route) => {
        await held;
        if (failing) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
        else await route.continue();
      },
    );
    await page.goto(`${b.baseUrl()}/orders`);
    await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await readText(alert)).toContain('Your orders could not be loaded. Please try again.');

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('list', { name: 'Your orders' })
      .getByText(orders[0]?.orderNumber ?? '')
      .waitFor();
    await page.context().close();
  });
});

describe('/orders/:id', () => {
  it('shows items, totals, tracking, the address and the status history', async () => {
    const customer = await signUpCustomer();
    const { order, trackingNumber } = await shippedOrder(customer);
    const page = await open(customer, `/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
    const main = page.locator('main');
    await main.getByText(`Placed ${localDate(order.createdAt)}`, { exact: true }).waitFor();
    // The badge comes first; the status history repeats the word.
    expect(await main.getByText('Shipped', { exact: true }).count()).toBe(2);

    const items = page.getByRole('region', { name: 'Items' });
    const rows = items.getByRole('row');
    expect(await rows.count()).toBe(order.items.length + 1);
    expect(await readText(rows.first())).toBe('Item Qty Price Total');
    for (const [i, item] of order.items.entries()) {
      const cells = rows.nth(i + 1).getByRole('cell');
      expect(await readText(cells.nth(0))).toBe(`${item.name} SKU ${item.product.sku}`);
      expect(await readText(cells.nth(1))).toBe(String(item.quantity));
      expect(await readText(cells.nth(2))).toBe(item.price);
      expect(await readText(cells.nth(3))).toBe(item.lineTotal);
    }
    expect(order.items.map((i) => i.quantity).sort()).toEqual([1, 2]);
    expect(await readText(items.locator('dl'))).toBe(
      `Subtotal ${order.subtotal} Shipping ${order.shippingCost} Tax ${order.tax} Total ${order.total}`,
    );

    const tracking = page.getByRole('region', { name: 'Tracking' });
    expect(await readText(tracking)).toContain(
      `Carrier UPS Method Express (2-3 days) Tracking number ${trackingNumber}`,
    );
    const track = tracking.getByRole('link', { name: /Track with UPS/ });
    expect(await track.getAttribute('href')).toBe(
      `https://www.ups.com/track?tracknum=${trackingNumber}`,
    );
    expect(await track.getAttribute('target')).toBe('_blank');
    expect((await track.getAttribute('rel'))?.split(' ').sort()).toEqual([
      'noopener',
      'noreferrer',
    ]);

    const address = page.getByRole('region', { name: 'Shipping address' });
    expect(await readText(address)).toBe(
      'Shipping address Casey Customer 12 Harbour Street Portland, OR 97201 +15035550100',
    );

    const history = page.getByRole('region', { name: 'Status history' });
    expect(order.history.map((h) => h.status)).toEqual(['pending', 'paid', 'shipped']);
    // The customer placed it; the store marked it paid and shipped it.
    expect(order.history.map((h) => h.source)).toEqual(['customer', 'admin', 'admin']);
    const sources = { customer: 'Customer', admin: 'Store' } as Record<string, string>;
    const labels = { pending: 'Pending', paid: 'Paid', shipped: 'Shipped' } as Record<
      string,
      string
    >;
    expect(await readText(history)).toBe(
      squash(
        `Status history ${order.history.map((h) => `${labels[h.status]} ${localDateTime(h.at)} · ${sources[h.source]}`).join(' ')}`,
      ),
    );

    expect(await page.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.context().close();
  });

  it('offers "Pay now" on an unpaid order, to /checkout?orderId=', async () => {
    const customer = await signUpCustomer();
    const { book } = await bookAndShirt();
    const order = await placeOrder(customer, [{ productId: book.id, quantity: 1 }], {
      ...SHIPPING_ADDRESS,
    });
    const page = await open(customer, `/orders/${order.id}`);
    const note = page.getByRole('note').filter({ hasText: 'Awaiting payment' });
    await note.waitFor();
    expect(await readText(note)).toContain('This order has not been paid yet.');
    const pay = note.getByRole('link', { name: 'Pay now' });
    expect(await pay.getAttribute('href')).toBe(`/checkout?orderId=${order.id}`);
    // No tracking before it ships.
    expect(await page.getByRole('region', { name: 'Tracking' }).count()).toBe(0);
    await page.context().close();
  });

  it.each([1440, 390])(
    'cancels an unpaid order at %i px after asking: the items go back to the shop, the page says Cancelled',
    async (width) => {
      const customer = await signUpCustomer();
      const { book } = await bookAndShirt();
      const order = await placeOrder(customer, [{ productId: book.id, quantity: 3 }], {
        ...SHIPPING_ADDRESS,
      });
      const admin = await signInAdmin();
      const stock = async () =>
        (
          await apiCall<{ product: { stock: number } }>(
            'GET',
            `/admin/products/${book.id}`,
            undefined,
            admin.token,
          )
        ).product.stock;
      expect(await stock()).toBe(47);
      const page = await open(customer, `/orders/${order.id}`, width);
      const note = page.getByRole('note').filter({ hasText: 'Awaiting payment' });
      await note.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
      await dialog.waitFor();
      expect(await readText(dialog)).toContain('The items you hold go back to the shop');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await b.screenshot(page, `order-cancel-confirm-${width}`);
      // Keep order changes nothing.
      await dialog.getByRole('button', { name: 'Keep order' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await getOrder(customer, order.id)).status).toBe('pending');

      await note.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByText('Order cancelled. Its items are back in stock.').waitFor();
      await note.waitFor({ state: 'detached' });
      await page.getByText('Cancelled', { exact: true }).first().waitFor();
      expect((await getOrder(customer, order.id)).status).toBe('cancelled');
      expect(await stock()).toBe(50);
      await b.screenshot(page, `order-cancelled-${width}`);
      await page.context().close();
    },
  );

  it.each([
    ['another customer’s order', 'other'],
    ['an id that does not exist', '6f1c1b1e-8a8f-4c71-9d55-2f2d3c1b0a99'],
    ['a malformed id', 'not-an-order'],
  ])('says "Order not found" for %s, with a way back', async (_, which) => {
    const owner = await signUpCustomer();
    const { book } = await bookAndShirt();
    const theirs = await placeOrder(owner, [{ productId: book.id, quantity: 1 }], {
      ...SHIPPING_ADDRESS,
    });
    const customer = await signUpCustomer();
    const id = which === 'other' ? theirs.id : which;
    const page = await open(customer, `/orders/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    expect(await page.getByText(theirs.orderNumber).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/orders/${id}`);
    await page.getByRole('link', { name: 'Back to your orders' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.getByText('You have no orders yet').waitFor();
    await page.context().close();
  });
});

describe('/profile: details', () => {
  it('saves names and phone: toast, header, after a reload and in /api/auth/me', async () => {
    const customer = await signUpCustomer({ firstName: 'Casey', lastName: 'Customer' });
    const page = await open(customer, '/profile');
    await field(page, 'First name').fill('Jordan');
    await field(page, 'Last name').fill('Lee');
    await field(page, 'Phone (optional)').fill('+447700900123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'success', 'Profile updated').waitFor();
    await page.getByRole('button', { name: 'Account: Jordan' }).waitFor();
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText('Jordan Lee').waitFor();
    await account.getByText('+447700900123').waitFor();
    expect(JSON.parse((await storedSession(page)).user ?? '{}').firstName).toBe('Jordan');

    await page.reload();
    await page.getByRole('region', { name: 'Account' }).getByText('Jordan Lee').waitFor();
    expect(await field(page, 'First name').inputValue()).toBe('Jordan');
    expect(await field(page, 'Last name').inputValue()).toBe('Lee');
    expect(await field(page, 'Phone (optional)').inputValue()).toBe('+447700900123');
    const me = await apiCall<{ user: { firstName: string; lastName: string; phone: string } }>(
      'GET',
      '/auth/me',
      undefined,
      customer.token,
    );
    expect(me.user).toMatchObject({ firstName: 'Jordan', lastName: 'Lee', phone: '+447700900123' });

    // An emptied phone removes it.
    await field(page, 'Phone (optional)').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('region', { name: 'Account' }).getByText('Not given').waitFor();
    const after = await apiCall<{ user: { phone: string | null } }>(
      'GET',
      '/auth/me',
      undefined,
      customer.token,
    );
    expect(after.user.phone).toBeNull();
    await page.context().close();
  });

  it.each([
    ['First name', '', 'First name is required'],
    ['First name', 'A', 'First name must be at least 2 characters'],
    ['Last name', 'B', 'Last name must be at least 2 characters'],
    ['Phone (optional)', '0123', 'Invalid phone number'],
    ['Phone (optional)', '+1234567890123456789', 'Invalid phone number'],
  ])('%s %j: "%s", nothing sent', async (label, value, text) => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/profile')) sent = true;
    });
    await field(page, label).fill(value);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(text, { exact: true }).waitFor();
    expect(sent).toBe(false);
    await page.context().close();
  });

  it.each([
    [
      400,
      'application/json',
      JSON.stringify({ message: 'Phone numbers from here are refused' }),
      'Phone numbers from here are refused',
    ],
    [500, 'text/plain', 'oops', 'Profile update failed'],
  ])('on a %i shows "%s"', async (status, contentType, body, text) => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    await page.route('**/api/auth/profile', (route) =>
      route.fulfill({ status, contentType, body }),
    );
    await field(page, 'First name').fill('Jordan');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'error', text).waitFor();
    await page.context().close();
  });
});

describe('/profile: password', () => {
  it.each([
    ['', 'NewPass123', 'NewPass123', 'Current password is required'],
    ['Customer123', 'abc', 'abc', 'Password must be at least 6 characters'],
    [
      'Customer123',
      'abcdefg1',
      'abcdefg1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
    ['Customer123', 'NewPass123', '', 'Please confirm your password'],
    ['Customer123', 'NewPass123', 'NewPass124', 'Passwords do not match'],
    [
      'Customer123',
      'Customer123',
      'Customer123',
      'Choose a new password that differs from the current one',
    ],
  ])('current %j, new %j, confirm %j: "%s", nothing sent', async (current, next, confirm, text) => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/password')) sent = true;
    });
    await field(page, 'Current password').fill(current);
    await field(page, 'New password').fill(next);
    await field(page, 'Confirm new password').fill(confirm);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(text, { exact: true }).waitFor();
    expect(sent).toBe(false);
    await page.context().close();
  });

  it('shows the server message for a wrong current password', async () => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    await field(page, 'Current password').fill('NotMyPassword1');
    await field(page, 'New password').fill('NewPass123');
    await field(page, 'Confirm new password').fill('NewPass123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'error', 'Current password is incorrect').waitFor();
    const form = page.locator('form').filter({ has: field(page, 'Current password') });
    await form.getByText('Current password is incorrect', { exact: true }).waitFor();
    // Nothing changed: the old password still signs in.
    await signIn(customer.user.email, customer.password);
    await page.context().close();
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    await field(page, 'Current password').fill(customer.password);
    await field(page, 'New password').fill('Fresh2Pass');
    await field(page, 'Confirm new password').fill('Fresh2Pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'success', 'Password changed').waitFor();
    expect(await field(page, 'New password').inputValue()).toBe('');

    await signIn(customer.user.email, 'Fresh2Pass');
    await expect(signIn(customer.user.email, customer.password)).rejects.toThrow('401');
    // This browser's session was kept.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.context().close();
  });
});

describe('/profile: sign out of all devices', () => {
  it('asks first, and Cancel keeps everyone signed in', async () => {
    const customer = await signUpCustomer();
    const page = await open(customer, '/profile');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await apiCall('GET', '/auth/me', undefined, customer.token);
    expect((await storedSession(page)).token).toBe(customer.token);
    await page.context().close();
  });

  it('ends every session, this one and another device’s, and lands on /login', async () => {
    const customer = await signUpCustomer();
    const elsewhere = await signIn(customer.user.email, customer.password);
    await apiCall('GET', '/auth/me', undefined, elsewhere.token);
    const page = await open(customer, '/profile');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await toast(page, 'success', 'Signed out of all devices').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // Signed out is not "expired": the sign-in page shows no red box.
    expect(await page.getByRole('alert').filter({ hasText: 'Could not sign in' }).count()).toBe(0);
    await expect(apiCall('GET', '/auth/me', undefined, elsewhere.token)).rejects.toThrow('401');
    await expect(apiCall('GET', '/auth/me', undefined, customer.token)).rejects.toThrow('401');
    await page.context().close();
  });
});

describe.each([390, 1440])('account pages at %i px', (width) => {
  it('have no serious axe violations, no sideways scroll, and look right', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { customer } = await customerWithEveryStatus();
    const { order } = await shippedOrder(customer);
    const pending = (
      await apiCall<{ orders: OrderFixture[] }>('GET', '/orders', undefined, customer.token)
    ).orders.find((o) => o.status === 'pending');
    const pages: [name: string, urlPath: string, heading: string][] = [
      ['orders', '/orders', 'Orders'],
      ['order-shipped', `/orders/${order.id}`, `Order ${order.orderNumber}`],
      ['order-pending', `/orders/${pending?.id}`, `Order ${pending?.orderNumber}`],
      ['order-not-found', '/orders/not-an-order', 'Order not found'],
      ['profile', '/profile', 'Profile'],
    ];
    for (const [name, urlPath, heading] of pages) {
      const page = await open(customer, urlPath, width);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page), `${urlPath} at ${width}`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${urlPath} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });

      if (name === 'profile') {
        await page.getByRole('button', { name: 'Sign out of all devices' }).click();
        await page.getByRole('dialog', { name: 'Sign out of all devices?' }).waitFor();
        // Past Mantine's 200 ms opening transition, so colours are final.
        await page.waitForTimeout(400);
        expect(await seriousAxeViolations(page), `sign-out dialog at ${width}`).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `profile-dialog-${width}.png`) });
      }
      await page.context().close();
    }
  });
});
