import { describe, expect, it } from 'vitest';
import { signInAdmin, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();

// What a crawler or a link preview sees without running any script (issue 13, point 4).
const pages = [
  { path: '/', title: 'Studio', h1: 'Studio', description: /from \$149 to \$2200/ },
  {
    path: '/minecraft',
    title: 'Minecraft Server | Studio',
    h1: 'Minecraft Server',
    description: /modded Minecraft server/,
  },
  {
    path: '/event-space',
    title: 'Event Space | Studio',
    h1: 'Event Space',
    description: /live-music venue/,
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service | Studio',
    h1: 'Terms of Service',
    description: /terms for using/,
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy | Studio',
    h1: 'Privacy Policy',
    description: /personal data/,
  },
];

async function fetchText(path: string) {
  const res = await fetch(`${b.baseUrl()}${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

describe('the public pages without JavaScript', () => {
  it.each(pages)('$path holds its title, description, canonical URL and heading', async (page) => {
    const { status, text: html } = await fetchText(page.path);
    expect(status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>${page.title}</title>`);
    expect(attr(head, /<meta name="description" content="([^"]*)"/)).toMatch(page.description);
    expect(attr(head, /<meta property="og:title" content="([^"]*)"/)).toBe(page.title);
    expect(attr(head, /<meta property="og:type" content="([^"]*)"/)).toBe('website');
    const canonical = attr(head, /<link rel="canonical" href="([^"]*)"/);
    // The build writes a placeholder origin that the server replaces with PUBLIC_URL.
    expect(canonical).not.toContain('studio.invalid');
    expect(new URL(canonical ?? '').pathname).toBe(page.path);
    expect(attr(head, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
    expect(text(h1).trim()).toBe(page.h1);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    // The page's critical CSS is inline; the full stylesheet does not block the first paint.
    expect(head).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    const blocking = [
      ...head
        .replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
        .matchAll(/<link rel="stylesheet"[^>]*>/g),
    ].filter((m) => !m[0].includes('media="print"'));
    expect(blocking).toEqual([]);
  });

  it('/ describes the business, its price range and its services in JSON-LD', async () => {
    const { text: html } = await fetchText('/');
    const [data] = jsonLd(html);
    expect(data?.['@type']).toBe('ProfessionalService');
    expect(data?.priceRange).toBe('$149 - $2200');
    const catalog = data?.hasOfferCatalog as { itemListElement: { itemListElement: unknown[] }[] };
    const offers = catalog.itemListElement.flatMap((c) => c.itemListElement);
    expect(offers.length).toBeGreaterThanOrEqual(17);
    // Above the fold: the header, the hero's links and the services heading are in the HTML.
    expect(html).toContain('aria-label="Site header"');
    expect(text(html)).toContain('Fixed-price audio services');
  });

  it('/minecraft carries its game-server JSON-LD', async () => {
    const { text: html } = await fetchText('/minecraft');
    const [data] = jsonLd(html);
    expect(data?.['@type']).toBe('WebPage');
    const entity = data?.mainEntity as Record<string, unknown>;
    expect(entity['@type']).toBe('GameServer');
    expect(entity.url).toBe(attr(html, /<link rel="canonical" href="([^"]*)"/));
  });

  it('other pages get the plain shell with the site-wide title', async () => {
    for (const path of ['/login', '/cart', '/admin', '/no-such-page']) {
      const { status, text: html } = await fetchText(path);
      expect(status).toBe(200);
      expect(html).toContain('<title>Studio</title>');
      expect(html).toMatch(/<meta name="description" content="Studio: [^"]+"/);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const robots = await fetchText('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    for (const rule of ['/admin', '/api/', '/profile', '/orders', '/checkout', '/cart', '/login']) {
      expect(robots.text).toMatch(new RegExp(`^Disallow: ${rule.replace('/', '\\/')}$`, 'm'));
    }
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots.text)?.[1] ?? '';
    expect(new URL(sitemapUrl).pathname).toBe('/sitemap.xml');
    expect(sitemapUrl).not.toContain('studio.invalid');

    const sitemap = await fetchText('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(locs).toEqual(pages.map((p) => p.path));
  });
});

describe('hydration of the pre-rendered pages', () => {
  it.each([false, true])('keeps the HTML and logs nothing, signed in: %s', async (signedIn) => {
    const session = signedIn ? await signInAdmin() : undefined;
    for (const { path, h1 } of pages) {
      const page = await b.page(390, 844);
      if (session) await withSession(page, session);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      // Mark the server's nodes before any script runs: hydration keeps them, a fresh
      // client render would replace them.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          for (const el of document.querySelectorAll('h1, footer')) el.setAttribute('data-ssr', '');
        });
      });
      await page.goto(`${b.baseUrl()}${path}`, { waitUntil: 'networkidle' });
      await expect
        .poll(() =>
          page
            .locator('header')
            .getByRole('button', { name: /^Account/ })
            .count(),
        )
        .toBe(signedIn ? 1 : 0);
      expect(await page.locator('h1[data-ssr]').textContent()).toBe(h1);
      expect(await page.locator('footer[data-ssr]').count()).toBe(1);
      expect(await page.locator('title').count()).toBe(1);
      expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });
});
