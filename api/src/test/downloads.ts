import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { productFiles } from '../db/schema/downloads.ts';
import { read, type TestApp } from './harness.ts';
import { markOrderPaid } from './invoices.ts';
import { placeOrder } from './orders.ts';
import { createProduct } from './products.ts';
import { metadata, TUS } from './tus.ts';

/** A ZIP's bytes: its local-file signature, then `size - 4` random bytes (file-type: a ZIP). */
export const zipBytes = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A digital product carrying one file, stored as an admin's upload would store it (the
 * admin's own route is tested in product-files.test.ts): answers the product, the file's row and
 * its bytes. `t` may be an app, or the database and store of API processes.
 */
export async function digitalProduct(
  t: Pick<TestApp, 'db' | 'storage'>,
  {
    bytes = zipBytes(64 * 1024),
    name = 'Cinematic Impacts Vol 1.zip',
    product = {},
  }: {
    bytes?: Buffer;
    name?: string;
    product?: Parameters<typeof createProduct>[1];
  } = {},
) {
  const made = await createProduct(t.db, {
    category: 'digital',
    stock: 1000,
    priceCents: 1500,
    ...product,
  });
  const key = `product-files/${randomUUID()}`;
  await t.storage.put(key, Readable.from([bytes]));
  const [file] = await t.db
    .insert(productFiles)
    .values({
      productId: made.id,
      storageKey: key,
      name,
      contentType: 'application/zip',
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
    })
    .returning();
  if (!file) throw new Error('insert failed');
  return { product: made, file, bytes };
}

/** `token`'s order of the digital product `productId`, with no address; paid if `paid`. */
export async function digitalOrder(
  t: TestApp,
  token: string,
  productId: string,
  { paid = true }: { paid?: boolean } = {},
) {
  const order = await placeOrder(t, token, { productId, address: null });
  if (paid) await markOrderPaid(t.db, order.id);
  return order;
}

/** GET of an order's file, as `token` (none: anonymous), with extra headers. */
export function getOrderFile(
  t: TestApp,
  token: string | undefined,
  orderId: string,
  fileId: string,
  headers: Record<string, string> = {},
) {
  return t.app.request(`/api/orders/${orderId}/files/${fileId}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/** The admin's draft for product files, and a completed upload of `bytes` to it (tus). */
export async function adminUpload(
  t: TestApp,
  adminToken: string,
  bytes: Buffer,
  name = 'pack.zip',
) {
  const draft = await read(t.as(adminToken).api.admin.products['file-drafts'].$post());
  if (draft.status !== 201) throw new Error(`draft: ${draft.status}`);
  return uploadToDraft(t, draft.body.draftToken as string, bytes, name);
}

/** One whole resumable upload of `bytes` to an admin's draft: the draft's token, the upload's id. */
export async function uploadToDraft(
  t: TestApp,
  draftToken: string,
  bytes: Buffer,
  name: string,
  type = 'application/zip',
) {
  const created = await read(
    t.client.api.uploads.$post(
      {},
      {
        headers: {
          ...TUS,
          'Upload-Draft': draftToken,
          'Upload-Length': String(bytes.length),
          'Upload-Metadata': metadata({ filename: name, filetype: type }),
        },
      },
    ),
  );
  if (created.status !== 201)
    throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const uploadId = created.headers.get('location')?.split('/').pop() ?? '';
  const patched = await read(
    t.client.api.uploads[':id'].$patch(
      { param: { id: uploadId } },
      {
        headers: {
          ...TUS,
          'Upload-Draft': draftToken,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        init: { body: new Uint8Array(bytes) },
      },
    ),
  );
  if (patched.status !== 204)
    throw new Error(`patch: ${patched.status} ${JSON.stringify(patched.body)}`);
  return { draftToken, uploadId };
}

/**
 * The first `atLeast` bytes (or a little more) of a download over HTTP as `token`, then the
 * connection cut, as a browser's when the network drops: the status and the bytes received.
 */
export function cutDownload(url: string, token: string | null, atLeast: number) {
  return new Promise<{ status: number; received: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      let cut = false;
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      const req = http.get(url, { headers }, (res) => {
        // On S3 the API counts the download and sends it to the bucket (a presigned URL, which
        // takes no other credentials), as a browser follows it.
        const location = res.headers.location;
        if (res.statusCode === 302 && location) {
          res.resume();
          cutDownload(location, null, atLeast).then(resolve, reject);
          return;
        }
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length < atLeast) return;
          cut = true;
          res.pause();
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            received: Buffer.concat(chunks),
            headers: res.headers,
          });
        });
        res.once('end', () =>
          reject(new Error(`the download ended before it was cut (${length} bytes)`)),
        );
      });
      req.once('error', (error) => {
        if (!cut) reject(error);
      });
    },
  );
}
