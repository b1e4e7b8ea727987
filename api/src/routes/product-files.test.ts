import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { productFiles } from '../db/schema/downloads.ts';
import { projectUploads } from '../db/schema/project-uploads.ts';
import { signInAdmin } from '../test/accounts.ts';
import { adminUpload, digitalProduct, sha256, zipBytes } from '../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { createProduct } from '../test/products.ts';
import { metadata, TUS, wavBytes } from '../test/tus.ts';

/**
 * Issue 25: the admin attaches files to a digital product through the resumable uploads; each
 * is stored with its size and SHA-256 and never under a public URL; replaced and removed files
 * go from the buyers' lists and from storage.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t.db)).token;
});

const attach = (
  productId: string,
  json: { draftToken: string; uploadId: string; replaces?: string },
) => read(t.as(admin).api.admin.products[':id'].files.$post({ param: { id: productId }, json }));

const filesOf = async (productId: string) =>
  (await read(t.as(admin).api.admin.products[':id'].files.$get({ param: { id: productId } }))).body;

async function stored(key: string) {
  const { stream } = await t.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('files on a digital product', () => {
  it('adds an uploaded file with its size and SHA-256, stored apart from the upload', async () => {
    const { product } = await digitalProduct(t);
    const bytes = zipBytes(200 * 1024);
    const upload = await adminUpload(t, admin, bytes, 'UI Clicks & Confirms.zip');
    const res = await attach(product.id, upload);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'UI Clicks & Confirms.zip was added. Buyers can download it from their orders.',
    );
    const added = res.body.files.find(
      (f: { name: string }) => f.name === 'UI Clicks & Confirms.zip',
    );
    expect(added).toMatchObject({
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      contentType: 'application/zip',
    });
    const [row] = await t.db.select().from(productFiles).where(eq(productFiles.id, added.id));
    expect(row?.storageKey).toMatch(/^product-files\/[0-9a-f-]{36}$/);
    expect((await stored(row?.storageKey ?? '')).equals(bytes)).toBe(true);
    // The upload is used up: adding it again is refused, and its row is gone.
    expect(
      await t.db.select().from(projectUploads).where(eq(projectUploads.id, upload.uploadId)),
    ).toEqual([]);
    expect((await attach(product.id, upload)).status).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.file.add'));
    expect(audit?.detail).toMatchObject({
      name: 'UI Clicks & Confirms.zip',
      sha256: sha256(bytes),
    });
    // No public URL serves it: the product's answer names no file, and /media does not have it.
    const publicProduct = await read(
      t.client.api.products[':id'].$get({ param: { id: product.id } }),
    );
    expect(JSON.stringify(publicProduct.body)).not.toContain(row?.storageKey ?? 'x');
    expect((await t.app.request(`/api/media/${row?.storageKey}`)).status).toBe(404);
  });

  it('replaces a file (buyers get the new one) and removes one (its bytes go)', async () => {
    const { product, file } = await digitalProduct(t);
    const next = zipBytes(1000);
    const res = await attach(product.id, {
      ...(await adminUpload(t, admin, next, 'v2.zip')),
      replaces: file.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'v2.zip replaced the earlier file. Buyers now download the new one.',
    );
    expect(res.body.files.map((f: { name: string }) => f.name)).toEqual(['v2.zip']);
    expect(await t.storage.exists(file.storageKey)).toBe(false);

    const [kept] = (await filesOf(product.id)).files;
    const removed = await read(
      t.as(admin).api.admin.products[':id'].files[':fileId'].$delete({
        param: { id: product.id, fileId: kept.id },
      }),
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      message: 'v2.zip was removed. Buyers no longer see it.',
      files: [],
    });
    const [row] = await t.db.select().from(productFiles).where(eq(productFiles.id, kept.id));
    expect(row?.removedAt).not.toBeNull();
    expect(await t.storage.exists(row?.storageKey ?? '')).toBe(false);
  });

  it('refuses a product that is not digital (422) and a file to replace that is not its (404)', async () => {
    const hoodie = await createProduct(t.db, { category: 'apparel' });
    const upload = await adminUpload(t, admin, zipBytes(1000));
    const res = await attach(hoodie.id, upload);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Only digital products carry files: set the category to Digital first.',
    );
    const { product } = await digitalProduct(t);
    const other = await digitalProduct(t);
    const wrong = await attach(product.id, { ...upload, replaces: other.file.id });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(
      'The file to replace is no longer on this product. Reload and try again.',
    );
    // Neither left a stored copy.
    expect(await t.storedKeys('product-files/')).toHaveLength(
      (await t.db.select().from(productFiles)).filter((f) => !f.removedAt).length,
    );
  });
});

describe("the admin's uploads", () => {
  const create = (draft: string, size: number, name = 'big.zip') =>
    read(
      t.client.api.uploads.$post(
        {},
        {
          headers: {
            ...TUS,
            'Upload-Draft': draft,
            'Upload-Length': String(size),
            'Upload-Metadata': metadata({ filename: name }),
          },
        },
      ),
    );
  const draft = async () =>
    (await read(t.as(admin).api.admin.products['file-drafts'].$post())).body.draftToken as string;

  it('take files of 4 GB and more, under 8 GiB; a project’s draft still stops at 400 MB', async () => {
    const token = await draft();
    expect((await create(token, 5 * 1000 ** 3)).status).toBe(201);
    const over = await create(token, 8 * 1024 ** 3);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('Each file must be under 8.6 GB.');
    const project = (await read(t.client.api.uploads.drafts.$post())).body.draftToken;
    expect((await create(project, 500 * 1024 * 1024)).status).toBe(413);
  });

  it('are checked by content: a file the shop does not deliver is refused with 415', async () => {
    const token = await draft();
    const made = await create(token, 4096, 'notes.zip');
    const id = made.headers.get('location')?.split('/').pop() ?? '';
    const res = await read(
      t.client.api.uploads[':id'].$patch(
        { param: { id } },
        {
          headers: {
            ...TUS,
            'Upload-Draft': token,
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
          },
          init: {
            body: new Uint8Array(Buffer.from('<html><script>alert(1)</script>'.padEnd(4096))),
          },
        },
      ),
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(
      'notes.zip is not a file type the shop delivers. Upload audio, video, a ZIP, a PDF or an EPUB.',
    );
  });

  it("cannot be submitted as a visitor's project", async () => {
    const upload = await adminUpload(t, admin, wavBytes(8192), 'take.wav');
    const res = await read(
      t.client.api.projects['submit-uploads'].$post({
        json: {
          name: 'Nina Simone',
          email: 'nina@example.com',
          service: 'Song Mix',
          notes: 'Two songs, stems attached.',
          draftToken: upload.draftToken,
          uploadIds: [upload.uploadId],
        },
      }),
    );
    expect(res.status).toBe(403);
  });
});
