import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  buildCachedRead,
  type CachedRead,
  negotiate,
  SAFETY_TTL_MS,
} from '../cache/public-read-cache.ts';
import type { AppEnv, Deps } from '../context.ts';
import { arrivedOverTls } from '../lib/request-tls.ts';
import { requestIdOf } from './request-context.ts';
import { apiPolicyFor, securityHeadersFor } from './security-headers.ts';

/** The cache key of a request: its path and query, as sent. */
function keyOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

function answer(c: Context<AppEnv>, entry: CachedRead) {
  const out = negotiate(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'));
  // By the entry's type, so a 304 (which has none) keeps the policy of its 200.
  out.headers['Content-Security-Policy'] = apiPolicyFor(entry.contentType);
  return out.body === null ? c.body(null, 304, out.headers) : c.body(out.body, 200, out.headers);
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
    const key = keyOf(c.req.url);
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

/**
 * The first middleware of the app: a read already in the public-read cache is answered here,
 * before the rest of the chain, as one Response built from plain headers (the request id and
 * the security headers included), which @hono/node-server writes without building a Headers
 * object. Such hits are logged at debug level, like a static file (a reverse proxy in front
 * logs every request anyway, see docs/decisions/017). Everything else goes on to the chain,
 * where `publicCache` fills the cache.
 */
export function servePublicCacheHits(
  deps: Pick<Deps, 'publicCache' | 'log' | 'env'>,
): MiddlewareHandler<AppEnv> {
  const { publicCache: cache, log } = deps;
  const trustProxy = deps.env.TRUST_PROXY;
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const entry = cache.get(keyOf(c.req.url));
    if (!entry) return next();
    const requestId = requestIdOf(c.req.header('x-request-id'));
    const out = negotiate(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'));
    if (log.isLevelEnabled('debug')) {
      log.debug({ requestId, method, path: c.req.path, status: out.status }, 'request (cached)');
    }
    return new Response(method === 'HEAD' ? null : out.body, {
      status: out.status,
      headers: {
        ...securityHeadersFor(entry.contentType, arrivedOverTls(c, trustProxy)),
        'X-Request-Id': requestId,
        ...out.headers,
      },
    });
  };
}

/** The next midnight UTC: "from today on" changes its answer then. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}
