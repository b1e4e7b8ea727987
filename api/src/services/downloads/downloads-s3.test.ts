import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEvents, productFiles } from '../../db/schema/downloads.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
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

describe('a download from the bucket (S3_DOWNLOADS=redirect, the default)', () => {
  it('is counted by the API, then sent to a presigned URL that answers the file by its name', async () => {
    const { product, file, bytes } = await digitalProduct(t, { bytes: zipBytes(3 * 1024 * 1024) });
    const customer = await signUpCustomer(t);
    const order = await digitalOrder(t, customer.token, product.id);
    const url = `${base}/api/orders/${order.id}/files/${file.id}`;

    const sent = await fetch(url, {
      headers: { Authorization: `Bearer ${customer.token}` },
      redirect: 'manual',
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('cache-control')).toBe('private, no-store');
    expect(sent.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(sent.headers.get('location') ?? '');
    // The bucket's own address, the object's key (never the file's name), signed for 5 minutes.
    expect(location.origin).toBe(new URL(s3.settings.endpoint ?? '').origin);
    expect(location.pathname).toMatch(/^\/studio-downloads\/product-files\/[0-9a-f-]{36}$/);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({
      downloadsUsed: 1,
      downloadsLeft: 4,
    });

    // What the browser gets there: the bytes, saved under the file's own name.
    const there = await fetch(location);
    expect(there.status).toBe(200);
    expect(there.headers.get('content-disposition')).toBe(contentDisposition(file.name));
    expect(there.headers.get('content-type')).toBe('application/zip');
    expect(there.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await there.arrayBuffer()).equals(bytes)).toBe(true);

    // A HEAD at the API answers the file's headers and counts nothing.
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({ downloadsUsed: 1 });
  });

  it('cut part-way resumes with Range (and the If-Range the bucket gave) to the same bytes, and uses no download up', async () => {
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

    // A browser resumes at the API with the validator it holds, the bucket's ETag; fetch follows
    // the redirect with the Range and If-Range, and drops the bearer token on the way.
    const rest = await fetch(url, {
      headers: {
        Authorization: `Bearer ${customer.token}`,
        Range: `bytes=${got}-`,
        'If-Range': String(cut.headers.etag),
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
    const events = await t.db
      .select()
      .from(downloadEvents)
      .where(eq(downloadEvents.fileId, file.id))
      .orderBy(downloadEvents.createdAt);
    expect(events.map((e) => [e.rangeStart, e.counted])).toEqual([
      [0, true],
      [got, false],
    ]);

    // A new download from the first byte is counted again.
    const again = await fetch(url, { headers: { Authorization: `Bearer ${customer.token}` } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await fileOnOrderPage(customer.token, order.id)).toMatchObject({
      downloadsUsed: 2,
      downloadsLeft: 3,
    });
  });

  it('refuses before redirecting: no downloads left is a 403 with no URL, a range past the end 416', async () => {
    const { product, file, bytes } = await digitalProduct(t, {
      bytes: zipBytes(64 * 1024),
      product: { downloadLimit: 1 },
    });
    const customer = await signUpCustomer(t);
    const order = await digitalOrder(t, customer.token, product.id);
    const url = `${base}/api/orders/${order.id}/files/${file.id}`;
    const auth = { Authorization: `Bearer ${customer.token}` };
    const past = await fetch(url, {
      headers: { ...auth, Range: `bytes=${bytes.length + 10}-` },
      redirect: 'manual',
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect((await fetch(url, { headers: auth, redirect: 'manual' })).status).toBe(302);
    const none = await fetch(url, { headers: auth, redirect: 'manual' });
    expect(none.status).toBe(403);
    expect(none.headers.get('location')).toBeNull();
    expect(((await none.json()) as { message: string }).message).toMatch(
      /^You have used all 1 downloads of /,
    );
  });
});

describe('S3_DOWNLOADS=stream: through the API, for a bucket buyers cannot reach', () => {
  it('cut part-way resumes with Range to the same bytes, our ETag, and uses no download up', async () => {
    const streamed = await createTestApp({ ...s3.env, S3_DOWNLOADS: 'stream' }, { jobs: true });
    const streamedBase = await streamed.listen();
    const { product, file, bytes } = await digitalProduct(streamed, {
      bytes: zipBytes(12 * 1024 * 1024),
    });
    const customer = await signUpCustomer(streamed);
    const order = await digitalOrder(streamed, customer.token, product.id);
    const url = `${streamedBase}/api/orders/${order.id}/files/${file.id}`;

    const cut = await cutDownload(url, customer.token, 2 * 1024 * 1024);
    expect(cut.status).toBe(200);
    expect(cut.headers.etag).toBe(`"${file.sha256}"`);
    const got = cut.received.length;
    const rest = await fetch(url, {
      headers: {
        Authorization: `Bearer ${customer.token}`,
        Range: `bytes=${got}-`,
        'If-Range': `"${file.sha256}"`,
      },
      redirect: 'manual',
    });
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([cut.received, Buffer.from(await rest.arrayBuffer())]);
    expect(whole.equals(bytes)).toBe(true);
    const view = await read(
      streamed.as(customer.token).api.orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(view.body.order.downloads[0].files[0]).toMatchObject({ downloadsUsed: 1 });
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
    expect(download.headers.get('content-disposition')).toBe(contentDisposition('Drum Kit.zip'));
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
  });
});
