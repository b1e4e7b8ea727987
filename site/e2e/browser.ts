import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../screenshots',
);

/** Debian's Chromium, as the machines here have it (TOOLCHAIN.md). */
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
      return context.newPage();
    },
    async screenshot(page: Page, name: string) {
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
    },
  };
}
