import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';

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
  const cacheHeaders = (file: string, c: { header: (k: string, v: string) => void }) => {
    const rel = path.relative(siteDir, file);
    if (rel.startsWith(`assets${path.sep}`))
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (rel === 'index.html') c.header('Cache-Control', 'no-cache');
    else c.header('Cache-Control', 'public, max-age=3600');
  };
  return app.use('*', serveStatic({ root: siteDir, onFound: cacheHeaders })).get('*', (c, next) => {
    if (path.extname(c.req.path) !== '') return next();
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ path: indexFile })(c, next);
  });
}
