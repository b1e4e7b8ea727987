import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { serveConsole } from './console-server.ts';
import { ADMIN } from './fixtures.ts';
import { type BridgeState, freshBridgeState, stubBridge } from './stub-bridge.ts';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../out/renderer');
const shotsDir = process.env.CONSOLE_SHOTS ?? '/tmp/console-shots';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveConsole>>;
let state: BridgeState;
let page: Page;
/** Errors the page logged: a CSP violation or a crash fails the test. */
let pageErrors: string[];

async function api<T>(method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(`${inject('apiUrl')}/api${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function openConsole(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(msg.text());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('response', (res) => {
    if (res.status() >= 400) pageErrors.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await stubBridge(page, state);
  await page.goto(server.url);
  return page;
}

/** A form field by its label; Mantine appends " *" to required ones. */
const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Waits for the locator to show, then hands it back. */
async function shown(locator: Locator): Promise<Locator> {
  await locator.first().waitFor();
  return locator;
}

async function selectedTab(p: Page): Promise<string | null> {
  return (await shown(p.getByRole('tab', { selected: true }))).first().textContent();
}

async function signIn(p: Page, email: string = ADMIN.email, password: string = ADMIN.password) {
  await field(p, 'Server address').fill(inject('apiUrl'));
  await field(p, 'Email').fill(email);
  await field(p, 'Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

async function shot(p: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await p.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  server = await serveConsole({ rendererDir, apiBase: () => state.apiBase });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  await page?.context().close();
  // Under the renderer's CSP (header and meta): Mantine's styles, the app's scripts and its
  // calls all load without a violation, and nothing threw.
  expect(pageErrors).toEqual([]);
});

describe('the console renderer', () => {
  beforeEach(() => {
    pageErrors = [];
    state = freshBridgeState();
  });

  it('signs an admin in and mounts the dashboard on its Orders tab', async () => {
    const p = await openConsole();

    await shown(p.getByRole('heading', { name: 'Studio Console' }));
    expect(await field(p, 'Server address').inputValue()).toBe('http://localhost:3000');
    await shot(p, 'sign-in');

    await signIn(p);

    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(await selectedTab(p)).toBe('Orders');
    await shown(p.getByText('Signed in as Studio.', { exact: false }));
    await shown(p.getByText(inject('apiUrl'), { exact: true }));
    // The Orders tab's own calls settle before the picture.
    await p.waitForLoadState('networkidle');
    await shot(p, 'dashboard');

    // The bridge was told the server, then given the token to keep; the token works.
    expect(state.apiBase).toBe(inject('apiUrl'));
    expect(state.session?.adminName).toBe('Studio');
    const me = await api<{ user: { role: string } }>(
      'GET',
      '/auth/me',
      undefined,
      state.session?.token,
    );
    expect(me.body.user.role).toBe('admin');
  });

  it('restores a kept session at start, without the sign-in screen', async () => {
    const login = await api<{ token: string }>('POST', '/auth/login', ADMIN);
    state.apiBase = inject('apiUrl');
    state.session = { apiBase: state.apiBase, token: login.body.token, adminName: 'Studio' };

    const p = await openConsole();

    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(await selectedTab(p)).toBe('Orders');
    expect(await field(p, 'Server address').count()).toBe(0);
  });

  it('saves an export through the main process (its save dialog), with the tab’s filter', async () => {
    const login = await api<{ token: string }>('POST', '/auth/login', ADMIN);
    state.apiBase = inject('apiUrl');
    state.session = { apiBase: state.apiBase, token: login.body.token, adminName: 'Studio' };
    state.nextExport = { outcome: 'saved', path: '/home/staff/orders.csv', bytes: 1234 };
    const p = await openConsole();
    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    await p.getByRole('combobox', { name: 'Status' }).click();
    await p.getByRole('option', { name: 'Paid', exact: true }).click();
    await p.getByRole('button', { name: 'Export CSV' }).click();
    await p.getByRole('menuitem', { name: 'Orders, one row each' }).click();
    await shown(p.getByText('Orders saved to /home/staff/orders.csv'));
    // The renderer names the export and its filter, never a path or the token.
    expect(state.calls.filter((c) => c.channel === 'export:save')).toEqual([
      {
        channel: 'export:save',
        payload: { kind: 'orders', query: { status: 'paid', sort: 'createdAt', dir: 'desc' } },
      },
    ]);
  });

  it('shows the back office tabs of the shared dashboard: Customers and Audit with the API’s data', async () => {
    const login = await api<{ token: string }>('POST', '/auth/login', ADMIN);
    state.apiBase = inject('apiUrl');
    state.session = { apiBase: state.apiBase, token: login.body.token, adminName: 'Studio' };
    const p = await openConsole();
    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    const tabs = await p.getByRole('tab').allTextContents();
    expect(tabs).toEqual(expect.arrayContaining(['Customers', 'Audit']));

    await p.getByRole('tab', { name: 'Customers' }).click();
    // The seeded admin is listed, found by the tab's search through the real API.
    await p.getByLabel('Search customers').fill(ADMIN.email);
    await shown(p.getByText(ADMIN.email, { exact: true }).first());

    await p.getByRole('tab', { name: 'Audit' }).click();
    expect(await selectedTab(p)).toBe('Audit');
    await shown(p.getByLabel('Person').first());
    expect(pageErrors).toEqual([]);
  });

  it('drops a kept session the server has ended, and keeps one it cannot check yet', async () => {
    state.apiBase = inject('apiUrl');
    state.session = { apiBase: state.apiBase, token: 'a'.repeat(32), adminName: 'Studio' };
    let p = await openConsole();

    await shown(p.getByRole('alert').filter({ hasText: 'Session expired' }));
    expect(state.session).toBeNull();
    await p.context().close();

    // The server is down (nothing listens on port 9 here): the session is kept for later.
    state.apiBase = 'http://127.0.0.1:9';
    state.session = { apiBase: state.apiBase, token: 'b'.repeat(32), adminName: 'Studio' };
    p = await openConsole();

    await shown(
      p.getByRole('alert').filter({ hasText: 'Could not reach the server at http://127.0.0.1:9.' }),
    );
    expect(state.session).not.toBeNull();
    expect(await field(p, 'Server address').inputValue()).toBe('http://127.0.0.1:9');
    pageErrors = pageErrors.filter((e) => !/\b(401|502)\b/.test(e));
  });

  it('refuses a customer account with a clear message and keeps no session', async () => {
    const email = `casey-${Date.now()}@example.com`;
    await api('POST', '/auth/register', {
      firstName: 'Casey',
      lastName: 'Customer',
      email,
      password: 'Customer123',
    });
    const p = await openConsole();

    await signIn(p, email, 'Customer123');

    await shown(p.getByRole('alert').filter({ hasText: 'This account is not an admin' }));
    expect(state.session).toBeNull();
    expect(await p.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it("shows the server's message for a wrong password, and a hint for a bad address", async () => {
    const p = await openConsole();

    await signIn(p, ADMIN.email, 'WrongPass123');
    await shown(p.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    pageErrors = pageErrors.filter((e) => !e.includes('401'));

    await field(p, 'Server address').fill('ftp://files.example');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await shown(p.getByText('Enter the server address, e.g. https://studio.example'));
  });

  it('imports subscribers from a local CSV after a preview', async () => {
    const p = await openConsole();
    await signIn(p);
    const tag = Date.now().toString(36);
    state.nextFile = {
      name: 'list.csv',
      text: [
        '\uFEFFName,Email',
        `"Lovelace, Ada",ada.${tag}@example.com`,
        `Bob,BOB.${tag}@example.org`,
        `Ada again,ADA.${tag}@Example.com`,
        'Broken,broken@',
      ].join('\r\n'),
    };

    await p.getByRole('button', { name: 'Import subscribers' }).click();
    await p.getByRole('button', { name: 'Choose a CSV or TXT file…' }).click();

    const drawer = p.getByRole('dialog', { name: 'Import subscribers' });
    await shown(drawer.getByText('2 valid', { exact: true }));
    await shown(drawer.getByText('1 duplicate', { exact: true }));
    await shown(drawer.getByText('1 invalid', { exact: true }));
    await shown(drawer.getByText('Line 1 has no address and is read as the column headings.'));
    await drawer.getByRole('tab', { name: 'Invalid (1)' }).click();
    await shown(drawer.getByRole('row', { name: '5 broken@ Not a valid e-mail address' }));
    await drawer.getByRole('tab', { name: 'Duplicates (1)' }).click();
    await shown(drawer.getByRole('row', { name: `4 ada.${tag}@example.com 2` }));
    await shot(p, 'subscribers-preview');

    await drawer.getByRole('button', { name: 'Import 2 addresses' }).click();

    await shown(drawer.getByRole('status').filter({ hasText: '2 new subscribers added.' }));
    const list = await api<{ subscribers: string[] }>(
      'GET',
      '/contact/subscribers',
      undefined,
      state.session?.token,
    );
    const emails = list.body.subscribers;
    expect(emails).toContain(`ada.${tag}@example.com`);
    expect(emails).toContain(`bob.${tag}@example.org`);
    expect(emails).not.toContain('broken@');
  });

  it("uses the site's colour tokens, and its toasts leave the bars' buttons uncovered", async () => {
    const p = await openConsole();
    await signIn(p);
    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    // The shared theme's dark tokens (@studio/site/theme), not Mantine's under-4.5:1 ones.
    const token = (name: string) =>
      p.evaluate(
        (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
        name,
      );
    expect(await token('--mantine-color-placeholder')).toBe('#9e9e9e');
    expect(await token('--mantine-color-anchor')).toBe('#b197fc');

    await p.getByRole('tab', { name: 'Mass Email' }).click();
    await p.getByRole('button', { name: 'Load subscribers' }).click();
    const toast = p.locator('[data-toast-type="success"]', { hasText: /Loaded \d+ subscriber/ });
    await shown(toast);
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.waitForTimeout(300);
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    for (const name of ['Import subscribers', 'Print report', 'Logout']) {
      const button = await p.getByRole('button', { name, exact: true }).boundingBox();
      if (!button) throw new Error(`${name} has no box`);
      const covered =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(covered, `the toast covers ${name}`).toBe(false);
    }
    await shot(p, 'toast');
  });

  it('logs out: the session ends on the server too, and the sign-in screen returns', async () => {
    const p = await openConsole();
    await signIn(p);
    const token = state.session?.token;

    await p.getByRole('button', { name: 'Logout' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();

    await shown(p.getByRole('button', { name: 'Sign in' }));
    expect(state.session).toBeNull();
    expect((await api('GET', '/auth/me', undefined, token)).status).toBe(401);
    // The address is remembered for the next sign-in.
    expect(await field(p, 'Server address').inputValue()).toBe(inject('apiUrl'));
  });

  it('goes back to sign-in with "Session expired" when the server ends the session', async () => {
    const p = await openConsole();
    await signIn(p);
    await shown(p.getByRole('heading', { name: 'Admin Dashboard' }));
    // Signed out elsewhere (password change, sign-out everywhere).
    await api('POST', '/auth/logout', undefined, state.session?.token);
    state.nextFile = { name: 'one.txt', text: 'someone@example.com\n' };

    await p.getByRole('button', { name: 'Import subscribers' }).click();
    await p.getByRole('button', { name: 'Choose a CSV or TXT file…' }).click();
    await p.getByRole('button', { name: 'Import 1 address' }).click();

    await shown(p.getByRole('alert').filter({ hasText: 'Session expired' }));
    await shown(p.getByRole('button', { name: 'Sign in' }));
    expect(state.session).toBeNull();
    pageErrors = pageErrors.filter((e) => !e.includes('401'));
  });
});
