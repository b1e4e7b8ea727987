import { serviceCatalog } from '@studio/shared/catalog/services';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { events } from './schema/events.ts';
import { products } from './schema/products.ts';
import { services } from './schema/services.ts';

const day = 24 * 60 * 60 * 1000;

export const seedProducts: (typeof products.$inferInsert)[] = [
  {
    sku: 'BK-001',
    name: 'Listening Between the Lines',
    description: 'A field guide to critical listening for producers, editors and curious ears.',
    category: 'book',
    priceCents: 2499,
    stock: 40,
    images: [
      { url: '/images/products/listening-book.jpg', alt: 'Cover of Listening Between the Lines' },
    ],
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
    images: [{ url: '/images/products/studio-notebook.jpg', alt: 'The Studio Notebook, open' }],
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
    images: [
      { url: '/images/products/community-tee.jpg', alt: 'Black tee with the community logo' },
    ],
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
    images: [],
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
    images: [],
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
    images: [{ url: '/images/products/cinematic-impacts.jpg', alt: 'Cinematic Impacts artwork' }],
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
    images: [],
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

/** Fills each table only while it is empty, so admins' edits survive a restart. */
export async function seed(db: Db): Promise<void> {
  if (await isEmpty(db, services)) {
    await db.insert(services).values(serviceCatalog.map((s, i) => ({ ...s, sortOrder: i })));
  }
  if (await isEmpty(db, products)) await db.insert(products).values(seedProducts);
  if (await isEmpty(db, events)) await db.insert(events).values(seedEvents());
}
