import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BudgetReport,
  FORBIDDEN_ON_LANDING,
  LANDING_CSS_BUDGET_BYTES,
  LANDING_DEFERRED_JS_BUDGET_BYTES,
  LANDING_JS_BUDGET_BYTES,
} from '../build/bundle-budget.ts';
import { setupBrowser } from './browser.ts';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.SITE_OUT ?? path.join(siteDir, 'dist');
const b = setupBrowser();

describe('the landing page budget (JavaScript 175 KB + 50 KB after the first view, CSS 45 KB, gzipped)', () => {
  const report = JSON.parse(
    readFileSync(path.join(outDir, '.vite/bundle-budget.json'), 'utf8'),
  ) as BudgetReport;

  it('the build measured the landing chunks and stayed within budget', () => {
    expect(report.budgetBytes).toBe(175 * 1024);
    expect(report.chunks.length).toBeGreaterThan(1);
    expect(report.gzipBytes).toBeGreaterThan(50 * 1024);
    expect(report.gzipBytes).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
    expect(report.brotliBytes).toBeLessThan(report.gzipBytes);
  });

  it('measured the sections loaded after the first view and the stylesheets, within budget', () => {
    const files = report.deferred.chunks.map((c) => c.file);
    for (const section of [
      'services-section',
      'shop-section',
      'contact-section',
      'newsletter-box',
      'campaigns-section',
    ]) {
      expect(files.some((f) => f.includes(section))).toBe(true);
    }
    expect(report.deferred.gzipBytes).toBeLessThanOrEqual(LANDING_DEFERRED_JS_BUDGET_BYTES);
    expect(report.css.files.length).toBeGreaterThan(0);
    expect(report.css.gzipBytes).toBeGreaterThan(10 * 1024);
    expect(report.css.gzipBytes).toBeLessThanOrEqual(LANDING_CSS_BUDGET_BYTES);
  });

  it('keeps wallet, PayPal and admin code off the landing page', () => {
    const forbidden = report.moduleIds.filter((id) =>
      FORBIDDEN_ON_LANDING.some((re) => re.test(id)),
    );
    expect(forbidden).toEqual([]);
    expect(report.moduleIds.some((id) => id.includes('src/routes/index.tsx'))).toBe(true);
  });

  it('the browser loads no more script on / than the build counted', async () => {
    const page = await b.page();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(`${b.baseUrl()}/`, { waitUntil: 'networkidle' });
    const counted = new Set([...report.chunks, ...report.deferred.chunks].map((c) => `/${c.file}`));
    expect([...scripts].filter((s) => !counted.has(s))).toEqual([]);
    await page.context().close();
  });
});
