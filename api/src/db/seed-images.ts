import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ImageVariants } from '@studio/shared/images';
import sharp from 'sharp';
import { localDiskStorage } from '../services/storage/local-disk-storage.ts';
import type { Storage } from '../services/storage/storage.ts';
import {
  readStored,
  storeImageVariants,
  variantKeys,
} from '../services/uploads/store-image-variants.ts';

/**
 * The seed's artwork goes through the upload pipeline (store-image-variants.ts) into storage. Encoding
 * a few dozen AVIF/WebP/JPEG files takes seconds, so each result is kept twice:
 * - in storage, beside the variants, as `<keyBase>.json`: a restart reads it and encodes nothing;
 * - in a scratch cache under the system's temporary folder, keyed by the SVG and the encoder's
 *   version: a fresh data folder (every API test file has one) copies files instead of encoding.
 * Neither copy is needed for correctness: without them the seed encodes again.
 */

/** Encoder settings of the seed: AVIF effort 0, as seeding runs while the server starts. */
const seedOptions = { avifEffort: 0 };
const cacheRoot = path.join(os.tmpdir(), 'studio-seed-images');

const manifestKey = (keyBase: string) => `${keyBase}.json`;

async function readManifest(storage: Storage, keyBase: string): Promise<ImageVariants | null> {
  if (!(await storage.exists(manifestKey(keyBase)))) return null;
  try {
    return JSON.parse((await readStored(storage, manifestKey(keyBase))).toString('utf8'));
  } catch {
    return null;
  }
}

async function writeManifest(storage: Storage, keyBase: string, image: ImageVariants) {
  await storage.put(manifestKey(keyBase), Readable.from([Buffer.from(JSON.stringify(image))]));
}

async function copy(from: Storage, to: Storage, keys: string[]) {
  for (const key of keys) await to.put(key, (await from.get(key)).stream);
}

/** The variants of one piece of seed artwork, in `storage` under `keyBase` (e.g. `products/seed-bk-001`). */
export async function ensureSeedImage({
  storage,
  keyBase,
  svg,
}: {
  storage: Storage;
  keyBase: string;
  svg: Buffer;
}): Promise<ImageVariants> {
  const stored = await readManifest(storage, keyBase);
  if (stored && (await storage.exists(`${keyBase}.jpg`))) return stored;

  const hash = createHash('sha256')
    .update(svg)
    .update(JSON.stringify(seedOptions))
    .update(sharp.versions.vips ?? '')
    .digest('hex')
    .slice(0, 16);
  const cache = localDiskStorage(path.join(cacheRoot, hash));
  let image = await readManifest(cache, keyBase);
  try {
    if (!image) {
      image = await storeImageVariants({
        storage: cache,
        input: svg,
        keyBase,
        options: seedOptions,
      });
      // Written last: a cache entry with a manifest is complete.
      await writeManifest(cache, keyBase, image);
    }
    await copy(cache, storage, variantKeys(image));
  } catch {
    // A scratch folder that cannot be written or was partly cleaned up: encode into storage.
    image = await storeImageVariants({ storage, input: svg, keyBase, options: seedOptions });
  }
  await writeManifest(storage, keyBase, image);
  return image;
}
