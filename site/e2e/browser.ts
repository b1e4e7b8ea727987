import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { baseUrl } from './stack';

export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../screenshots',
);

/**
 * Resolves once a pre-rendered page (build/prerender.ts) has hydrated, with its lazy sections;
 * at once for any other page. Up to 30 s: on a loaded 2-core machine the landing's script and
 * its lazy sections took over 10 s to run (CI saw hydration time out at the page's default).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root?.dataset.prerendered) return true;
      return (
        document.documentElement.hasAttribute('data-hydrated') &&
        document.querySelector('[data-lazy-section]:not([data-hydrated])') === null
      );
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** What Chromium says when a Content-Security-Policy or a Permissions-Policy refuses something. */
const POLICY_MESSAGE = /Content Security Policy|Refused to|Permissions-Policy|\[csp-violation\]/;

/**
 * Records every policy violation of `context`'s pages and frames into `into`: the browser's own
 * console message and the page's `securitypolicyviolation` event (init scripts run whatever the
 * page's policy says).
 */
async function watchPolicyViolations(context: BrowserContext, into: Set<string>) {
  context.on('console', (message) => {
    const text = message.text();
    if (POLICY_MESSAGE.test(text)) into.add(`${message.location().url || '?'}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
}

/**
 * Debian's Chromium, as the machines here have it (docs/toolchain.md). Every context made from
 * it (by `page()` or by a test's own `browser.newContext()`) is watched for Content-Security-
 * Policy and Permissions-Policy violations, and a test during which one happened fails: the
 * site's policies (api/src/lib/content-security-policy.ts) must let every page work.
 */
export function setupBrowser() {
  let browser: Browser;
  const violations = new Set<string>();
  afterEach(() => {
    const found = [...violations];
    violations.clear();
    if (found.length > 0) {
      throw new Error(`Policy violations in the browser:\n${found.join('\n')}`);
    }
  });
  beforeAll(async () => {
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
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      await watchPolicyViolations(context, violations);
      return context;
    };
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    /** The violations recorded so far in this test, taken (for a test that makes one on purpose). */
    takeViolations(): string[] {
      const found = [...violations];
      violations.clear();
      return found;
    },
    async page(width = 1440, height = 900): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      // A pre-rendered page shows its HTML before its script runs; a click before hydration
      // would be lost, so navigations wait until the app (and each lazy section) is live.
      const { goto, reload } = page;
      page.goto = async (...args) => {
        const response = await goto.apply(page, args);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload.apply(page, args);
        await waitForHydration(page);
        return response;
      };
      return page;
    },
    async screenshot(page: Page, name: string) {
      mkdirSync(screenshotDir, { recursive: true });
      // A full-page shot of a long page can take a while when two workers share the machine.
      await page.screenshot({
        path: path.join(screenshotDir, `${name}.png`),
        fullPage: true,
        timeout: 30_000,
      });
    },
  };
}
