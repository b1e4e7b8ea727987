import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { productFiles } from './schema/downloads.ts';
import { events } from './schema/events.ts';
import { products } from './schema/products.ts';
import { seed, seedEvents, seedProducts } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const contentTypes = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

interface Picture {
  url: string;
  width?: number;
  height?: number;
  srcset?: Record<keyof typeof contentTypes, string>;
}

/** Every URL a browser may fetch for the picture, with the type it must answer. */
function urlsOf(picture: Picture): { url: string; type: string; width?: number }[] {
  const all: { url: string; type: string; width?: number }[] = [
    { url: picture.url, type: 'image/jpeg', width: picture.width },
  ];
  for (const [format, srcset] of Object.entries(picture.srcset ?? {})) {
    for (const candidate of srcset.split(', ')) {
      const [url = '', w = ''] = candidate.split(' ');
      all.push({
        url,
        type: contentTypes[format as keyof typeof contentTypes],
        width: Number(w.slice(0, -1)),
      });
    }
  }
  return all;
}

async function expectServed(picture: Picture) {
  expect(picture.width).toBeGreaterThan(0);
  expect(picture.height).toBeGreaterThan(0);
  expect(Object.keys(picture.srcset ?? {}).sort()).toEqual(['avif', 'jpeg', 'webp']);
  for (const { url, type, width } of urlsOf(picture)) {
    const res = await t.app.request(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type'), url).toBe(type);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width, url).toBe(width);
    expect(meta.format, url).toBe(
      type === 'image/jpeg' ? 'jpeg' : type.slice(6) === 'avif' ? 'heif' : 'webp',
    );
  }
}

describe('the seed', () => {
  it('gives every seeded product an image whose every variant answers 200 with its type', async () => {
    const rows = await t.db.select().from(products);
    expect(rows.map((r) => r.sku).sort()).toEqual(seedProducts.map((p) => p.sku).sort());
    for (const row of rows) {
      expect(row.images.length, row.sku).toBeGreaterThan(0);
      for (const image of row.images) await expectServed(image);
    }
    // And as the shop reads them.
    const shop = await read(t.client.api.products.$get({ query: { pageSize: '100' } }));
    expect(shop.status).toBe(200);
    for (const product of shop.body.products) {
      expect(product.images[0]).toMatchObject({ width: 960, height: 720 });
    }
  });

  it('gives every seeded event a flyer whose every variant answers 200 with its type', async () => {
    const rows = await t.db.select().from(events);
    expect(rows).toHaveLength(seedEvents().length);
    const listed = await read(t.client.api.events.$get());
    expect(listed.body.events).toHaveLength(rows.length);
    for (const event of listed.body.events) {
      expect(event.flyer).toBe(event.flyerImage.url);
      expect(event.flyerImage).toMatchObject({ width: 720, height: 960 });
      await expectServed(event.flyerImage);
    }
  });

  it('gives the seeded digital products a demo file buyers can download, stored as it says', async () => {
    const rows = await t.db
      .select({ sku: products.sku, file: productFiles })
      .from(productFiles)
      .innerJoin(products, eq(products.id, productFiles.productId));
    expect(rows.map((r) => r.sku).sort()).toEqual(['DG-001', 'DG-002']);
    for (const { file } of rows) {
      const { stream, bytes } = await t.storage.get(file.storageKey);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      expect(bytes).toBe(file.sizeBytes);
      expect(createHash('sha256').update(data).digest('hex')).toBe(file.sha256);
      expect(data.subarray(0, 4).toString()).toBe('RIFF');
      expect(file.name).toMatch(/\.wav$/);
    }
  });

  it('runs again quickly without adding rows or files', async () => {
    const files = async () => [
      ...(await t.storedKeys('products/')),
      ...(await t.storedKeys('product-files/')),
      ...(await t.storedKeys('flyers/')),
    ];
    const before = { files: await files(), products: await t.db.select().from(products) };
    const started = performance.now();
    await seed(t.db, { storage: t.storage });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await files()).toEqual(before.files);
    expect(await t.db.select().from(products)).toEqual(before.products);
    expect(await t.db.select().from(productFiles)).toHaveLength(2);
  });

  it('replaces the image paths of an older seed, which never existed, and gives its events flyers', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'BK-001'));
    const kept = { url: 'https://cdn.example.com/back.jpg', alt: 'Back cover' };
    await t.db
      .update(products)
      .set({ images: [{ url: '/images/products/listening-book.jpg', alt: 'Cover' }, kept] })
      .where(eq(products.sku, 'BK-001'));
    const [seededEvent] = await t.db.select().from(events).limit(1);
    await t.db
      .update(events)
      .set({ flyerKey: null, flyerImage: null })
      .where(eq(events.id, seededEvent?.id ?? ''));

    await seed(t.db, { storage: t.storage });
    const [after] = await t.db.select().from(products).where(eq(products.sku, 'BK-001'));
    expect(after?.images).toEqual([row?.images[0], kept]);
    const [event] = await t.db
      .select()
      .from(events)
      .where(eq(events.id, seededEvent?.id ?? ''));
    expect(event?.flyerKey).toBe(seededEvent?.flyerKey);
    expect(event?.flyerImage).toEqual(seededEvent?.flyerImage);
  });
});
