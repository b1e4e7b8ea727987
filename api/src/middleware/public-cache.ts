import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { buildCachedRead, type CachedRead, SAFETY_TTL_MS } from '../cache/public-read-cache.ts';
import type { AppEnv } from '../context.ts';
import { pickEncoding } from '../lib/accept-encoding.ts';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored.
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** The cached answer in the encoding the client prefers, or a 304 when it already has it. */
function answer(c: Context<AppEnv>, entry: CachedRead) {
  const headers: Record<string, string> = {
    ETag: entry.etag,
    'Cache-Control': entry.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (matchesEtag(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = entry.contentType;
  const encoding = pickEncoding(c.req.header('accept-encoding'), {
    br: entry.br !== null,
    gzip: entry.gzip !== null,
  });
  if (encoding === 'br' && entry.br) {
    headers['Content-Encoding'] = 'br';
    return c.body(entry.br as Uint8Array<ArrayBuffer>, 200, headers);
  }
  if (encoding === 'gzip' && entry.gzip) {
    headers['Content-Encoding'] = 'gzip';
    return c.body(entry.gzip as Uint8Array<ArrayBuffer>, 200, headers);
  }
  return c.body(entry.identity as Uint8Array<ArrayBuffer>, 200, headers);
}

/**
 * Public reads served from memory (api/src/cache/public-read-cache.ts): the first request runs
 * the handler and keeps its serialized body, ETag and compressed forms; later ones, and
 * revalidations (304), are answered without touching the database until a write clears the
 * cache. `expiresAt` bounds answers that depend on the clock (events "from today on").
 */
export function publicCache(maxAgeSeconds: number, expiresAt?: (now: number) => number) {
  const cacheControl = `public, max-age=${maxAgeSeconds}`;
  return createMiddleware<AppEnv>(async (c, next) => {
    const cache = c.var.publicCache;
    const url = c.req.url;
    const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const hit = cache.get(key);
    if (hit) return answer(c, hit);

    const generation = cache.generation;
    await next();
    if (c.res.status !== 200) return;
    const now = Date.now();
    const entry = buildCachedRead(new Uint8Array(await c.res.arrayBuffer()), {
      contentType: c.res.headers.get('content-type') ?? 'application/json',
      cacheControl,
      expiresAt: Math.min(now + SAFETY_TTL_MS, expiresAt?.(now) ?? Number.POSITIVE_INFINITY),
    });
    cache.set(key, entry, generation);
    // Forget the handler's response, or its headers (Content-Length of the plain body) would
    // be merged into the encoded one.
    c.res = undefined as unknown as Response;
    c.res = answer(c, entry);
  });
}

/** The next midnight UTC: "from today on" changes its answer then. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}
