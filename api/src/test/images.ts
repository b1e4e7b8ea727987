import sharp from 'sharp';

/**
 * A real JPEG photo stand-in: a gradient of `width` x `height`, small on disk. `exif` adds EXIF
 * (camera, GPS-free) and an orientation, as a phone writes them.
 */
export async function testJpeg({
  width = 800,
  height = 600,
  orientation,
  exif = false,
}: {
  width?: number;
  height?: number;
  orientation?: number;
  exif?: boolean;
} = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#7048e8"/><stop offset="1" stop-color="#15aabf"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: '#000' });
  if (exif || orientation) {
    image = image.withMetadata({
      ...(orientation ? { orientation } : {}),
      ...(exif
        ? { exif: { IFD0: { Make: 'TestCam', Model: 'Studio 1', Copyright: 'Tester' } } }
        : {}),
    });
  }
  return image.jpeg({ quality: 70 }).toBuffer();
}
