import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/events.ts';
import { products } from '../db/schema/products.ts';
import { pickEncoding } from '../lib/accept-encoding.ts';
import { nextUtcMidnight } from '../middleware/public-cache.ts';
import { signInAdmin } from '../test/accounts.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { buildCachedRead, PublicReadCache } from './public-read-cache.ts';

let t: TestApp;
const queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (q) => queries.push(q) });
});

async function productsBody(query: { category?: 'digital' } = {}) {
  const res = await t.client.api.products.$get({ query });
  expect(res.status).toBe(200);
  return {
    etag: res.headers.get('etag'),
    body: (await res.json()) as { products: { sku: string; currentPriceCents: number }[] },
  };
}

/** Until `check` holds or two seconds pass: for changes that arrive by NOTIFY. */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 2000;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('public reads from memory', () => {
  it('a price changed in the admin shows in GET /api/products on the very next request', async () => {
    const admin = await signInAdmin(t.db);
    const before = await productsBody();
    const book = before.body.products.find((p) => p.sku === 'BK-001');
    expect(book).toBeDefined();
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'BK-001'));
    const newPrice = (book?.currentPriceCents ?? 0) + 1234;
    const put = await read(
      t.as(admin.token).api.admin.products[':id'].$put({
        param: { id: String(row?.id) },
        json: { priceCents: newPrice, salePriceCents: null },
      }),
    );
    expect(put.status).toBe(200);
    const after = await productsBody();
    expect(after.body.products.find((p) => p.sku === 'BK-001')?.currentPriceCents).toBe(newPrice);
    expect(after.etag).not.toBe(before.etag);
  });

  it('answers a matching If-None-Match with 304 without a database query', async () => {
    const first = await t.client.api.services.$get();
    const tag = first.headers.get('etag') ?? '';
    expect(first.status).toBe(200);
    queries.length = 0;
    for (const _ of [1, 2]) {
      const res = await t.client.api.services.$get({}, { headers: { 'If-None-Match': tag } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(tag);
    }
    const full = await t.client.api.services.$get();
    expect(full.status).toBe(200);
    expect(queries).toEqual([]);
  });

  it('a change committed by another process reaches the cache through NOTIFY', async () => {
    const before = await productsBody({ category: 'digital' });
    // Another client, as another API process or psql would be.
    const other = postgres(t.env.DATABASE_URL ?? '', { max: 1, onnotice: () => {} });
    await other`update products set stock = stock + 5 where sku = 'DG-001'`;
    await other.end();
    const fresh = await eventually(
      async () => (await productsBody({ category: 'digital' })).etag !== before.etag,
    );
    expect(fresh).toBe(true);
  });

  it('an event added elsewhere shows in GET /api/events', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const first = await read(t.client.api.events.$get());
    await t.db.insert(events).values({
      title: 'Cache night',
      description: 'Listening session',
      date: tomorrow,
    });
    const seen = await eventually(async () => {
      const res = await read(t.client.api.events.$get());
      return res.body.events.length === first.body.events.length + 1;
    });
    expect(seen).toBe(true);
  });

  it('sends brotli or gzip as the client asks, with Vary, and the same JSON', async () => {
    const plain = await t.client.api.services.$get();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const br = await t.client.api.services.$get({}, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(text);
    const gz = await t.client.api.services.$get(
      {},
      { headers: { 'Accept-Encoding': 'gzip, br;q=0' } },
    );
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('a cached answer keeps the request id and the security headers', async () => {
    await t.client.api.services.$get();
    const res = await t.client.api.services.$get({}, { headers: { 'X-Request-Id': 'trace-42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // The typed client sends no HEAD: by path.
    const head = await t.app.request(t.client.api.services.$path(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('over real HTTP, a cached hit is whole: headers, encodings, 304 and HEAD', async () => {
    const base = await t.listen();
    const first = await fetch(`${base}/api/products?page=1`);
    const body = await first.text();
    const hit = await fetch(`${base}/api/products?page=1`, {
      headers: { 'Accept-Encoding': 'br', 'X-Request-Id': 'edge-7' },
    });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(hit.headers.get('x-request-id')).toBe('edge-7');
    expect(hit.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // Plain HTTP: no HSTS (security-headers.test.ts has the TLS cases).
    expect(hit.headers.get('strict-transport-security')).toBeNull();
    expect(await hit.text()).toBe(body);
    const revalidated = await fetch(`${base}/api/products?page=1`, {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const head = await fetch(`${base}/api/products?page=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('does not keep error answers', async () => {
    const res = await read(t.client.api.products.$get({ query: { category: invalid('food') } }));
    expect(res.status).toBe(400);
    const again = await read(t.client.api.products.$get({ query: { category: invalid('food') } }));
    expect(again.status).toBe(400);
  });
});

describe('PublicReadCache', () => {
  const entry = (expiresAt: number) =>
    buildCachedRead(new TextEncoder().encode('{"a":1}'), {
      contentType: 'application/json',
      cacheControl: 'public, max-age=60',
      expiresAt,
    });

  it('drops an entry at its expiry (events change their answer at midnight UTC)', () => {
    const cache = new PublicReadCache();
    const now = Date.UTC(2026, 10, 23, 23, 59, 0);
    const midnight = nextUtcMidnight(now);
    expect(new Date(midnight).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    cache.set('/api/events', entry(midnight), cache.generation);
    expect(cache.get('/api/events', now)).toBeDefined();
    expect(cache.get('/api/events', midnight)).toBeUndefined();
  });

  it('does not store an answer read before a clear (a write raced the read)', () => {
    const cache = new PublicReadCache();
    const generation = cache.generation;
    cache.clear();
    cache.set('/api/products', entry(Date.now() + 60_000), generation);
    expect(cache.get('/api/products')).toBeUndefined();
  });

  it('keeps at most 500 answers, dropping the oldest', () => {
    const cache = new PublicReadCache();
    for (let i = 0; i < 510; i++) cache.set(`/api/products?page=${i}`, entry(Infinity), 0);
    expect(cache.size).toBe(500);
    expect(cache.get('/api/products?page=0')).toBeUndefined();
    expect(cache.get('/api/products?page=509')).toBeDefined();
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header, { br: true, gzip: true })).toBe(expected);
  });
});
