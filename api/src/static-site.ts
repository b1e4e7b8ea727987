import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import {
  buildCachedRead,
  type CachedRead,
  matchesEtag,
  negotiate,
} from './cache/public-read-cache.ts';
import type { AppEnv } from './context.ts';
import { type Encoding, pickEncoding } from './lib/accept-encoding.ts';
import { inlineScriptHashes, type SitePolicy } from './lib/content-security-policy.ts';
import { arrivedOverTls } from './lib/request-tls.ts';

/**
 * The origin the build writes into absolute URLs (canonical, Open Graph, JSON-LD, sitemap,
 * robots.txt); replaced by PUBLIC_URL when served, since the build does not know where it runs.
 */
export const BUILD_ORIGIN = 'https://studio.invalid';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface StaticFile {
  file: string;
  type: string;
  bytes: number;
  etag: string;
  cacheControl: string;
  /** Precompressed siblings written by the build (site/build/precompress.ts). */
  br: string | null;
  gzip: string | null;
  /** Text that names BUILD_ORIGIN: rewritten for PUBLIC_URL and kept in memory. */
  templated: boolean;
  /** An HTML page's CSP, plain and over TLS (templated pages: their Rendered's). */
  policies: PagePolicies | null;
}

/** A page's Content-Security-Policy for plain HTTP and for TLS (upgrade-insecure-requests). */
type PagePolicies = readonly [http: string, tls: string];

/** A templated file rewritten for one origin, built once like a cached public read. */
interface Rendered {
  origin: string;
  entry: CachedRead;
  policies: PagePolicies | null;
}

function pagePolicies(policy: SitePolicy, type: string, html: string): PagePolicies | null {
  if (!type.startsWith('text/html')) return null;
  const hashes = inlineScriptHashes(html);
  return [policy.page(hashes, false), policy.page(hashes, true)];
}

function cacheControl(rel: string): string {
  // Vite names these by content hash: a new build gets new names.
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (rel.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Every servable file of the build by URL path. Dot folders and files (the build reports in
 * `.vite/`) are not public; source maps are, on purpose (docs/decisions/016-first-load.md).
 */
function scan(siteDir: string, policy: SitePolicy): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) walk(file);
        continue;
      }
      const ext = path.extname(entry.name);
      if (ext === '.br' || ext === '.gz' || entry.name.startsWith('.')) continue;
      const rel = path.relative(siteDir, file).split(path.sep).join('/');
      const type = types[ext] ?? 'application/octet-stream';
      const content = readFileSync(file);
      const templated =
        /^(text\/(html|plain)|application\/xml)/.test(type) &&
        content.includes(BUILD_ORIGIN, 0, 'utf8');
      files.set(`/${rel}`, {
        file,
        type,
        bytes: statSync(file).size,
        etag: `"${createHash('sha1').update(content).digest('base64url')}"`,
        cacheControl: cacheControl(rel),
        br: existsSync(`${file}.br`) ? `${file}.br` : null,
        gzip: existsSync(`${file}.gz`) ? `${file}.gz` : null,
        templated,
        policies: templated ? null : pagePolicies(policy, type, content.toString('utf8')),
      });
    }
  };
  walk(siteDir);
  return files;
}

function render(file: StaticFile, origin: string, policy: SitePolicy): Rendered {
  const text = readFileSync(file.file, 'utf8').replaceAll(BUILD_ORIGIN, origin);
  return {
    origin,
    policies: pagePolicies(policy, file.type, text),
    entry: buildCachedRead(new TextEncoder().encode(text), {
      contentType: file.type,
      cacheControl: file.cacheControl,
      expiresAt: Number.POSITIVE_INFINITY,
    }),
  };
}

/**
 * Serves the built site with no work per request beyond a lookup: the precompressed `.br` and
 * `.gz` files by content negotiation, hashed assets cached for a year, HTML revalidated
 * (`no-cache` with an ETag). A path without an extension gets its pre-rendered page
 * (`<path>/index.html`) when the build made one, else the plain shell `spa.html` for the
 * router to take (/login, /admin, unknown paths). Each page carries its own
 * Content-Security-Policy, which allows exactly the inline scripts the build wrote into it.
 */
export function staticSite(siteDir: string, publicOrigin: () => string, policy: SitePolicy) {
  const app = new Hono<AppEnv>();
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    return app.get('*', (c) =>
      c.text(
        'The site is not built yet. Run `pnpm build` (or `pnpm start`) at the repository root.',
        503,
      ),
    );
  }
  const files = scan(siteDir, policy);
  const shell = files.get('/spa.html') ?? files.get('/index.html');
  const rendered = new Map<string, Rendered>();

  const policyOf = (c: Context<AppEnv>, policies: PagePolicies | null) =>
    policies?.[arrivedOverTls(c, c.var.env.TRUST_PROXY) ? 1 : 0];

  const send = (c: Context<AppEnv>, file: StaticFile) => {
    const ifNoneMatch = c.req.header('if-none-match');
    if (file.templated) {
      const origin = publicOrigin().replace(/\/+$/, '');
      let page = rendered.get(file.file);
      if (page?.origin !== origin) {
        page = render(file, origin, policy);
        rendered.set(file.file, page);
      }
      const out = negotiate(page.entry, ifNoneMatch, c.req.header('accept-encoding'));
      const csp = policyOf(c, page.policies);
      if (csp) out.headers['Content-Security-Policy'] = csp;
      return out.body === null
        ? c.body(null, 304, out.headers)
        : c.body(out.body, 200, out.headers);
    }
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      Vary: 'Accept-Encoding',
      ETag: file.etag,
    };
    const csp = policyOf(c, file.policies);
    if (csp) headers['Content-Security-Policy'] = csp;
    if (matchesEtag(ifNoneMatch, file.etag)) return c.body(null, 304, headers);
    const encoding: Encoding = pickEncoding(c.req.header('accept-encoding'), {
      br: file.br !== null,
      gzip: file.gzip !== null,
    });
    const source = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.file;
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const stream = createReadStream(source ?? file.file);
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, headers);
  };

  return app.get('*', async (c, next) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const exact = files.get(urlPath);
    if (exact && !urlPath.endsWith('/spa.html')) return send(c, exact);
    if (path.posix.extname(urlPath) !== '') return next();
    const page = files.get(`${urlPath.replace(/\/+$/, '')}/index.html`);
    if (page) return send(c, page);
    return shell ? send(c, shell) : next();
  });
}
