import { serviceCatalog } from '@studio/shared/catalog/services';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Storage } from '../services/storage/storage.ts';
import type { Db } from './client.ts';
import { events } from './schema/events.ts';
import { products } from './schema/products.ts';
import { services } from './schema/services.ts';
import { stockMovements } from './schema/stock-movements.ts';
import { eventArtwork, productArtwork } from './seed-artwork.ts';
import { seedProductFiles } from './seed-files.ts';
import { ensureSeedImage } from './seed-images.ts';

const day = 24 * 60 * 60 * 1000;

/** A seeded product; its image is generated (seed-artwork.ts): the name over a pattern. */
type SeedProduct = Omit<typeof products.$inferInsert, 'images'>;

export const seedProducts: SeedProduct[] = [
  {
    sku: 'BK-001',
    name: 'Listening Between the Lines',
    description: 'A field guide to critical listening for producers, editors and curious ears.',
    category: 'book',
    priceCents: 2499,
    stock: 40,
    tags: ['audio', 'production', 'education', 'paperback'],
    metadata: {
      type: 'book',
      barnesNobleUrl: 'https://www.barnesandnoble.com/s/listening-between-the-lines',
      externalUrl: 'https://www.barnesandnoble.com/s/listening-between-the-lines',
    },
  },
  {
    sku: 'BK-002',
    name: 'The Studio Notebook',
    description: 'A dot-grid notebook with session sheets, track lists and mix notes.',
    category: 'book',
    priceCents: 1800,
    salePriceCents: 1350,
    stock: 3,
    tags: ['stationery', 'sessions'],
    metadata: { type: 'book' },
  },
  {
    sku: 'AP-001',
    name: 'Community Tee',
    description: 'Heavyweight cotton tee with the community logo, printed locally.',
    category: 'apparel',
    priceCents: 2800,
    stock: 25,
    tags: ['cotton', 'unisex', 'merch'],
    metadata: {},
  },
  {
    sku: 'AP-002',
    name: 'Studio Hoodie',
    description: 'Midweight hoodie for long sessions in cold rooms.',
    category: 'apparel',
    priceCents: 5400,
    salePriceCents: 4320,
    stock: 12,
    tags: ['hoodie', 'merch'],
    metadata: { type: 'shopify', shopifyUrl: 'https://shop.example.com/products/studio-hoodie' },
  },
  {
    sku: 'AP-003',
    name: 'Tour Cap (retired)',
    description: "Last season's cap; no longer sold.",
    category: 'apparel',
    priceCents: 2200,
    stock: 0,
    isActive: false,
    tags: ['cap'],
    metadata: {},
  },
  {
    sku: 'DG-001',
    name: 'Cinematic Impacts Vol. 1',
    description: '120 designed hits, booms and risers for trailers and games, 24-bit WAV.',
    category: 'digital',
    priceCents: 3900,
    stock: 1000,
    tags: ['samples', 'trailer', 'sound design', 'wav', 'royalty-free'],
    metadata: {},
  },
  {
    sku: 'DG-002',
    name: 'UI Clicks & Confirms',
    description: '200 interface sounds in consistent families, ready for apps and games.',
    category: 'digital',
    priceCents: 1900,
    stock: 1000,
    tags: ['samples', 'ui'],
    metadata: {},
  },
];

export function seedEvents(now = Date.now()): (typeof events.$inferInsert)[] {
  return [
    {
      title: 'Open Studio Night',
      description: 'Bring a mix, hear it on the big monitors and get notes from the team.',
      date: new Date(now + 14 * day),
      location: 'Main Studio',
    },
    {
      title: 'Sound Design Workshop',
      description: 'Two hours of recording and designing Foley from everyday objects.',
      date: new Date(now + 30 * day),
      location: 'Room B',
      ticketLink: 'https://tickets.example.com/sound-design-workshop',
    },
    {
      title: 'Community Server Build Night',
      description: 'Build with the community on the modded server, with a live soundtrack.',
      date: new Date(now + 45 * day),
    },
  ];
}

async function isEmpty(db: Db, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Paths the seed used before it shipped images: they never existed, and answer 404. */
const isLegacySeedImage = (url: string) => url.startsWith('/images/products/');

/** The seed's image of a product: its generated artwork, resized like an upload. */
async function productImage(storage: Storage, product: SeedProduct) {
  const image = await ensureSeedImage({
    storage,
    keyBase: `products/seed-${product.sku.toLowerCase()}`,
    svg: productArtwork(product),
  });
  return { ...image, alt: `${product.name} artwork` };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The seed's flyer of an event, as `flyerKey` and `flyerImage`. */
async function eventFlyer(storage: Storage, event: { title: string; location?: string | null }) {
  const keyBase = `flyers/seed-${slug(event.title)}`;
  const image = await ensureSeedImage({ storage, keyBase, svg: eventArtwork(event) });
  return { flyerKey: `${keyBase}.jpg`, flyerImage: image };
}

/**
 * Fills each table only while it is empty, so admins' edits survive a restart. Seeded products
 * and events get generated artwork (seed-artwork.ts) stored like uploads; a database seeded
 * before that gets it in place of the old placeholder paths and missing flyers. Repeatable: the
 * images have fixed keys, and a restart finds them in storage rather than encoding them again.
 */
export async function seed(db: Db, { storage }: { storage: Storage }): Promise<void> {
  if (await isEmpty(db, services)) {
    await db.insert(services).values(serviceCatalog.map((s, i) => ({ ...s, sortOrder: i })));
  }

  if (await isEmpty(db, products)) {
    const rows = await Promise.all(
      seedProducts.map(async (p) => ({ ...p, images: [await productImage(storage, p)] })),
    );
    const inserted = await db.insert(products).values(rows).returning();
    // Their stock begins their history (decision 037).
    const stocked = inserted.filter((p) => p.stock > 0);
    if (stocked.length > 0)
      await db.insert(stockMovements).values(
        stocked.map((p) => ({
          productId: p.id,
          delta: p.stock,
          stockAfter: p.stock,
          cause: 'initial' as const,
        })),
      );
  } else {
    const skus = seedProducts.map((p) => p.sku);
    const existing = await db.select().from(products).where(inArray(products.sku, skus));
    for (const row of existing) {
      if (!row.images.some((i) => isLegacySeedImage(i.url))) continue;
      const seeded = seedProducts.find((p) => p.sku === row.sku);
      if (!seeded) continue;
      const image = await productImage(storage, seeded);
      const images = row.images.filter((i) => !isLegacySeedImage(i.url));
      await db
        .update(products)
        .set({ images: [image, ...images] })
        .where(eq(products.id, row.id));
    }
  }

  // The digital products' demo files (seed-files.ts), once.
  await seedProductFiles(db, storage);

  if (await isEmpty(db, events)) {
    const rows = await Promise.all(
      seedEvents().map(async (e) => ({ ...e, ...(await eventFlyer(storage, e)) })),
    );
    await db.insert(events).values(rows);
  } else {
    const seeded = seedEvents();
    const bare = await db
      .select()
      .from(events)
      .where(
        and(
          inArray(
            events.title,
            seeded.map((e) => e.title),
          ),
          isNull(events.flyerKey),
        ),
      );
    for (const row of bare) {
      await db
        .update(events)
        .set(await eventFlyer(storage, row))
        .where(eq(events.id, row.id));
    }
  }
}
