import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testJpeg } from '../../test/images.ts';
import { multipartBody, postMultipart } from '../../test/multipart.ts';
import { createProduct } from '../../test/products.ts';

let t: TestApp;
let base: string;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  auth = { Authorization: `Bearer ${(await signInAdmin(t.db)).token}` };
});

const productFiles = async () =>
  (await t.storedKeys('products/')).map((key) => key.slice('products/'.length));

async function upload(productId: string, bytes: Buffer, filename = 'photo.jpg') {
  return postMultipart(
    `${base}${t.client.api.admin.products[':id'].images.$path({ param: { id: productId } })}`,
    multipartBody({ alt: 'Photo' }, [
      { field: 'image', filename, head: bytes, size: bytes.length },
    ]),
    auth,
  );
}

interface Uploaded {
  url: string;
  width: number;
  height: number;
  srcset: Record<'avif' | 'webp' | 'jpeg', string>;
}

async function fetched(url: string) {
  const res = await t.app.request(url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get('content-type'), bytes, meta: await sharp(bytes).metadata() };
}

describe('product image upload', () => {
  it('makes AVIF, WebP and JPEG variants in four widths, upright, with no metadata left', async () => {
    const product = await createProduct(t.db, { images: [] });
    // A phone photo: 2000x1500 pixels stored sideways (EXIF orientation 6: turn 90° clockwise).
    const photo = await testJpeg({ width: 2000, height: 1500, orientation: 6, exif: true });
    const source = await sharp(photo).metadata();
    expect(source.exif).toBeDefined();
    expect(source.orientation).toBe(6);

    const res = await upload(product.id, photo);
    expect(res.status).toBe(201);
    const image = (res.body.product as { images: (Uploaded & { alt: string })[] }).images[0];
    // Upright it is 1500x2000; the largest variant is 1280 wide.
    expect(image).toMatchObject({
      alt: 'Photo',
      url: expect.stringMatching(/^\/api\/media\/products\/[0-9a-f-]{36}\.jpg$/),
      width: 1280,
      height: 1707,
    });
    const stem = image?.url.slice(0, -4);
    expect(image?.srcset).toEqual({
      avif: `${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-960.avif 960w, ${stem}-1280.avif 1280w`,
      webp: `${stem}-320.webp 320w, ${stem}-640.webp 640w, ${stem}-960.webp 960w, ${stem}-1280.webp 1280w`,
      jpeg: `${stem}-320.jpg 320w, ${stem}-640.jpg 640w, ${stem}-960.jpg 960w, ${stem}.jpg 1280w`,
    });

    const formats = {
      avif: ['image/avif', 'heif'],
      webp: ['image/webp', 'webp'],
      jpeg: ['image/jpeg', 'jpeg'],
    };
    for (const [format, srcset] of Object.entries(image?.srcset ?? {})) {
      const [type, decoded] = formats[format as keyof typeof formats];
      for (const candidate of srcset.split(', ')) {
        const [url = '', w = ''] = candidate.split(' ');
        const { type: served, meta } = await fetched(url);
        expect(served).toBe(type);
        expect(meta.format).toBe(decoded);
        expect(meta.width).toBe(Number(w.slice(0, -1)));
        // Portrait, as the photo is seen: taller than wide, with the source's proportions.
        expect(
          Math.abs((meta.height ?? 0) - ((meta.width ?? 0) * 2000) / 1500),
        ).toBeLessThanOrEqual(1);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }
    // Only the variants are kept: 4 widths x 3 formats, not the upload.
    expect((await productFiles()).filter((f) => f.startsWith(stem?.slice(20) ?? '-'))).toHaveLength(
      12,
    );
  });

  it('never enlarges a small image, keeps a PNG transparent in AVIF and WebP, and flattens it in JPEG', async () => {
    const product = await createProduct(t.db, { images: [] });
    const png = await sharp({
      create: { width: 500, height: 250, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const res = await upload(product.id, png, 'logo.png');
    expect(res.status).toBe(201);
    const image = (res.body.product as { images: Uploaded[] }).images[0];
    expect(image).toMatchObject({ width: 500, height: 250 });
    expect(image?.srcset.webp).toMatch(/-320\.webp 320w, .*-500\.webp 500w$/);
    expect((await fetched(image?.url ?? '')).meta).toMatchObject({ width: 500, hasAlpha: false });
    const webp = image?.srcset.webp.split(' ')[0] ?? '';
    expect((await fetched(webp)).meta.hasAlpha).toBe(true);
  });

  it.each([
    ['a truncated JPEG', async () => (await testJpeg()).subarray(0, 1500)],
    [
      'a JPEG head on garbage',
      async () => Buffer.concat([(await testJpeg()).subarray(0, 20), Buffer.alloc(3000, 7)]),
    ],
  ])('refuses %s with 415 and leaves no file', async (_label, make) => {
    const product = await createProduct(t.db, { images: [] });
    const before = await productFiles();
    const res = await upload(product.id, await make());
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please upload a JPEG, PNG or WebP image',
    });
    expect(await productFiles()).toEqual(before);
  });

  it('removes every variant when the image is deleted', async () => {
    const product = await createProduct(t.db, { images: [] });
    const before = await productFiles();
    const res = await upload(product.id, await testJpeg());
    const image = (res.body.product as { images: Uploaded[] }).images[0];
    expect((await productFiles()).length - before.length).toBe(9);
    const removed = await t.client.api.admin.products[':id'].images.$delete(
      { param: { id: product.id }, query: { url: image?.url ?? '' } },
      { headers: auth },
    );
    expect(removed.status).toBe(200);
    expect(await productFiles()).toEqual(before);
  });
});
