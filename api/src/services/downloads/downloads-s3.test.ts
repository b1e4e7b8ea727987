import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFiles } from '../../db/schema/downloads.ts';
import { signInAdmin, signUpCustomer } from '../../test/accounts.ts';
import {
  adminUpload,
  cutDownload,
  digitalOrder,
  digitalProduct,
  sha256,
  zipBytes,
} from '../../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { s3ClientConfig } from '../storage/s3-storage.ts';

/**
 * A buyer's downloads and the admin's files with STORAGE=s3 (decision 045): the file is read
 * from the bucket (s3rver) over real HTTP, cut part-way and resumed; an admin's resumable upload
 * lands in the bucket whole.
 */
let s3: TestS3;
let t: TestApp;
let base: string;
beforeAll(async () => {
  s3 = await startTestS3({ bucket: 'studio-downloads' });
  t = await createTestApp(s3.env, { jobs: true });
  base = await t.listen();
});
afterAll(async () => {
  await s3?.close();
});

/** What the buyer's order page shows of the file: downloads used and left. */
async function fileOnOrderPage(token: string, orderId: string) {
  const res = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  expect(res.status).toBe(200);
  return res.body.order.downloads[0].files[0] as { downloadsUsed: number; downloadsLeft: number };
}

describe('a download from the bucket', () => {
  it('cut part-way resumes with Range to the same bytes, and uses no download up', async () => {
    const { product, file, bytes } = await digitalProduct(t, { bytes: zipBytes(12 * 1024 * 1024) });
    const customer = await signUpCustomer(t);
    const order = await digitalOrder(t, customer.token, product.id);
    const url = `${base}/api/orders/${order.id}/files/${file.id}`;

    const cut = await cutDownload(url, customer.token, 2 * 1024 * 1024);
    expect(cut.status).toBe(200);
    const got = cut.received.length;
    expect(got).toBeLessThan(bytes.length);
    expect(cut.received.equals(bytes.subarray(0, got))).toBe(true);
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({
      downloadsUsed: 1,
      downloadsLeft: 4,
    });

    const rest = await fetch(url, {
      headers: {
        Authorization: `Bearer ${customer.token}`,
        Range: `bytes=${got}-`,
        'If-Range': `"${file.sha256}"`,
      },
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(
      `bytes ${got}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(rest.headers.get('content-length')).toBe(String(bytes.length - got));
    const whole = Buffer.concat([cut.received, Buffer.from(await rest.arrayBuffer())]);
    expect(whole.length).toBe(bytes.length);
    expect(whole.equals(bytes)).toBe(true);
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({
      downloadsUsed: 1,
      downloadsLeft: 4,
    });

    // A new download from the first byte is counted again.
    const again = await fetch(url, { headers: { Authorization: `Bearer ${customer.token}` } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({
      downloadsUsed: 2,
      downloadsLeft: 3,
    });
  });
});

describe("the admin's file, uploaded with tus and attached", () => {
  it('is stored in the bucket with its SHA-256, and downloads as the same bytes', async () => {
    const admin = await signInAdmin(t.db);
    const product = await createProduct(t.db, { category: 'digital', stock: 100 });
    // Larger than one part of the bucket's multipart uploads (5 MB).
    const bytes = zipBytes(11 * 1024 * 1024 + 5);
    const upload = await adminUpload(t, admin.token, bytes, 'Drum Kit.zip');
    const res = await read(
      t.as(admin.token).api.admin.products[':id'].files.$post({
        param: { id: product.id },
        json: upload,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.files).toMatchObject([
      { name: 'Drum Kit.zip', sizeBytes: bytes.length, sha256: sha256(bytes) },
    ]);

    const [row] = await t.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, product.id));
    expect(row?.sha256).toBe(sha256(bytes));
    // Read back from the bucket itself, not through the app.
    const client = new S3Client(s3ClientConfig(s3.settings));
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: row?.storageKey ?? '' }),
      );
      const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      expect(stored.length).toBe(bytes.length);
      expect(sha256(stored)).toBe(sha256(bytes));
    } finally {
      client.destroy();
    }

    const customer = await signUpCustomer(t);
    const order = await digitalOrder(t, customer.token, product.id);
    const download = await fetch(`${base}/api/orders/${order.id}/files/${row?.id}`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
  });
});
