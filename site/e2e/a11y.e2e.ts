import { describe, expect, it } from 'vitest';
import { type SessionUser, signInAdmin, signUpCustomer, withSession } from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();

type Who = 'anonymous' | 'customer' | 'admin';

// Every page of spec section 2 with its document title; who can open it.
const pages: { path: string; title: string; who: Who }[] = [
  { path: '/', title: 'Studio', who: 'anonymous' },
  { path: '/minecraft', title: 'Minecraft Server | Studio', who: 'anonymous' },
  { path: '/event-space', title: 'Event Space | Studio', who: 'anonymous' },
  { path: '/login', title: 'Sign in | Studio', who: 'anonymous' },
  { path: '/register', title: 'Create an account | Studio', who: 'anonymous' },
  { path: '/terms-of-service', title: 'Terms of Service | Studio', who: 'anonymous' },
  { path: '/privacy-policy', title: 'Privacy Policy | Studio', who: 'anonymous' },
  { path: '/cart', title: 'Cart | Studio', who: 'anonymous' },
  { path: '/checkout/cancel', title: 'Payment Cancelled | Studio', who: 'anonymous' },
  { path: '/profile', title: 'Profile | Studio', who: 'customer' },
  { path: '/orders', title: 'Orders | Studio', who: 'customer' },
  { path: '/admin', title: 'Admin Dashboard | Studio', who: 'admin' },
];

let customer: SessionUser | undefined;
let admin: SessionUser | undefined;

async function sessionFor(who: Who): Promise<SessionUser | undefined> {
  if (who === 'customer') customer ??= await signUpCustomer();
  if (who === 'admin') admin ??= await signInAdmin();
  return who === 'customer' ? customer : who === 'admin' ? admin : undefined;
}

describe.each([390, 1440, 1920])('every page at %i px wide', (width) => {
  it.each(pages)(
    '$path: title, no serious axe violations, no sideways scroll',
    async ({ path, title, who }) => {
      const page = await b.page(width, 900);
      const session = await sessionFor(who);
      if (session) await withSession(page, session);
      await page.goto(`${b.baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);

      expect(await seriousAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await b.screenshot(
        page,
        `page-${width}${path === '/' ? '-landing' : path.replace(/\W+/g, '-')}`,
      );
      await page.context().close();
    },
  );
});

describe('the narrowest supported screen (360 px)', () => {
  it.each(pages.filter((p) => p.who === 'anonymous'))(
    '$path does not scroll sideways',
    async ({ path }) => {
      const page = await b.page(360, 740);
      await page.goto(`${b.baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );
});

describe('keyboard', () => {
  it('reaches the main content with the skip link', async () => {
    const page = await b.page();
    await page.goto(`${b.baseUrl()}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.getByRole('link', { name: 'Skip to content' });
    expect(await focused.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
    await page.context().close();
  });

  it('signs in with the keyboard alone', async () => {
    const user = await signUpCustomer();
    const page = await b.page();
    await page.goto(`${b.baseUrl()}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel(/^Email/).focus();
    await page.keyboard.type(user.user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: `Account: ${user.user.firstName}` }).waitFor();
    await page.context().close();
  });
});
