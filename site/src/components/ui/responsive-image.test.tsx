import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage, smallestJpeg } from './responsive-image';

const image = {
  url: '/api/media/products/a.jpg',
  width: 960,
  height: 720,
  srcset: {
    avif: '/api/media/products/a-320.avif 320w, /api/media/products/a-960.avif 960w',
    webp: '/api/media/products/a-320.webp 320w, /api/media/products/a-960.webp 960w',
    jpeg: '/api/media/products/a-320.jpg 320w, /api/media/products/a.jpg 960w',
  },
};
const fallback = <span>No picture</span>;

describe('ResponsiveImage', () => {
  it('renders AVIF and WebP sources and a JPEG img with srcset, sizes, size and lazy loading', () => {
    const { container } = render(
      <ResponsiveImage image={image} alt="Cover" sizes="50vw" fallback={fallback} />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', image.srcset.avif],
      ['image/webp', image.srcset.webp],
    ]);
    expect(sources.every((s) => s.getAttribute('sizes') === '50vw')).toBe(true);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img.getAttribute('src')).toBe(image.url);
    expect(img.getAttribute('srcset')).toBe(image.srcset.jpeg);
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['960', '720']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });

  it('loads at once when it is above the fold', () => {
    render(<ResponsiveImage image={image} alt="Hero" sizes="100vw" priority fallback={fallback} />);
    expect(screen.getByRole('img', { name: 'Hero' }).getAttribute('loading')).toBe('eager');
  });

  it('makes every URL absolute with `resolve`, keeping the width descriptors', () => {
    const { container } = render(
      <ResponsiveImage
        image={image}
        alt="Cover"
        sizes="44px"
        resolve={(url) => `https://api.example.com${url}`}
        fallback={fallback}
      />,
    );
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe(
      'https://api.example.com/api/media/products/a-320.avif 320w, https://api.example.com/api/media/products/a-960.avif 960w',
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      'https://api.example.com/api/media/products/a.jpg',
    );
  });

  it('shows a single-URL image (stored before variants) as a plain img', () => {
    const { container } = render(
      <ResponsiveImage image={{ url: '/old.png' }} alt="Old" sizes="50vw" fallback={fallback} />,
    );
    expect(container.querySelectorAll('source')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Old' }).getAttribute('srcset')).toBeNull();
  });

  it('shows the fallback when there is no image, or when it fails to load', () => {
    const { rerender } = render(
      <ResponsiveImage image={null} alt="None" sizes="50vw" fallback={fallback} />,
    );
    expect(screen.getByText('No picture')).toBeTruthy();
    rerender(<ResponsiveImage image={image} alt="Broken" sizes="50vw" fallback={fallback} />);
    fireEvent.error(screen.getByRole('img', { name: 'Broken' }));
    expect(screen.getByText('No picture')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Broken' })).toBeNull();
  });
});

describe('smallestJpeg', () => {
  it('is the first JPEG of the srcset, else the URL', () => {
    expect(smallestJpeg(image)).toBe('/api/media/products/a-320.jpg');
    expect(smallestJpeg({ url: '/old.png' })).toBe('/old.png');
    expect(smallestJpeg(undefined)).toBeUndefined();
  });
});
