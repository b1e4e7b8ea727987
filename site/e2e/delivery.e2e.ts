import { describe, expect, it } from 'vitest';
import { baseUrl } from './stack';

/** What a first visit downloads, fetched as curl would (no JavaScript, no browser). */
const base = baseUrl;

async function mainScript(): Promise<string> {
  const html = await (await fetch(`${base()}/`)).text();
  const src = html.match(/<script[^>]+type="module"[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!src) throw new Error('no module script in the page');
  return src;
}

describe('delivery of the built site', () => {
  it('sends the main script brotli-compressed, cached for a year, with Vary', async () => {
    const src = await mainScript();
    const res = await fetch(`${base()}${src}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Node's fetch decodes brotli itself: the script arrives whole.
    expect((await res.text()).length).toBeGreaterThan(1000);
  });

  it('sends the plain script to a client that accepts no encoding', async () => {
    const src = await mainScript();
    const res = await fetch(`${base()}${src}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('answers robots.txt and sitemap.xml with the public address, and hides build reports', async () => {
    const robots = await fetch(`${base()}/robots.txt`);
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/Disallow: \/admin/);
    expect(robotsText).toContain(`Sitemap: ${base()}/sitemap.xml`);
    const sitemap = await fetch(`${base()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${base()}/minecraft</loc>`);
    expect(xml).not.toMatch(/\/admin|\/checkout|\/orders|\/login/);
    expect((await fetch(`${base()}/.vite/bundle-budget.json`)).status).toBe(404);
  });

  it('compresses the API answers a page reads', async () => {
    const res = await fetch(`${base()}/api/services`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    // Decoded by fetch: the same 18 services a plain request gets.
    const body = (await res.json()) as { services: unknown[] };
    expect(body.services).toHaveLength(18);
  });
});
