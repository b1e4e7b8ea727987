import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

const withEtag = etag();

/**
 * Public reads: `Cache-Control` for browsers and proxies, plus an ETag so a revalidation of an
 * unchanged answer is a 304 with no body.
 */
export function publicCache(maxAgeSeconds: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await withEtag(c, async () => {
      await next();
      if (c.res.status === 200) {
        c.res.headers.set('Cache-Control', `public, max-age=${maxAgeSeconds}`);
      }
    });
  });
}
