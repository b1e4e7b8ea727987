/**
 * An uploaded (or seeded) image as a page renders it through `<picture>`: AVIF and WebP
 * `<source srcset>`s and a JPEG `<img srcset>`, with the intrinsic size so the page reserves the
 * space before it loads. The API makes these at upload (api/src/services/uploads/store-image-variants.ts).
 */
export interface ImageVariants {
  /** The largest JPEG: the `src` of browsers without `srcset`, and the spec's image URL. */
  url: string;
  /** Intrinsic size of the largest variant, in pixels. */
  width: number;
  height: number;
  /** `srcset` values per format, e.g. `/api/media/products/x-320.avif 320w, ...`. */
  srcset: { avif: string; webp: string; jpeg: string };
}

/**
 * Widths made of each image, never wider than the upload: a 1280-pixel variant covers a card
 * about 640 CSS pixels wide on a 2x screen, more than any card on the site shows.
 */
export const imageVariantWidths = [320, 640, 960, 1280] as const;
