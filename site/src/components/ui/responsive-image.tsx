import type { ImageVariants } from '@studio/shared/images';
import { type CSSProperties, type ReactNode, useState } from 'react';

/** An image as the API gives it: variants when it was resized at upload, else a single URL. */
export type PictureSource = Pick<ImageVariants, 'url'> & Partial<Omit<ImageVariants, 'url'>>;

interface ResponsiveImageProps {
  image: PictureSource | null | undefined;
  alt: string;
  /** The `sizes` of every source: how wide the image is drawn, e.g. `(min-width: 62em) 33vw, 100vw`. */
  sizes: string;
  /** Above the fold: load at once and early. Otherwise lazily, once scrolled near. */
  priority?: boolean;
  /** Shown when there is no image or it fails to load (spec 2: the shop's placeholder). */
  fallback: ReactNode;
  /** Makes the API's `/api/...` URLs absolute where the page is on another origin (the console). */
  resolve?: (url: string) => string;
  className?: string;
  style?: CSSProperties;
}

/** Every URL of a `srcset` passed through `resolve`, keeping the width descriptors. */
function mapSrcset(srcset: string, resolve: (url: string) => string): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [resolve(url), ...descriptor].join(' ');
    })
    .join(', ');
}

const same = (url: string) => url;

/** The smallest JPEG of an image, for a thumbnail drawn a few dozen pixels wide (the cart). */
export function smallestJpeg(image: PictureSource | null | undefined): string | undefined {
  return image?.srcset?.jpeg.split(',')[0]?.trim().split(/\s+/)[0] || image?.url;
}

/**
 * `<picture>` with AVIF and WebP sources and a JPEG `<img>` fallback, each with `srcset` and
 * `sizes`, so the browser fetches the smallest file its screen needs in the best format it
 * reads; width and height reserve the space (no layout shift). Missing or failing: `fallback`.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  priority = false,
  fallback,
  resolve = same,
  className,
  style,
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!image?.url || failed === image.url) return <>{fallback}</>;
  const srcset = image.srcset;
  return (
    // `display: contents`: the <img> is laid out as if it stood alone, as it did before.
    <picture style={{ display: 'contents' }}>
      {srcset && (
        <source type="image/avif" srcSet={mapSrcset(srcset.avif, resolve)} sizes={sizes} />
      )}
      {srcset && (
        <source type="image/webp" srcSet={mapSrcset(srcset.webp, resolve)} sizes={sizes} />
      )}
      <img
        src={resolve(image.url)}
        srcSet={srcset ? mapSrcset(srcset.jpeg, resolve) : undefined}
        sizes={srcset ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(image.url)}
        className={className}
        style={style}
      />
    </picture>
  );
}
