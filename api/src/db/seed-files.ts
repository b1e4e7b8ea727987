import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Storage } from '../services/storage/storage.ts';
import type { Db } from './client.ts';
import { productFiles } from './schema/downloads.ts';
import { products } from './schema/products.ts';

const RATE = 44_100;

/** A 16-bit stereo WAV of `seconds`, each sample made by `at(t)` (in -1..1). */
function wav(seconds: number, at: (t: number) => number): Buffer {
  const frames = Math.round(seconds * RATE);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.max(-1, Math.min(1, at(i / RATE)));
    const s = Math.round(v * 32_000);
    data.writeInt16LE(s, i * 4);
    data.writeInt16LE(s, i * 4 + 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(2, 22);
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * 4, 28);
  head.writeUInt16LE(4, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/**
 * The seeded digital products' demo files, made in code by this project (no recordings): a
 * low boom with a falling pitch for the impacts pack, three short clicks for the UI pack. A
 * fresh install can be bought and downloaded from end to end; the shop owner replaces them.
 */
export const seedFiles: Record<string, { name: string; bytes: () => Buffer }> = {
  'DG-001': {
    name: 'Cinematic Impacts Vol. 1 - demo boom.wav',
    bytes: () => wav(2, (t) => Math.exp(-t * 2.5) * Math.sin(2 * Math.PI * (55 * t - 8 * t * t))),
  },
  'DG-002': {
    name: 'UI Clicks & Confirms - demo.wav',
    bytes: () =>
      wav(1.2, (t) => {
        const start = [0, 0.4, 0.8].find((s) => t >= s && t < s + 0.08);
        return start === undefined
          ? 0
          : Math.exp(-(t - start) * 60) * Math.sin(2 * Math.PI * 2000 * (t - start));
      }),
  },
};

/**
 * Gives each seeded digital product that never had a file its demo file (stored under
 * `product-files/seed-<sku>.wav`, a key the storage sweep never touches). A product whose file the
 * admin removed or replaced keeps what the admin left.
 */
export async function seedProductFiles(db: Db, storage: Storage): Promise<void> {
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, Object.keys(seedFiles)));
  for (const product of rows) {
    const seeded = seedFiles[product.sku];
    if (!seeded) continue;
    const [had] = await db
      .select({ id: productFiles.id })
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
      .limit(1);
    if (had) continue;
    const bytes = seeded.bytes();
    const storageKey = `product-files/seed-${product.sku.toLowerCase()}.wav`;
    await storage.put(storageKey, Readable.from([bytes]));
    await db
      .insert(productFiles)
      .values({
        productId: product.id,
        storageKey,
        name: seeded.name,
        contentType: 'audio/wav',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
      .onConflictDoNothing();
  }
}
