import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PAGE_POLICY, API_POLICY, inlineScriptHashes } from '../lib/content-security-policy.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { HSTS } from './security-headers.ts';

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];
const ALPH_NODE = 'http://127.0.0.1:22973';

// A build as the site's has it (site/build/prerender.ts): inline scripts (the router's state and
// beasties' stylesheet switch), a JSON-LD data block, the entry module, the placeholder origin.
const routerScript = '(self.$R=self.$R||{})["tsr"]=[];';
const mediaScript =
  "document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media='all'})";
const indexHtml = `<!doctype html><html><head><title>Studio</title>
<link rel="canonical" href="https://studio.invalid/">
<script type="application/ld+json">{"@type":"ProfessionalService","url":"https://studio.invalid/"}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root" data-prerendered="/"><h1>Studio</h1></div>
<script>${routerScript}</script><script>${mediaScript}</script></body></html>`;

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives of a policy by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

let t: TestApp;
let proxied: TestApp;
let siteDir: string;

beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'studio-headers-site-'));
  mkdirSync(path.join(siteDir, 'assets'));
  mkdirSync(path.join(siteDir, '.vite'));
  writeFileSync(path.join(siteDir, 'index.html'), indexHtml);
  writeFileSync(
    path.join(siteDir, 'spa.html'),
    '<!doctype html><title>Studio</title><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>',
  );
  writeFileSync(path.join(siteDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(siteDir, '.vite', 'bundle-budget.json'), '{"gzipBytes":1}');
  writeFileSync(path.join(siteDir, '.vite', 'prerender.json'), '{"pages":[]}');
  const env = { SITE_DIR: siteDir, PUBLIC_URL: 'https://shop.example', ALPH_NODE_URL: ALPH_NODE };
  t = await createTestApp(env);
  proxied = await createTestApp({ ...env, TRUST_PROXY: 'true' });
});

describe('Content-Security-Policy of the site pages', () => {
  it('/ allows its own inline scripts by hash, PayPal and the wallet nodes; nothing frames it', async () => {
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Exactly the two inline scripts: not the JSON-LD block, never 'unsafe-inline' or eval.
    expect(csp.get('script-src')).toEqual([
      "'self'",
      sha256(routerScript),
      sha256(mediaScript),
      ...PAYPAL,
    ]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", ...PAYPAL]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...PAYPAL]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      ...PAYPAL,
      'https://node.mainnet.alephium.org',
      'https://node.testnet.alephium.org',
      ALPH_NODE,
    ]);
    expect(csp.get('frame-src')).toEqual(PAYPAL);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", ...PAYPAL]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Plain HTTP: nothing to upgrade to.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a revalidation (304) carries the same policy as the page', async () => {
    const first = await t.app.request('/');
    const again = await t.app.request('/', {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
  });

  it.each(['/admin', '/login', '/checkout'])(
    '%s (the shell) allows no inline script and frame-ancestors none',
    async (p) => {
      const res = await t.app.request(p);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'", ...PAYPAL]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    },
  );

  it('a site file that is not a page gets the strict policy', async () => {
    const res = await t.app.request('/assets/index-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(API_POLICY);
  });
});

describe('Content-Security-Policy of the API', () => {
  it('a JSON answer: nothing loads, nothing frames it', async () => {
    const res = await t.client.api.health.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const missing = await t.request('GET', '/api/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(API_POLICY);
  });

  it('a cached public read keeps it on the first answer, a hit and a 304', async () => {
    const first = await t.client.api.services.$get();
    const hit = await t.client.api.services.$get();
    const revalidated = await t.client.api.services.$get(
      {},
      { headers: { 'If-None-Match': hit.headers.get('etag') ?? '' } },
    );
    expect([first.status, hit.status, revalidated.status]).toEqual([200, 200, 304]);
    for (const res of [first, hit, revalidated]) {
      expect(res.headers.get('content-security-policy')).toBe(API_POLICY);
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('the unsubscribe page runs no script, posts only to itself, and is never framed', async () => {
    const res = await t.request('GET', '/api/contact/unsubscribe?email=fan%40example.com&token=x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('<form method="post"');
    expect(res.headers.get('content-security-policy')).toBe(API_PAGE_POLICY);
    const csp = directives(API_PAGE_POLICY);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('the API reference page (a cached HTML read) keeps the page policy on a hit and a 304', async () => {
    const first = await t.app.request('/api/docs');
    const hit = await t.app.request('/api/docs');
    const revalidated = await t.app.request('/api/docs', {
      headers: { 'If-None-Match': hit.headers.get('etag') ?? '' },
    });
    expect([first.status, hit.status, revalidated.status]).toEqual([200, 200, 304]);
    for (const res of [first, hit, revalidated]) {
      expect(res.headers.get('content-security-policy')).toBe(API_PAGE_POLICY);
    }
  });
});

describe('Permissions-Policy', () => {
  it.each(['/', '/admin', '/api/health'])('%s denies what the site never uses', async (p) => {
    const res = await t.app.request(p);
    const features = (res.headers.get('permissions-policy') ?? '').split(', ');
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()']) {
      expect(features).toContain(denied);
    }
    // PayPal's frames may use the Payment Request API: left at its default.
    expect(features.some((f) => f.startsWith('payment='))).toBe(false);
  });
});

describe('HSTS only over TLS', () => {
  const paths = ['/', '/admin', '/api/health', '/api/services'];

  it('absent over plain HTTP, on pages, JSON and a cached hit', async () => {
    const base = await t.listen();
    for (const p of [...paths, '/api/services']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('absent when X-Forwarded-Proto says https but TRUST_PROXY is off (anyone can send it)', async () => {
    const base = await t.listen();
    for (const p of [...paths, '/api/services']) {
      const res = await fetch(`${base}${p}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
      expect(res.headers.get('content-security-policy'), p).not.toContain(
        'upgrade-insecure-requests',
      );
    }
  });

  it('present behind TRUST_PROXY with X-Forwarded-Proto https, with upgrade-insecure-requests on pages', async () => {
    const base = await proxied.listen();
    // The second /api/services is a hit of the cached-read fast path.
    for (const p of [...paths, '/api/services']) {
      const res = await fetch(`${base}${p}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
    }
    const page = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(
      directives(page.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    ).toBe(true);
  });

  it('absent behind TRUST_PROXY when the proxy says http', async () => {
    const base = await proxied.listen();
    for (const p of paths) {
      const res = await fetch(`${base}${p}`, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
    const plain = await fetch(`${base}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('present for a request whose URL is https (no proxy)', async () => {
    const res = await t.app.request('https://shop.example/api/health');
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
  });
});

describe('build reports', () => {
  it.each(['/.vite/bundle-budget.json', '/.vite/prerender.json', '/%2evite/bundle-budget.json'])(
    '%s is not served',
    async (p) => {
      const base = await t.listen();
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/gzipBytes|pages/);
    },
  );
});

describe('inlineScriptHashes', () => {
  it('hashes scripts a browser runs, once each, and skips data blocks and external scripts', () => {
    const html = `<script>a()</script><SCRIPT type="module">b()</SCRIPT>
<script type='text/javascript'>c()</script><script type=application/ld+json>{}</script>
<script type="application/json">{}</script><script src="/x.js"></script><script>a()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('c()')]);
  });
});
