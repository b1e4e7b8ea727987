import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();

describe('the built site, served by the API, in Chromium', () => {
  it.each([
    ['/', 'Studio'],
    ['/minecraft', null],
    ['/login', null],
    ['/no/such/page', 'Studio'],
  ])('%s renders a page heading without script errors', async (path, heading) => {
    const page = await b.page();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(`${b.baseUrl()}${path}`);
    expect(res?.status()).toBe(200);
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor();
    if (heading) expect(await h1.textContent()).toContain(heading);
    expect(errors).toEqual([]);
    await b.screenshot(page, `smoke${path.replace(/\W+/g, '-')}`);
    await page.context().close();
  });

  it('reaches the API from the page with the same origin', async () => {
    const page = await b.page();
    await page.goto(b.baseUrl());
    const status = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(status).toBe(200);
    await page.context().close();
  });
});
