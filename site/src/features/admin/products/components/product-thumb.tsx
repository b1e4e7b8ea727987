import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { type PictureSource, ResponsiveImage } from '../../../../components/ui/responsive-image';
import { useApiUrl } from '../../admin-context';

/** A product image URL as the dashboard can load it (see `useApiUrl`). */
export const useImageSrc = useApiUrl;

/** A square image, or a "no image" mark when there is none or it fails to load. */
export function ProductThumb({
  image,
  alt,
  size = 44,
}: {
  image: PictureSource | undefined;
  alt: string;
  size?: number;
}) {
  const src = useImageSrc();
  return (
    <ResponsiveImage
      image={image}
      alt={alt}
      sizes={`${size}px`}
      resolve={src}
      style={{
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 'var(--mantine-radius-sm)',
        flex: 'none',
        display: 'block',
      }}
      fallback={
        <Center
          w={size}
          h={size}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 'none' }}
          aria-label="No image"
          role="img"
        >
          <IconPhotoOff size={size / 2.2} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      }
    />
  );
}
