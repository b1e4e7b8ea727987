import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, apiCall, signUpCustomer, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();

/** A form field by its label; Mantine appends " *" to required ones. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

async function fillLogin(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
}

async function openLogin(path = '/login') {
  const page = await b.page();
  await page.goto(`${b.baseUrl()}${path}`);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  return page;
}

async function storedToken(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem('token'),
    session: sessionStorage.getItem('token'),
    user: localStorage.getItem('user') ?? sessionStorage.getItem('user'),
  }));
}

describe('/login', () => {
  it.each([
    ['', 'secret1', 'Email is required'],
    ['not-an-email', 'secret1', 'Invalid email address'],
    ['someone@example.com', '', 'Password is required'],
    ['someone@example.com', '12345', 'Password must be at least 6 characters'],
  ])('email %j, password %j: "%s" under the field, nothing sent', async (email, password, text) => {
    const page = await openLogin();
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) sent = true;
    });
    await fillLogin(page, email, password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(text, { exact: true }).waitFor();
    expect(sent).toBe(false);
    await page.context().close();
  });

  it('shows the server message for wrong credentials, as a toast and in the red box', async () => {
    const page = await openLogin();
    await fillLogin(page, 'nobody@example.com', 'Wrong123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'error', 'Invalid email or password').waitFor();
    const box = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    expect(await box.textContent()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('says "Login failed" when the server answers without a message', async () => {
    const page = await openLogin();
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await fillLogin(page, 'someone@example.com', 'Secret123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'error', 'Login failed').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Could not sign in' }).waitFor();
    await page.context().close();
  });

  it('shows and hides the password', async () => {
    const page = await openLogin();
    const input = field(page, 'Password');
    await input.fill('Secret123');
    expect(await input.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show or hide password' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Show or hide password' }).click();
    expect(await input.getAttribute('type')).toBe('password');
    await page.context().close();
  });

  it('has a forgot-password button that does nothing and a link to register', async () => {
    const page = await openLogin();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account', level: 1 }).waitFor();
    await page.context().close();
  });

  it('sends an admin to /admin with "Welcome back, Admin"', async () => {
    const page = await openLogin();
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'success', 'Welcome back, Admin').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.context().close();
  });

  it('without "remember me" keeps the session for this tab only', async () => {
    const customer = await signUpCustomer();
    const page = await openLogin();
    await fillLogin(page, customer.user.email, customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'success', 'Welcome back').waitFor();
    const stored = await storedToken(page);
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}').email).toBe(customer.user.email);
    // The device cookie (decision 024): out of the page's reach, and sent back with the next
    // sign-in from this origin, as the site's client sends it (same-origin credentials).
    const [device] = (await page.context().cookies()).filter((c) => c.name === 'studio_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(device?.value.startsWith(`${customer.user.id}.`)).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('studio_device');
    const next = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
    await page.evaluate(
      (body) =>
        fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      JSON.stringify({ email: customer.user.email, password: customer.password }),
    );
    expect((await (await next).allHeaders()).cookie).toContain(`studio_device=${device?.value}`);
    // A new tab has its own sessionStorage: signed out there.
    const other = await page.context().newPage();
    await other.goto(`${b.baseUrl()}/orders`);
    await other.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('with "remember me" keeps the session across tabs and browser restarts', async () => {
    const customer = await signUpCustomer();
    const page = await openLogin();
    await fillLogin(page, customer.user.email, customer.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const stored = await storedToken(page);
    expect(stored.local).toBeTruthy();
    expect(stored.session).toBeNull();
    // A "restart": a new browser context from the saved storage.
    const state = await page.context().storageState();
    const browser = page.context().browser();
    await page.context().close();
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ storageState: state });
    const again = await context.newPage();
    await again.goto(`${b.baseUrl()}/orders`);
    await again.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await context.close();
  });
});

describe('/register', () => {
  async function openRegister() {
    const page = await b.page();
    await page.goto(`${b.baseUrl()}/register`);
    await page.getByRole('heading', { name: 'Create an account', level: 1 }).waitFor();
    return page;
  }

  it('lists every required-field message on an empty submit', async () => {
    const page = await openRegister();
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must agree to the Terms of Service and Privacy Policy',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.context().close();
  });

  it.each([
    ['First name', 'A', 'First name must be at least 2 characters'],
    ['Last name', 'B', 'Last name must be at least 2 characters'],
    ['Email', 'nope@', 'Invalid email address'],
    ['Phone (optional)', '0123', 'Invalid phone number'],
    ['Phone (optional)', '+1234567890123456789', 'Invalid phone number'],
    ['Password', 'abc', 'Password must be at least 6 characters'],
    [
      'Password',
      'abcdefg1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
  ])('%s %j: "%s"', async (label, value, text) => {
    const page = await openRegister();
    await field(page, label).fill(value);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(text, { exact: true }).waitFor();
    await page.context().close();
  });

  it('says "Passwords do not match" and sends nothing', async () => {
    const page = await openRegister();
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) sent = true;
    });
    await field(page, 'Password').fill('Secret123');
    await field(page, 'Confirm password').fill('Secret124');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    expect(sent).toBe(false);
    await page.context().close();
  });

  async function fillValid(page: Page, email: string) {
    await field(page, 'First name').fill('Robin');
    await field(page, 'Last name').fill('Rivera');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone (optional)').fill('+15551234567');
    await field(page, 'Password').fill('Secret123');
    await field(page, 'Confirm password').fill('Secret123');
    await page.getByRole('checkbox').check();
  }

  it('registers, says "Registration successful" and goes to /', async () => {
    const page = await openRegister();
    const email = `robin-${Date.now()}@example.com`;
    await fillValid(page, email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'success', 'Registration successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account: Robin' }).waitFor();
    const me = await apiCall<{ user: { phone: string } }>(
      'GET',
      '/auth/me',
      undefined,
      (await storedToken(page)).local ?? '',
    );
    expect(me.user.phone).toBe('+15551234567');
    await page.context().close();
  });

  it('shows the server message for a taken e-mail, and "Registration failed" without one', async () => {
    const taken = await signUpCustomer();
    const page = await openRegister();
    await fillValid(page, taken.user.email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'error', 'An account with this email already exists').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Could not register' }).waitFor();

    await page.route('**/api/auth/register', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }),
    );
    await field(page, 'Email').fill(`other-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'error', 'Registration failed').waitFor();
    await page.context().close();
  });
});

describe('guards and the session', () => {
  it('sends an anonymous visitor from /orders to /login and back after signing in', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await page.goto(`${b.baseUrl()}/orders`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/orders');
    await fillLogin(page, customer.user.email, customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'success', 'Welcome back').waitFor();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.context().close();
  });

  it('ignores a redirect to another site', async () => {
    const customer = await signUpCustomer();
    const page = await openLogin('/login?redirect=//evil.example.com/x');
    await fillLogin(page, customer.user.email, customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(b.baseUrl()).host);
    await page.context().close();
  });

  it('sends a customer who opens /admin to /', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/admin`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows a spinner while the session is checked', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${b.baseUrl()}/orders`);
    await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.context().close();
  });

  it('drops a stale stored session at start with "Session expired", staying on a public page', async () => {
    const page = await b.page();
    await withSession(page, {
      token: 'stale-token',
      user: {
        id: 'x',
        firstName: 'Old',
        lastName: 'User',
        email: 'old@example.com',
        role: 'customer',
      },
    });
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const stored = await storedToken(page);
    expect(stored.local).toBeNull();
    // The sign-in page says why they are signed out.
    await page.getByRole('link', { name: 'Sign in' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    expect(await box.textContent()).toContain('Session expired');
    await page.context().close();
  });

  it("never shows the previous account's profile to the next one on the same tab", async () => {
    const first = await signUpCustomer({ firstName: 'Alice' });
    const second = await signUpCustomer({ firstName: 'Bruno' });
    const page = await openLogin();
    await fillLogin(page, first.user.email, first.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account: Alice' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByText(first.user.email).waitFor();
    await page.getByRole('button', { name: 'Account: Alice' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await fillLogin(page, second.user.email, second.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account: Bruno' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByText(second.user.email).waitFor();
    expect(await page.getByText(first.user.email).count()).toBe(0);
    await page.context().close();
  });

  it('signs out cleanly when the session had already ended on the server', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/event-space`);
    await page.getByRole('button', { name: `Account: ${customer.user.firstName}` }).waitFor();
    await apiCall('POST', '/auth/logout', undefined, customer.token);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(new URL(frame.url()).pathname));
    await page.getByRole('button', { name: `Account: ${customer.user.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toast(page, 'success', 'Logged out successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(urls).not.toContain('/login');
    await page.context().close();
  });

  it('on a 401 from an authenticated call clears the session and goes to /login', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('button', { name: `Account: ${customer.user.firstName}` }).waitFor();
    // The session ends on the server (signed out elsewhere) while the page still holds it.
    await apiCall('POST', '/auth/logout', undefined, customer.token);
    await page.getByRole('button', { name: `Account: ${customer.user.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile');
    await page.getByRole('alert').filter({ hasText: 'Session expired' }).waitFor();
    expect((await storedToken(page)).local).toBeNull();
    await page.context().close();
  });

  it('signs out from the account menu with "Logged out successfully"', async () => {
    const customer = await signUpCustomer();
    const page = await b.page();
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/profile`);
    await page.getByText(customer.user.email).waitFor();
    await page.getByRole('button', { name: `Account: ${customer.user.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toast(page, 'success', 'Logged out successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await storedToken(page)).local).toBeNull();
    // The token no longer works on the server either.
    await expect(apiCall('GET', '/auth/me', undefined, customer.token)).rejects.toThrow('401');
    await page.context().close();
  });
});
