import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminHost } from '../../admin-context';

/**
 * A product image URL as the dashboard can load it: the API answers `/api/media/...` (and the
 * seed `/images/...`) relative to its own origin, which is not the page's in the desktop console.
 */
export function useImageSrc(): (url: string) => string {
  const { apiBase } = useAdminHost();
  return (url) => (url.startsWith('/') ? `${apiBase.replace(/\/$/, '')}${url}` : url);
}

/** A square image, or a "no image" mark when there is none or it fails to load. */
export function ProductThumb({
  url,
  alt,
  size = 44,
}: {
  url: string | undefined;
  alt: string;
  size?: number;
}) {
  const src = useImageSrc();
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
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
    );
  }
  return (
    <Image
      src={src(url)}
      alt={alt}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(url)}
    />
  );
}
