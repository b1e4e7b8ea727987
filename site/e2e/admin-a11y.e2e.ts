import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { type AxeViolation, seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { peers } from './peers.ts';
import { baseUrl } from './stack.ts';

const b = setupBrowser();
const SHOTS = process.env.ADMIN_A11Y_SHOTS ?? '/tmp/admin-a11y-shots';
const WIDTHS = [1440, 390] as const;

let admin: SessionUser;
let refused: string;
let pendingNumber = '';
let paidNumber = '';
let paypalNumber = '';
let blastSubject = '';
let submitter = '';
let customerName = '';

async function sendBlast(subject: string, to: string) {
  const form = new FormData();
  form.append('emails', to);
  form.append('subject', subject);
  form.append('message', 'Hello from the sweep');
  const res = await fetch(`${baseUrl()}/api/events/admin/send-email-blast`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`blast: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signInAdmin();
  const { id: productId } = await createProduct({
    name: `Sweep Handbook ${randomUUID().slice(0, 4)}`,
    category: 'book',
    priceCents: 2450,
    stock: 50,
  });
  const surname = `Sweep${randomUUID().slice(0, 4)}`;
  const customer = await signUpCustomer({ firstName: 'Orla', lastName: surname });
  customerName = `Orla ${surname}`;
  const pending = await placeOrder(customer, [{ productId, quantity: 1 }], SHIPPING_ADDRESS);
  const paid = await placeOrder(customer, [{ productId, quantity: 2 }], SHIPPING_ADDRESS);
  await setOrderStatus(paid.id, 'paid');
  pendingNumber = pending.orderNumber;
  paidNumber = paid.orderNumber;
  // Paid through PayPal (the stand-in approves it): something to refund.
  const viaPaypal = await placeOrder(customer, [{ productId, quantity: 1 }], SHIPPING_ADDRESS);
  const paypal = await apiCall<{ orderId: string }>(
    'POST',
    '/payments/paypal/orders',
    { orderId: viaPaypal.id },
    customer.token,
  );
  await peers.approvePaypal(paypal.orderId);
  await apiCall(
    'POST',
    '/orders/execute-payment',
    { paymentId: paypal.orderId, payerId: 'PAYER1', orderId: viaPaypal.id },
    customer.token,
  );
  paypalNumber = viaPaypal.orderNumber;
  submitter = `Sweep Submitter ${randomUUID().slice(0, 4)}`;
  await submitProject({
    name: submitter,
    email: 'sweep.submitter@example.com',
    service: 'Song Mix',
    notes: 'A song to mix, about four minutes long.',
  });
  blastSubject = `Sweep news ${randomUUID().slice(0, 4)}`;
  await sendBlast(blastSubject, `sweep.${randomUUID().slice(0, 6)}@example.com`);
  // A mail the server refuses for good: the admin's mail notice and its modal show.
  refused = `refused.${randomUUID().slice(0, 8)}@example.net`;
  await peers.refuseMail(refused);
  await apiCall('POST', '/contact/newsletter', { email: refused });
});

// Leaves no mail needing a look for the next file on this API stack (admin-mail.e2e.ts counts
// them): the refused address is accepted again and its mail sent.
afterAll(async () => {
  await peers.refuseMail(refused, false);
  const { mails } = await apiCall<{ mails: { id: string; to: string }[] }>(
    'GET',
    '/admin/mail?status=attention&pageSize=100',
    undefined,
    admin.token,
  );
  for (const mail of mails.filter((m) => m.to === refused)) {
    await apiCall('POST', `/admin/mail/${mail.id}/resend`, undefined, admin.token);
  }
});

async function openAdmin(width: number): Promise<Page> {
  const page = await b.page(width, 900);
  page.setDefaultTimeout(15_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

/** The tabs the dashboard shows, read from the page: tabs added later are swept too. */
async function adminTabs(page: Page): Promise<string[]> {
  const tabs = page.locator('.admin-app').getByRole('tablist').first().getByRole('tab');
  await tabs.first().waitFor();
  return (await tabs.allTextContents()).map((t) => t.trim());
}

/** Waits until nothing loads: no request in flight, no skeleton, nothing busy. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"], .mantine-Skeleton-root[data-visible]') === null,
    undefined,
    { timeout: 15_000 },
  );
}

const slug = (text: string) => text.toLowerCase().replace(/\W+/g, '-');

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/**
 * Elements inside `scope` that scroll sideways (content wider than their box), as
 * "tag.class: N px": on a phone nothing in the dashboard should need a sideways swipe.
 */
function sidewaysScroll(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const over = el.scrollWidth - el.clientWidth;
      const { overflowX } = getComputedStyle(el);
      if (over > 1 && (overflowX === 'auto' || overflowX === 'scroll')) {
        const cls = [...el.classList].slice(0, 2).join('.');
        found.push(`${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}: ${over} px`);
      }
    }
    return found;
  });
}

/** No serious axe violation on the page, and nothing wider than the screen. */
async function check(page: Page, where: string, width: number) {
  const violations: AxeViolation[] = await seriousAxeViolations(page);
  expect.soft(violations, `axe: ${where}`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `page width: ${where}`).toBeLessThanOrEqual(width);
}

/** The dialog lies inside the screen's width and nothing in it scrolls sideways. */
async function fitsScreen(dialog: Locator, width: number, where: string) {
  const box = await dialog.boundingBox();
  expect.soft(box, `dialog box: ${where}`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `dialog left: ${where}`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `dialog right: ${where}`).toBeLessThanOrEqual(width + 0.5);
  expect.soft(await sidewaysScroll(dialog), `sideways scroll in: ${where}`).toEqual([]);
}

/** Boxes that share any area. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** WCAG contrast of two computed CSS colours (rgb/rgba, opaque). */
function contrast(fg: string, bg: string): number {
  const lum = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const [lr, lg, lb] = [r, g, b].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Hue (0-360) of a computed rgb() colour. */
function hue(css: string): number {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const adminTab = (page: Page, name: string) =>
  page.locator('.admin-app').getByRole('tab', { name, exact: true });

async function openTab(page: Page, name: string) {
  await adminTab(page, name).click();
  await settle(page);
}

/** The dialog named `name`, once it is open and its content has loaded. */
async function dialogNamed(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settle(page);
  return dialog;
}

async function searchOrder(page: Page, orderNumber: string) {
  await page.getByLabel('Search orders').fill(orderNumber);
  await page.locator(`[data-order-number="${orderNumber}"]`).first().waitFor();
  await settle(page);
}

async function openOrder(page: Page, orderNumber: string) {
  await searchOrder(page, orderNumber);
  await page.getByRole('button', { name: `Open order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await dialog.getByRole('region', { name: 'Items' }).waitFor();
  await settle(page);
  return dialog;
}

/**
 * Every modal the seeded data reaches, from the tab that opens it. A tab that adds a modal adds
 * its row here; the tabs themselves are read from the page (see 'every tab' below).
 */
const MODALS: { name: string; tab: string; open: (page: Page) => Promise<Locator> }[] = [
  {
    name: 'order detail',
    tab: 'Orders',
    open: (page) => openOrder(page, pendingNumber),
  },
  {
    name: 'add shipping',
    tab: 'Orders',
    open: async (page) => {
      const detail = await openOrder(page, paidNumber);
      await detail.getByRole('button', { name: 'Add Shipping Info' }).click();
      return dialogNamed(page, `Add Shipping Info · ${paidNumber}`);
    },
  },
  {
    name: 'refund',
    tab: 'Orders',
    open: async (page) => {
      const detail = await openOrder(page, paypalNumber);
      await detail
        .getByRole('region', { name: 'Refunds' })
        .getByRole('button', { name: 'Refund' })
        .click();
      return dialogNamed(page, `Refund · Order ${paypalNumber}`);
    },
  },
  {
    name: 'print report',
    tab: 'Orders',
    open: async (page) => {
      await page.getByRole('button', { name: 'Print report' }).click();
      const dialog = await dialogNamed(page, 'Print report');
      await dialog.getByRole('button', { name: 'Generate report' }).click();
      await dialog.getByRole('article', { name: /sales report/ }).waitFor();
      await dialog.locator('.recharts-surface').first().waitFor();
      await settle(page);
      return dialog;
    },
  },
  {
    name: 'log out',
    tab: 'Orders',
    open: async (page) => {
      await page.getByRole('button', { name: 'Logout' }).click();
      return dialogNamed(page, 'Log out?');
    },
  },
  {
    name: 'mail needing a look',
    tab: 'Orders',
    open: async (page) => {
      await page.getByRole('button', { name: 'Review the e-mails that need a look' }).click();
      return dialogNamed(page, 'E-mails that need a look');
    },
  },
  {
    name: 'create event',
    tab: 'Events',
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Event' }).click();
      return dialogNamed(page, 'Create Event');
    },
  },
  {
    name: 'edit event',
    tab: 'Events',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit' }).first().click();
      return dialogNamed(page, 'Edit Event');
    },
  },
  {
    name: 'delete event',
    tab: 'Events',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete' }).first().click();
      return dialogNamed(page, 'Delete event?');
    },
  },
  {
    name: 'blast detail',
    tab: 'Mass Email',
    open: async (page) => {
      await page.getByRole('button', { name: `Details of ${blastSubject}` }).click();
      return dialogNamed(page, `Email blast: ${blastSubject}`);
    },
  },
  {
    name: 'new product',
    tab: 'Products',
    open: async (page) => {
      await page.getByRole('button', { name: 'New product' }).click();
      return dialogNamed(page, 'New product');
    },
  },
  {
    name: 'edit product',
    tab: 'Products',
    open: async (page) => {
      await page
        .getByRole('table', { name: 'Products' })
        .getByRole('button', { name: 'Edit' })
        .first()
        .click();
      return dialogNamed(page, /^Edit /);
    },
  },
  {
    name: 'product images',
    tab: 'Products',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Images \(/ })
        .first()
        .click();
      return dialogNamed(page, /^Images of /);
    },
  },
  {
    name: 'deactivate product',
    tab: 'Products',
    open: async (page) => {
      await page.getByRole('button', { name: 'Deactivate' }).first().click();
      return dialogNamed(page, 'Deactivate product?');
    },
  },
  {
    name: 'edit service',
    tab: 'Services',
    open: async (page) => {
      await page
        .getByRole('table', { name: 'Services' })
        .getByRole('button', { name: 'Edit' })
        .first()
        .click();
      return dialogNamed(page, /^Edit /);
    },
  },
  {
    name: 'submission detail',
    tab: 'Submissions',
    open: async (page) => {
      await page.getByRole('button', { name: `View submission from ${submitter}` }).click();
      return dialogNamed(page, `Submission from ${submitter}`);
    },
  },
  {
    name: 'submission project room',
    tab: 'Submissions',
    open: async (page) => {
      await page.getByRole('button', { name: `View submission from ${submitter}` }).click();
      const dialog = await dialogNamed(page, `Submission from ${submitter}`);
      await dialog.getByRole('tab', { name: 'Project room' }).click();
      await dialog.getByRole('heading', { name: 'Thread' }).waitFor();
      await settle(page);
      return dialog;
    },
  },
  {
    name: 'customer detail',
    tab: 'Customers',
    open: (page) => openCustomer(page),
  },
  {
    name: 'make admin',
    tab: 'Customers',
    open: async (page) => {
      const detail = await openCustomer(page);
      await detail.getByRole('button', { name: 'Make admin' }).click();
      return dialogNamed(page, 'Make this account admin?');
    },
  },
];

