/**
 * The origin written into pre-rendered pages (canonical, og:url, JSON-LD, sitemap). The API
 * replaces this exact string with its PUBLIC_URL when it serves .html, .xml and .txt files, so
 * the build needs no knowledge of where the site runs.
 */
export const PLACEHOLDER_ORIGIN = 'https://studio.invalid';

let origin: string | undefined;

/**
 * The site's public origin. At build time (Node): the placeholder. In the browser: the origin
 * of the page's canonical link when the server sent one (a pre-rendered page, so hydration
 * renders the same URLs as the HTML even when the visitor came in through another host name),
 * else the page's own origin.
 */
export function publicOrigin(): string {
  if (typeof document === 'undefined') return PLACEHOLDER_ORIGIN;
  if (origin === undefined) {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    origin = canonical ? new URL(canonical).origin : window.location.origin;
  }
  return origin;
}

/** An absolute URL on this site: `absoluteUrl('/minecraft')`. */
export function absoluteUrl(path: string): string {
  return `${publicOrigin()}${path === '/' ? '/' : path}`;
}
