import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import { events } from '../../db/schema/events.ts';
import { products } from '../../db/schema/products.ts';
import { submissionFiles } from '../../db/schema/project-submissions.ts';
import { seed } from '../../db/seed.ts';
import { createLogger } from '../../lib/logger.ts';
import { localDiskStorage } from '../../storage/local-disk.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestDatabase } from '../../test/setup-db.ts';
import { createSubmission } from '../../test/submissions.ts';
import { sweepStorage } from './sweep-storage.ts';

let db: Db;
let end: () => Promise<unknown>;
let root: string;
let storage: Storage;
const log = createLogger({ LOG_LEVEL: 'silent' });

beforeAll(async () => {
  const client = createDb(await createTestDatabase(), { max: 2 });
  db = client.db;
  end = () => client.sql.end();
  root = path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-sweep-')), 'uploads');
  storage = localDiskStorage(root);
  await seed(db, { storage });
});
afterAll(() => end?.());

const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600_000);
function place(rel: string, modified: Date) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, modified, modified);
}
function allFiles(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('the storage sweep', () => {
  it('removes old files no row names and abandoned writes, and nothing else', async () => {
    const seedFiles = allFiles();
    expect(seedFiles.some((f) => f.startsWith('products/seed-'))).toBe(true);
    // The seed's images are old and match no upload's key: never candidates.
    for (const f of seedFiles) utimesSync(path.join(root, f), daysAgo(30), daysAgo(30));

    const id = () => randomUUID();
    const [sub, blast, flyer, image, lost, lostImage, lostBlast, lostFlyer, young] = Array.from(
      { length: 9 },
      id,
    );
    // Named by rows.
    const { submission } = await createSubmission(db);
    await db.insert(submissionFiles).values({
      submissionId: submission.id,
      originalName: 'mix.wav',
      storageKey: `submissions/${sub}`,
      contentType: 'audio/wav',
      sizeBytes: 1,
    });
    await db.insert(emailBlasts).values({ subject: 'Hi', attachmentKey: `blasts/${blast}.pdf` });
    await db.insert(events).values({
      title: 'Show',
      description: 'A show',
      date: daysAgo(-10),
      flyerKey: `flyers/${flyer}.jpg`,
      flyerImage: {
        url: `/api/media/flyers/${flyer}.jpg`,
        width: 800,
        height: 600,
        srcset: {
          avif: `/api/media/flyers/${flyer}-400.avif 400w`,
          webp: `/api/media/flyers/${flyer}-400.webp 400w`,
          jpeg: `/api/media/flyers/${flyer}-400.jpg 400w`,
        },
      },
    });
    await db.insert(products).values({
      sku: 'SWEEP-1',
      name: 'Swept',
      category: 'book',
      priceCents: 100,
      images: [{ url: `/api/media/products/${image}.jpg`, alt: 'A book' }],
    });
    const named = [
      `submissions/${sub}`,
      `blasts/${blast}.pdf`,
      `flyers/${flyer}.jpg`,
      `flyers/${flyer}-400.webp`,
      // A variant no URL lists still shares its image's base.
      `flyers/${flyer}-1200.avif`,
      `products/${image}.jpg`,
      `products/${image}-400.avif`,
    ];
    const orphans = [
      `submissions/${lost}`,
      `products/${lostImage}`,
      `products/${lostImage}.jpg`,
      `products/${lostImage}-400.webp`,
      `blasts/${lostBlast}.png`,
      `flyers/${lostFlyer}.jpg`,
    ];
    const kept = [
      // Too young: its upload's row may be about to be committed.
      `submissions/${young}`,
      // Not an upload's key.
      'products/seed-gone.jpg',
      `other/${id()}`,
    ];
    for (const f of [...named, ...orphans, ...kept.slice(1)]) place(f, daysAgo(2));
    place(kept[0] ?? '', new Date(Date.now() - 3600_000));
    place(`submissions/${id()}.0123456789ab.part`, new Date(Date.now() - 2 * 3600_000));
    place(`submissions/${id()}.0123456789ab.part`, new Date());

    const result = await sweepStorage({ db, storage, log });
    expect(result).toEqual({ abandonedWrites: 1, orphans: orphans.length });
    const left = allFiles();
    expect(left.filter((f) => f.endsWith('.part'))).toHaveLength(1);
    expect(left.filter((f) => !f.endsWith('.part'))).toEqual(
      [...seedFiles, ...named, ...kept].sort(),
    );
    // Nothing more to do.
    expect(await sweepStorage({ db, storage, log })).toEqual({ abandonedWrites: 0, orphans: 0 });
  });

  it('reads the rows in batches: many candidates, one named', async () => {
    const { submission } = await createSubmission(db);
    const keys = Array.from({ length: 1203 }, () => `submissions/${randomUUID()}`);
    for (const k of keys) place(k, daysAgo(3));
    const keep = keys[777] ?? '';
    await db.insert(submissionFiles).values({
      submissionId: submission.id,
      originalName: 'kept.wav',
      storageKey: keep,
      contentType: 'audio/wav',
      sizeBytes: 1,
    });
    const result = await sweepStorage({ db, storage, log });
    expect(result.orphans).toBe(1202);
    expect(allFiles().filter((f) => keys.includes(f))).toEqual([keep]);
  });
});