/** The sweep's customer, from the Customers tab (a table row or, on a phone, a card). */
async function openCustomer(page: Page) {
  await page
    .getByRole('button', { name: new RegExp(`^(Open|View customer) ${customerName}$`) })
    .first()
    .click();
  return dialogNamed(page, new RegExp(`^${customerName}`));
}

describe.each(WIDTHS)('/admin at %i px', (width) => {
  it('every tab: no serious axe violation, nothing scrolls sideways', async () => {
    const page = await openAdmin(width);
    const tabs = await adminTabs(page);
    expect(tabs).toEqual(
      expect.arrayContaining([
        'Orders',
        'Events',
        'Mass Email',
        'Products',
        'Services',
        'Submissions',
      ]),
    );
    for (const tab of tabs) {
      await openTab(page, tab);
      await check(page, `${tab} tab`, width);
      const panel = page.locator('.admin-app').getByRole('tabpanel');
      expect.soft(await sidewaysScroll(panel), `sideways scroll in the ${tab} tab`).toEqual([]);
      await shot(page, `${width}-tab-${slug(tab)}`);
    }
    await page.context().close();
  });

  it.each(MODALS)('$tab: $name', async ({ name, tab, open }) => {
    const page = await openAdmin(width);
    await openTab(page, tab);
    const dialog = await open(page);
    await check(page, name, width);
    await fitsScreen(dialog, width, name);
    await shot(page, `${width}-modal-${slug(name)}`, false);
    // And its end, for the eye: a long modal scrolls inside itself.
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, `${width}-modal-${slug(name)}-end`, false);
    await page.context().close();
  });

  it('the orders list shows number, date, total and status; Pending is yellow', async () => {
    const page = await openAdmin(width);
    await searchOrder(page, pendingNumber);
    const row = page.locator(`[data-order-number="${pendingNumber}"]`);
    const parts = {
      number: row.getByRole('button', { name: `Open order ${pendingNumber}` }),
      date: row.locator('td').nth(2),
      total: row.locator('td').nth(4),
      status: row.locator('[data-status="pending"]'),
    };
    for (const [part, locator] of Object.entries(parts)) {
      expect(await locator.isVisible(), part).toBe(true);
      const box = await locator.boundingBox();
      if (!box) throw new Error(`${part} has no box`);
      expect(box.x, `${part} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${part} ends on screen`).toBeLessThanOrEqual(width);
    }
    expect(await parts.number.textContent()).toBe(pendingNumber);
    expect(await parts.total.textContent()).toMatch(/\$\d+\.\d{2}/);
    expect(await parts.date.textContent()).toMatch(/\d{4}/);
    // Spec 4: pending yellow, as a person would name it, with dark text that reads at 4.5:1.
    const { background, color } = await parts.status.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(hue(background)).toBeGreaterThanOrEqual(40);
    expect(hue(background)).toBeLessThanOrEqual(60);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });

  it('a toast leaves the header buttons uncovered', async () => {
    const page = await openAdmin(width);
    await openTab(page, 'Mass Email');
    await page.getByRole('button', { name: 'Load subscribers' }).click();
    const toast = page.locator('[data-toast-type="success"]', { hasText: /Loaded \d+ subscriber/ });
    await toast.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const toastBox = await toast.boundingBox();
    if (!toastBox) throw new Error('the toast has no box');
    const buttons = [
      page.getByRole('button', { name: 'Print report' }),
      page.getByRole('button', { name: 'Logout' }),
      ...(await page.getByRole('banner').getByRole('button').all()),
      ...(await page.getByRole('banner').getByRole('link').all()),
    ];
    for (const button of buttons) {
      if (!(await button.isVisible())) continue;
      const box = await button.boundingBox();
      if (!box) continue;
      const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
      expect(overlap(toastBox, box), `the toast covers "${name}"`).toBe(false);
    }
    await shot(page, `${width}-toast`, false);
    await page.context().close();
  });

  it("the report's figures fit their boxes", async () => {
    const page = await openAdmin(width);
    const dialog = await MODALS.find((m) => m.name === 'print report')?.open(page);
    if (!dialog) throw new Error('no report');
    const figures = dialog.locator('[data-report-figure]');
    expect(await figures.count()).toBe(4);
    for (const figure of await figures.all()) {
      const fit = await figure.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth),
      );
      expect(fit, `${await figure.textContent()} fits`).toBe(true);
    }
    await page.context().close();
  });
});

describe.each(WIDTHS)('the project form on the landing page at %i px', (width) => {
  it('has no serious axe violation (the file input included)', async () => {
    const page = await b.page(width, 900);
    page.setDefaultTimeout(15_000);
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Your Project' });
    await dialog.getByText('Choose files').waitFor();
    await check(page, 'project form', width);
    await fitsScreen(dialog, width, 'project form');
    await shot(page, `${width}-landing-project-form`, false);
    await page.context().close();
  });
});
