import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';

function cacheControl(siteDir: string, file: string): string {
  const rel = path.relative(siteDir, file);
  // Vite names these by content hash: a new build gets new names.
  if (rel.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (rel === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built site: hashed assets cached for a year, `index.html` never cached, and every
 * other path without a file extension answered with `index.html` so the router can take it.
 */
export function staticSite(siteDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(siteDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text(
        'The site is not built yet. Run `pnpm build` (or `pnpm start`) at the repository root.',
        503,
      ),
    );
  }
  const foundFile = new WeakMap<object, string>();
  const files = serveStatic({ root: siteDir, onFound: (file, c) => void foundFile.set(c, file) });
  const index = serveStatic({ path: indexFile });
  const skip = async () => {};
  return app.get('*', async (c, next) => {
    const res = await files(c, skip);
    if (res) {
      const file = foundFile.get(c);
      if (file) res.headers.set('Cache-Control', cacheControl(siteDir, file));
      return res;
    }
    if (path.extname(c.req.path) !== '') return next();
    const page = await index(c, skip);
    if (!page) return next();
    page.headers.set('Cache-Control', 'no-cache');
    return page;
  });
}
