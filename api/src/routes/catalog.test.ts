import { Readable } from 'node:stream';
import { serviceCatalog } from '@studio/shared/catalog/services';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/events.ts';
import { products } from '../db/schema/products.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

describe('GET /api/services', () => {
  it('lists the 18 services with the card price and the server-computed checkout figures', async () => {
    const res = await read(t.client.api.services.$get());
    expect(res.status).toBe(200);
    expect(res.body.services).toHaveLength(18);
    for (const spec of serviceCatalog) {
      const s = res.body.services.find((x: { sku: string }) => x.sku === spec.sku);
      const total = Math.round(spec.checkoutPriceCents * 1.07);
      expect(s).toMatchObject({
        title: spec.title,
        category: spec.category,
        popular: spec.popular,
        listPriceCents: spec.listPriceCents,
        listPriceText: `$${(spec.listPriceCents / 100).toLocaleString('en-US')}.00`,
        checkout: {
          priceCents: spec.checkoutPriceCents,
          taxCents: total - spec.checkoutPriceCents,
          totalCents: total,
        },
      });
    }
  });

  it('shows Dialogue Clean-Up at $167 on the card and charges $89 + $6.23 tax = $95.23', async () => {
    const res = await read(t.client.api.services.$get());
    const dcu = res.body.services.find((s: { sku: string }) => s.sku === 'DCU-001');
    expect(dcu.listPriceText).toBe('$167.00');
    expect(dcu.checkout).toMatchObject({
      priceText: '$89.00',
      taxText: '$6.23',
      totalText: '$95.23',
    });
  });
});

describe('GET /api/products', () => {
  it('answers only active products, with the spec fields, stock and a total', async () => {
    const res = await read(t.client.api.products.$get({ query: {} }));
    expect(res.status).toBe(200);
    const all = await t.db.select().from(products);
    const active = all.filter((p) => p.isActive);
    expect(res.body.total).toBe(active.length);
    expect(res.body.products.map((p: { sku: string }) => p.sku).sort()).toEqual(
      active.map((p) => p.sku).sort(),
    );
    expect(res.body.products.some((p: { isActive: boolean }) => !p.isActive)).toBe(false);
    const notebook = res.body.products.find((p: { sku: string }) => p.sku === 'BK-002');
    expect(notebook).toMatchObject({
      _id: notebook.id,
      priceCents: 1800,
      currentPriceCents: 1350,
      isOnSale: true,
      discountPercentage: 25,
      stock: 3,
      category: 'book',
      metadata: { type: 'book', tags: ['stationery', 'sessions'] },
    });
    const book = res.body.products.find((p: { sku: string }) => p.sku === 'BK-001');
    expect(book.externalUrl).toMatch(/^https:\/\/www\.barnesandnoble\.com\//);
  });

  it('filters by category and pages', async () => {
    const apparel = await read(t.client.api.products.$get({ query: { category: 'apparel' } }));
    expect(apparel.body.products.every((p: { category: string }) => p.category === 'apparel')).toBe(
      true,
    );
    expect(apparel.body.total).toBe(2); // the retired cap is inactive
    const page1 = await read(t.client.api.products.$get({ query: { pageSize: '2', page: '1' } }));
    const page2 = await read(t.client.api.products.$get({ query: { pageSize: '2', page: '2' } }));
    expect(page1.body.products).toHaveLength(2);
    expect(page2.body.products).toHaveLength(2);
    expect(page1.body.total).toBe(page2.body.total);
    const ids = [...page1.body.products, ...page2.body.products].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('answers 400 for an unknown category', async () => {
    const res = await read(t.client.api.products.$get({ query: { category: invalid('food') } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown category');
  });

  it('sends Cache-Control and an ETag, and answers 304 to If-None-Match when unchanged', async () => {
    const books = t.client.api.products;
    const first = await books.$get({ query: { category: 'book' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const second = await books.$get(
      { query: { category: 'book' } },
      { headers: { 'If-None-Match': tag ?? '' } },
    );
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');

    await t.db.update(products).set({ stock: 7 }).where(eq(products.sku, 'BK-001'));
    // A direct write is another process's: it reaches the cache by NOTIFY, a moment later.
    let changed: Response = second;
    for (let i = 0; i < 100 && changed.status === 304; i++) {
      await new Promise((r) => setTimeout(r, 20));
      changed = await books.$get(
        { query: { category: 'book' } },
        { headers: { 'If-None-Match': tag ?? '' } },
      );
    }
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('answers one active product by id, and 404 for an inactive, unknown or malformed id', async () => {
    const [active] = await t.db.select().from(products).where(eq(products.sku, 'DG-001'));
    const [inactive] = await t.db.select().from(products).where(eq(products.sku, 'AP-003'));
    const ok = await read(t.client.api.products[':id'].$get({ param: { id: String(active?.id) } }));
    expect(ok.status).toBe(200);
    expect(ok.body.product.name).toBe('Cinematic Impacts Vol. 1');
    for (const id of [inactive?.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await read(t.client.api.products[':id'].$get({ param: { id: String(id) } }));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/events', () => {
  it('lists events from today on, soonest first, with flyer URLs served with long cache headers', async () => {
    const day = 86_400_000;
    await t.storage.put(
      'flyers/test-flyer.jpg',
      Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]),
    );
    await t.db.insert(events).values([
      { title: 'Last Year', description: 'Gone', date: new Date(Date.now() - 365 * day) },
      { title: 'Yesterday', description: 'Gone', date: new Date(Date.now() - day) },
      {
        title: 'Tomorrow',
        description: 'Soon',
        date: new Date(Date.now() + day),
        flyerKey: 'flyers/test-flyer.jpg',
      },
    ]);
    const res = await read(t.client.api.events.$get());
    expect(res.status).toBe(200);
    const titles = res.body.events.map((e: { title: string }) => e.title);
    expect(titles).not.toContain('Last Year');
    expect(titles).not.toContain('Yesterday');
    expect(titles[0]).toBe('Tomorrow');
    const dates = res.body.events.map((e: { date: string }) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));

    const tomorrow = res.body.events[0];
    expect(tomorrow.flyer).toBe('/api/media/flyers/test-flyer.jpg');
    const image = await t.app.request(tomorrow.flyer);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    );
  });

  it('never serves project files or unknown media', async () => {
    await t.storage.put('submissions/abc-def', Readable.from([Buffer.from('secret mix')]));
    for (const p of [
      '/api/media/submissions/abc-def',
      '/api/media/flyers/missing.jpg',
      '/api/media/flyers/..%2f..%2fetc',
    ]) {
      const res = await t.app.request(p);
      expect(res.status).toBe(404);
    }
  });
});
