import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { authMessages } from '@studio/shared/messages/auth';
import { httpMessages } from '@studio/shared/messages/http';
import { count } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { PublicReadCache } from './cache/public-read-cache.ts';
import { createDb } from './db/client.ts';
import { users } from './db/schema/users.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './services/mail/mailer.ts';
import { postgresCounters } from './services/rate-limit/postgres-counters.ts';
import { createTestApp, newUser, read, type TestApp, type TestClient } from './test/harness.ts';

let t: TestApp;
let siteDir: string;
const mainScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'studio-site-'));
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Studio</title>');
  writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(siteDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build writes beside a large file (site/build/precompress.ts): a real brotli copy.
  writeFileSync(path.join(siteDir, 'assets', 'main-def456.js'), mainScript);
  writeFileSync(
    path.join(siteDir, 'assets', 'main-def456.js.br'),
    brotliCompressSync(Buffer.from(mainScript)),
  );
  // A pre-rendered page and the plain shell; absolute URLs name the build's placeholder origin.
  mkdirSync(path.join(siteDir, 'minecraft'));
  writeFileSync(
    path.join(siteDir, 'minecraft', 'index.html'),
    // As large as a real page (over the 1 KB below which nothing is compressed).
    `<!doctype html><title>Minecraft | Studio</title><link rel="canonical" href="https://studio.invalid/minecraft"><h1>Join the server</h1><p>${'Build with the community. '.repeat(60)}</p>`,
  );
  writeFileSync(
    path.join(siteDir, 'spa.html'),
    '<!doctype html><title>Studio</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(siteDir, 'robots.txt'),
    'User-agent: *\nDisallow: /admin\nSitemap: https://studio.invalid/sitemap.xml\n',
  );
  mkdirSync(path.join(siteDir, '.vite'));
  writeFileSync(path.join(siteDir, '.vite', 'bundle-budget.json'), '{"gzipBytes":1}');
  t = await createTestApp({ SITE_DIR: siteDir, PUBLIC_URL: 'https://shop.example' });
});

describe('error bodies', () => {
  async function raw(init: RequestInit & { path?: string }) {
    const res = await t.app.request(init.path ?? t.client.api.auth.login.$path(), {
      method: 'POST',
      ...init,
    });
    return { status: res.status, body: (await res.json()) as { code: string; message: string } };
  }

  it('malformed JSON: 400', async () => {
    const res = await raw({ headers: { 'Content-Type': 'application/json' }, body: '{"email":' });
    expect(res).toEqual({
      status: 400,
      body: { message: httpMessages.malformedJson, code: 'MALFORMED_JSON' },
    });
  });

  it('a body that is not JSON: 415', async () => {
    const res = await raw({ headers: { 'Content-Type': 'text/plain' }, body: 'email=a@b.co' });
    expect(res).toEqual({
      status: 415,
      body: { message: httpMessages.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('a form-encoded body: 415', async () => {
    const res = await raw({
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=Secret123',
    });
    expect(res.status).toBe(415);
  });

  it('a JSON body over 1 MB: 413, and nothing is created', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    const body = JSON.stringify({ ...newUser(), padding: 'x'.repeat(1_048_577) });
    const res = await raw({
      path: t.client.api.auth.register.$path(),
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res).toEqual({
      status: 413,
      body: { message: httpMessages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
    });
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('a chunked JSON body over 1 MB (no Content-Length): 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request(t.client.api.auth.login.$path(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('an unknown /api path: 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.request(method, '/api/no/such/route');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: httpMessages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('bad fields: 400 with every issue', async () => {
    const res = await read(
      t.client.api.auth.register.$post({
        json: { firstName: 'A', lastName: '', email: 'x', password: 'abc' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe(authMessages.firstNameMin);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([
      'firstName',
      'lastName',
      'email',
      'password',
    ]);
  });

  it('a JSON array or null where an object is expected: 400, not 500', async () => {
    for (const body of ['[]', 'null', '"text"', '42']) {
      const res = await raw({ headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('every answer carries a request id', async () => {
    const res = await t.client.api.health.$get();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('when the database is down', () => {
  let down: TestClient;

  beforeAll(async () => {
    const { db, sql } = createDb(new URL(t.env.DATABASE_URL ?? '').toString(), { max: 1 });
    await sql.end();
    const log = createLogger({ LOG_LEVEL: 'silent' });
    down = testClient(
      createApp({
        db,
        counters: postgresCounters(db),
        env: t.env,
        log,
        mailer: createMailer(t.env, log),
        storage: t.storage,
        jobs: { send: async () => {} },
        secret: 'x'.repeat(32),
        publicCache: new PublicReadCache(),
        shutdown: new AbortController().signal,
      }),
    );
  });

  it('health answers 503', async () => {
    const res = await down.api.health.$get();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: httpMessages.unavailable, code: 'UNAVAILABLE' });
  });

  it('a query it cannot run answers 503 with Retry-After, no stack trace or SQL', async () => {
    const res = await down.api.auth.login.$post({
      json: { email: 'a@b.co', password: 'Secret123' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: httpMessages.unavailable, code: 'UNAVAILABLE' });
    expect(text).not.toMatch(/select|insert|postgres|at \w+ \(|\.ts:/i);
  });
});

describe('health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await read(t.client.api.health.$get());
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('the built site', () => {
  it('serves index.html at / with no-cache', async () => {
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Studio</title>');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it.each(['/orders/123', '/admin', '/no/such/page', '/checkout/success?paymentId=1'])(
    'answers %s with index.html (SPA fallback)',
    async (p) => {
      const res = await t.app.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Studio</title>');
    },
  );

  it('serves the precompressed copy to a client that accepts brotli, with Vary', async () => {
    const br = await t.app.request('/assets/main-def456.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(mainScript);
    // No .gz was built: a gzip-only client gets the plain file, not a second compression.
    const plain = await t.app.request('/assets/main-def456.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(mainScript);
  });

  it('serves a pre-rendered page with PUBLIC_URL in its absolute URLs, and 304 on revalidation', async () => {
    const res = await t.app.request('/minecraft');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1>Join the server</h1>');
    expect(html).toContain('href="https://shop.example/minecraft"');
    expect(html).not.toContain('studio.invalid');
    const again = await t.app.request('/minecraft/', {
      headers: { 'If-None-Match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const gz = await t.app.request('/minecraft', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  it('serves robots.txt with the public origin, and never the build reports', async () => {
    const robots = await t.app.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap: https://shop.example/sitemap.xml');
    const report = await t.app.request('/.vite/bundle-budget.json');
    expect(report.status).toBe(404);
    expect(await report.text()).not.toContain('gzipBytes');
  });

  it('answers other paths with the plain shell, not a pre-rendered page', async () => {
    const res = await t.app.request('/login');
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('answers a missing file with 404, not the page', async () => {
    const res = await t.app.request('/images/missing.png');
    expect(res.status).toBe(404);
  });

  it('refuses paths that climb out of the site folder', async () => {
    const res = await t.app.request('/..%2f..%2fetc%2fpasswd');
    expect(res.status).not.toBe(500);
    expect(await res.text()).not.toContain('root:');
  });
});
