import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../src/features/auth/auth-store';
import { createQueryClient } from '../src/lib/query-client';
import { createAppRouter } from '../src/router';
import { PUBLIC_PAGES, planCrawl, robotsTxt, sitemapXml } from './crawl-files';

const ORIGIN = 'https://studio.invalid';

/** The full paths of the app's real route tree, as the build reads them. */
function appRoutePaths(): string[] {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    auth: createAuthStore(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return Object.keys(router.routesByPath);
}

describe('robots.txt and sitemap.xml from the route list', () => {
  it('finds every public page in the route tree and leaves no route unclassified', () => {
    const plan = planCrawl(appRoutePaths());
    expect(plan.pages).toEqual([...PUBLIC_PAGES]);
    expect(plan.unclassified).toEqual([]);
  });

  it('refuses a route nobody decided about', () => {
    const plan = planCrawl(['/', '/minecraft', '/new-page', '/orders/$id', '/checkout/', '/$']);
    expect(plan.pages).toEqual(['/', '/minecraft']);
    expect(plan.unclassified).toEqual(['/new-page']);
  });

  it('lists the public pages, and only them, in the sitemap with absolute URLs', () => {
    const xml = sitemapXml(ORIGIN, planCrawl(appRoutePaths()).pages);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://studio.invalid/',
      'https://studio.invalid/minecraft',
      'https://studio.invalid/event-space',
      'https://studio.invalid/terms-of-service',
      'https://studio.invalid/privacy-policy',
    ]);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    for (const hidden of ['admin', 'login', 'cart', 'checkout', 'orders', 'profile', 'projects']) {
      expect(xml).not.toContain(hidden);
    }
  });

  it('disallows the admin, the API, accounts, buying and signing in, and names the sitemap', () => {
    const txt = robotsTxt(ORIGIN);
    const disallowed = [...txt.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
    expect(disallowed).toEqual(
      expect.arrayContaining([
        '/admin',
        '/api/',
        '/profile',
        '/orders',
        '/checkout',
        '/cart',
        '/login',
        '/register',
        '/projects/',
      ]),
    );
    for (const page of PUBLIC_PAGES.filter((p) => p !== '/')) {
      expect(disallowed.some((rule) => rule && page.startsWith(rule))).toBe(false);
    }
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Sitemap: https:\/\/studio\.invalid\/sitemap\.xml$/m);
  });
});
