/**
 * The baseline of the public-read bench: a bare Hono route per path on @hono/node-server, in
 * its own process on the same Node, answering the same bytes the API answered, headers
 * included (and a 304 with the API's 304 headers to a matching If-None-Match), from constants,
 * with no middleware, database or cache. Reads the paths, bodies and headers from the JSON
 * file named by BARE_BODIES; prints its URL.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES ?? '', 'utf8')) as Record<
  string,
  {
    body: string;
    etag: string;
    headers: Record<string, string>;
    notModified: Record<string, string>;
  }
>;
const app = new Hono();
for (const [path, { body, etag, headers, notModified }] of Object.entries(bodies)) {
  const bytes = new TextEncoder().encode(body);
  app.get(path, (c) => {
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, notModified);
    return c.body(bytes, 200, headers);
  });
}
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
