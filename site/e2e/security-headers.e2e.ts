import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAdmin, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';

// The Content-Security-Policy and Permissions-Policy of the real build served by the real API
// (decision 028). setupBrowser fails any test during which the browser reports a violation, so
// each visit below also proves the pages work under the policy.
const b = setupBrowser();

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

async function newPage(): Promise<Page> {
  const page = await b.page(1440, 900);
  opened.push(page);
  page.setDefaultTimeout(10_000);
  return page;
}

/** The directives of a policy by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** The landing page, /shop (the landing page too), the promo and the pitch, the shells. */
const TOUR = [
  '/',
  '/shop',
  '/minecraft',
  '/event-space',
  '/terms-of-service',
  '/privacy-policy',
  '/login',
  '/cart',
];

describe('the site under its Content-Security-Policy', () => {
  it('every page of the tour carries a strict policy and loads, hydrates and styles itself with no violation', async () => {
    const page = await newPage();
    for (const path of TOUR) {
      const res = await page.goto(`${b.baseUrl()}${path}`);
      expect(res?.status(), path).toBe(200);
      const headers = res?.headers() ?? {};
      const csp = directives(headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src'), path).not.toContain("'unsafe-eval'");
      expect(headers['permissions-policy'], path).toContain('camera=()');
      // Plain HTTP: no HSTS.
      expect(headers['strict-transport-security'], path).toBeUndefined();
      // The hashed script at the end of a pre-rendered page switched its full stylesheet on.
      const stylesheets = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => ({
          media: (l as HTMLLinkElement).media,
          deferred: l.hasAttribute('data-beasties-media'),
        })),
      );
      expect(stylesheets.length, path).toBeGreaterThan(0);
      // (media "" is the shell's blocking stylesheet, which has no media attribute).
      for (const sheet of stylesheets) {
        expect(['all', ''], path).toContain(sheet.media);
        expect(sheet.deferred, path).toBe(false);
      }
    }
  });

  it('/admin: each tab of the dashboard works with frame-ancestors none and no violation', async () => {
    const page = await newPage();
    await withSession(page, await signInAdmin());
    const res = await page.goto(`${b.baseUrl()}/admin`);
    expect(directives(res?.headers()['content-security-policy']).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    for (const tab of ['Orders', 'Events', 'Mass Email', 'Products', 'Services', 'Submissions']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
    }
  });

  it('the unsubscribe page shows its form with no violation', async () => {
    const page = await newPage();
    const res = await page.goto(
      `${b.baseUrl()}/api/contact/unsubscribe?email=fan%40example.com&token=x`,
    );
    expect(res?.status()).toBe(200);
    expect(directives(res?.headers()['content-security-policy']).get('default-src')).toEqual([
      "'none'",
    ]);
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
  });

  it('the policy is on: a script injected into a page is refused, and the watch records it', async () => {
    const page = await newPage();
    await page.goto(`${b.baseUrl()}/`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // Both reports (the browser's message and the event) arrive, then are taken off the watch.
    await page.waitForTimeout(300);
    const found = b.takeViolations().join('\n');
    expect(found).toMatch(/(Refused to execute|Executing) inline script/);
    expect(found).toMatch(/\[csp-violation\] script-src-elem blocked inline/);
  });

  it('the build reports are not served', async () => {
    for (const path of ['/.vite/bundle-budget.json', '/.vite/prerender.json']) {
      const res = await fetch(`${b.baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
