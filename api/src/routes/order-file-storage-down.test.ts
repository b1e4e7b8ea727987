import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { downloadEvents } from '../db/schema/downloads.ts';
import { signUpCustomer } from '../test/accounts.ts';
import { digitalOrder, digitalProduct, getOrderFile } from '../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';

/**
 * Issue 25: the bucket is down when a paid customer downloads: 503 with a message and a
 * Retry-After, and nothing is counted or recorded, so the download is not lost.
 */
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3({ bucket: 'studio-downloads-down' });
  t = await createTestApp(s3.env, { jobs: true });
});
afterAll(async () => {
  await s3?.close();
});

it('answers 503 and counts nothing while the storage cannot be reached', async () => {
  const { product, file } = await digitalProduct(t);
  const customer = await signUpCustomer(t);
  const order = await digitalOrder(t, customer.token, product.id);
  await s3.close();

  const res = await getOrderFile(t, customer.token, order.id, file.id);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBeTruthy();
  expect(((await res.json()) as { message: string }).message).toBe(
    'Your file cannot be read right now. Please try again in a few minutes.',
  );
  const view = await read(t.as(customer.token).api.orders[':id'].$get({ param: { id: order.id } }));
  expect(view.body.order.downloads[0].files[0].downloadsLeft).toBe(5);
  expect(
    await t.db.select().from(downloadEvents).where(eq(downloadEvents.fileId, file.id)),
  ).toEqual([]);
}, 60_000);
