import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../screenshots',
);

/**
 * Resolves once a pre-rendered page (build/prerender.ts) has hydrated, with its lazy sections;
 * at once for any other page.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.dataset.prerendered) return true;
    return (
      document.documentElement.hasAttribute('data-hydrated') &&
      document.querySelector('[data-lazy-section]:not([data-hydrated])') === null
    );
  });
}

/** Debian's Chromium, as the machines here have it (docs/toolchain.md). */
export function setupBrowser() {
  let browser: Browser;
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
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: () => inject('baseUrl'),
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
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
    },
  };
}
