/**
 * robots.txt and sitemap.xml, generated at build time from the router's route list
 * (build/prerender.ts). Every route must be either a public page or under a disallowed prefix,
 * so a new route cannot reach crawlers, or hide from them, without a decision here.
 */

/** The public pages: pre-rendered at build time and listed in the sitemap. */
export const PUBLIC_PAGES = [
  '/',
  '/minecraft',
  '/event-space',
  '/terms-of-service',
  '/privacy-policy',
] as const;

/** Paths crawlers must not visit: the API, the admin, accounts, buying and signing in. */
export const DISALLOWED_PREFIXES = [
  '/api/',
  '/admin',
  '/profile',
  '/orders',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/projects/',
] as const;

/** The splat route `/$` (the spec's catch-all) is not a page of its own. */
const SPLAT = /(^|\/)\$$/;

function normalize(fullPath: string): string {
  const trimmed = fullPath.length > 1 ? fullPath.replace(/\/+$/, '') : fullPath;
  return trimmed === '' ? '/' : trimmed;
}

const isDisallowed = (path: string) =>
  DISALLOWED_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? `${path}/`.startsWith(prefix)
      : path === prefix || path.startsWith(`${prefix}/`),
  );

export interface CrawlPlan {
  /** Public pages found among the routes, in PUBLIC_PAGES order. */
  pages: string[];
  /** Routes that are neither public nor disallowed: the build refuses them. */
  unclassified: string[];
}

/** Sorts the router's full paths (`/orders/$id`, `/checkout/`...) into pages and the rest. */
export function planCrawl(routePaths: readonly string[]): CrawlPlan {
  const paths = new Set(routePaths.map(normalize));
  const publicPages: readonly string[] = PUBLIC_PAGES;
  return {
    pages: PUBLIC_PAGES.filter((page) => paths.has(page)),
    unclassified: [...paths]
      .filter((p) => !SPLAT.test(p) && !publicPages.includes(p) && !isDisallowed(p))
      .sort(),
  };
}

/** robots.txt: everything but the disallowed prefixes, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml (https://www.sitemaps.org/protocol.html) listing the public pages. */
export function sitemapXml(origin: string, pages: readonly string[]): string {
  const urls = pages.map((page) => `  <url><loc>${xmlEscape(`${origin}${page}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
