import { Readable } from 'node:stream';
import { type ImageVariants, imageVariantWidths } from '@studio/shared/images';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { Storage } from '../storage/storage.ts';

/** The upload is not an image sharp can decode (a broken file with an image's first bytes). */
export class UnreadableImageError extends Error {}

/**
 * A decompression bomb (a small PNG of huge dimensions) would take gigabytes to decode; 64
 * megapixels is above any camera photo a shop or a flyer needs.
 */
const maxInputPixels = 64_000_000;

const formats = ['avif', 'webp', 'jpeg'] as const;
type Format = (typeof formats)[number];
const extension: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

export interface VariantOptions {
  /**
   * AVIF encoder effort, 0 (fastest) to 9. The default 4 takes seconds per image on a small
   * machine; 2 makes files a few per cent larger in a fifth of the time.
   */
  avifEffort?: number;
  widths?: readonly number[];
}

/** The public URL of a stored key (served by routes/media.ts). */
export const mediaUrl = (key: string) => `/api/media/${key}`;

/** Every storage key an image's variants occupy, read back from its URLs. */
export function variantKeys(image: Pick<ImageVariants, 'url'> & Partial<ImageVariants>): string[] {
  const urls = [image.url];
  for (const srcset of Object.values(image.srcset ?? {})) {
    for (const candidate of srcset.split(',')) urls.push(candidate.trim().split(/\s+/)[0] ?? '');
  }
  const keys = urls
    .map((url) => url.match(/^\/api\/media\/((?:products|flyers)\/[a-z0-9-]+\.[a-z]+)$/)?.[1])
    .filter((key): key is string => Boolean(key));
  return [...new Set(keys)];
}

/** Removes every variant of an image; a file already gone is not an error. */
export async function deleteImageVariants(
  storage: Storage,
  image: Pick<ImageVariants, 'url'> & Partial<ImageVariants>,
): Promise<void> {
  await Promise.all(variantKeys(image).map((key) => storage.delete(key)));
}

function encode(pipeline: Sharp, format: Format, options: VariantOptions) {
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: options.avifEffort ?? 2 });
  if (format === 'webp') return pipeline.webp({ quality: 78, effort: 4 });
  // Alpha (a PNG's transparency) has no place in a JPEG: flatten it onto white.
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
}

/**
 * Resizes an image into the widths of `imageVariantWidths` that are not wider than it (always
 * at least one, its own width up to the largest), each as AVIF, WebP and JPEG, turned upright by
 * its EXIF orientation and with every bit of metadata (EXIF, GPS, XMP, ICC) left out: sharp
 * writes none unless asked. Stored as `<keyBase>-<width>.<ext>`, except the largest JPEG, the
 * fallback, at `<keyBase>.jpg`. On any failure the variants written so far are removed; input
 * that does not decode throws `UnreadableImageError`.
 */
export async function storeImageVariants({
  storage,
  input,
  keyBase,
  options = {},
}: {
  storage: Storage;
  input: Buffer;
  keyBase: string;
  options?: VariantOptions;
}): Promise<ImageVariants> {
  const widths = options.widths ?? imageVariantWidths;
  const largest = Math.max(...widths);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright and at most the largest width (JPEG shrinks while decoding); every
    // variant is then made from these pixels.
    base = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'truncated' })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  const { width, height, channels } = base.info;
  const sizes = [...new Set([...widths.filter((w) => w < width), Math.min(width, largest)])];
  const keyOf = (w: number, format: Format) =>
    format === 'jpeg' && w === width ? `${keyBase}.jpg` : `${keyBase}-${w}.${extension[format]}`;

  const written: string[] = [];
  try {
    // One variant at a time: libvips already spreads each encode over the cores.
    for (const w of sizes) {
      const resized = await sharp(base.data, { raw: { width, height, channels } })
        .resize({ width: w })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: resized.info };
      for (const format of formats) {
        const bytes = await encode(sharp(resized.data, raw), format, options).toBuffer();
        const key = keyOf(w, format);
        written.push(key);
        await storage.put(key, Readable.from([bytes]));
      }
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
  const srcset = (format: Format) =>
    sizes.map((w) => `${mediaUrl(keyOf(w, format))} ${w}w`).join(', ');
  return {
    url: mediaUrl(`${keyBase}.jpg`),
    width,
    height,
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
  };
}

/** Reads a stored file whole: uploads that reach here are images of 5 MB at most. */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const { stream } = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
