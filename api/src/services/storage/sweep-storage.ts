import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productFiles } from '../../db/schema/downloads.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import { events } from '../../db/schema/events.ts';
import { products } from '../../db/schema/products.ts';
import { projectVersionFiles } from '../../db/schema/project-room.ts';
import { submissionFiles } from '../../db/schema/project-submissions.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage, StoredFileInfo } from './storage.ts';

/** A `.part` file this old is a write nobody finishes (its writer, if alive, has stalled for it). */
export const ABANDONED_WRITE_AGE_MS = 60 * 60 * 1000;
/**
 * A stored file this old with no row naming it is an orphan: its request or job died between
 * storing it and committing its row, or its row was deleted without it. Uploads commit their row
 * seconds after the file is complete; a day leaves room for anything slow.
 */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The keys the sweep may remove: what uploads store, `<folder>/<uuid>`, with a variant's width
 * and an extension (`products/<uuid>-400.webp`). The part up to the uuid is the file's base:
 * every variant of an image shares it. Anything else (the seed's `products/seed-*` files and
 * their manifests, a folder this code does not know) is never touched.
 */
const sweepable =
  /^((?:submissions|products|product-files|project-files|flyers|blasts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-\d+)?(?:\.[a-z0-9]+)?$/;

const BATCH = 500;

/**
 * Which of `bases` a row still names, in any form: a submission's file, a blast's attachment,
 * an event's flyer or one of its variants' URLs, one of a product's image URLs, a digital
 * product's current file (a removed one's bytes are not kept), a project version's file. Matched by the
 * base within the stored text, so every variant, size and extension of a named image is kept.
 */
async function referencedBases(db: Db, bases: string[]): Promise<Set<string>> {
  if (bases.length === 0) return new Set();
  const list: SQL = sql.join(
    bases.map((b) => sql`${b}`),
    sql`, `,
  );
  const rows = await db.execute<{ base: string }>(sql`
    select b.base from unnest(array[${list}]::text[]) as b(base)
    where exists (select 1 from ${submissionFiles}
                   where starts_with(${submissionFiles.storageKey}, b.base))
       or exists (select 1 from ${emailBlasts}
                   where starts_with(${emailBlasts.attachmentKey}, b.base))
       or exists (select 1 from ${events}
                   where starts_with(${events.flyerKey}, b.base)
                      or strpos(${events.flyerImage}::text, b.base) > 0)
       or exists (select 1 from ${products} where strpos(${products.images}::text, b.base) > 0)
       or exists (select 1 from ${productFiles}
                   where ${productFiles.storageKey} = b.base and ${productFiles.removedAt} is null)
       or exists (select 1 from ${projectVersionFiles}
                   where ${projectVersionFiles.storageKey} = b.base)`);
  return new Set(rows.map((r) => r.base));
}

/**
 * Removes what storage holds for nobody (decision 021): the `.part` files of writes that never
 * finished (older than an hour, or at once when their process is gone), and stored files older
 * than a day that no row names. Files younger than that are never touched (they may belong to
 * an upload whose row is about to be committed), nor any whose base a row names, nor any key
 * an upload does not make (the seed's images). Run at start-up and every hour (server.ts).
 */
export async function sweepStorage({
  db,
  storage,
  log,
  now = Date.now(),
  abandonedWriteAgeMs = ABANDONED_WRITE_AGE_MS,
  orphanAgeMs = ORPHAN_AGE_MS,
}: {
  db: Db;
  storage: Storage;
  log: Logger;
  now?: number;
  abandonedWriteAgeMs?: number;
  orphanAgeMs?: number;
}): Promise<{ abandonedWrites: number; orphans: number }> {
  const abandonedWrites = await storage.removeAbandonedWrites(new Date(now - abandonedWriteAgeMs));
  const cutoff = now - orphanAgeMs;
  let orphans = 0;
  const removeUnreferenced = async (batch: { file: StoredFileInfo; base: string }[]) => {
    const named = await referencedBases(db, [...new Set(batch.map((c) => c.base))]);
    for (const { file, base } of batch) {
      if (named.has(base)) continue;
      await storage.delete(file.key);
      orphans += 1;
      log.info(
        { key: file.key, bytes: file.bytes, modifiedAt: file.modifiedAt.toISOString() },
        'removed a stored file no row names',
      );
    }
  };
  let batch: { file: StoredFileInfo; base: string }[] = [];
  for await (const file of storage.list('')) {
    const base = file.key.match(sweepable)?.[1];
    if (!base || file.modifiedAt.getTime() >= cutoff) continue;
    batch.push({ file, base });
    if (batch.length >= BATCH) {
      await removeUnreferenced(batch);
      batch = [];
    }
  }
  await removeUnreferenced(batch);
  if (abandonedWrites || orphans) log.info({ abandonedWrites, orphans }, 'storage swept');
  return { abandonedWrites, orphans };
}
